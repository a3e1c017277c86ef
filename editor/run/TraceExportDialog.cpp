#include "run/TraceExportDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QUrl>
#include <QVBoxLayout>

namespace capgraph::editor {

TraceExportSettings TraceExportSettings::saved()
{
    QSettings s;
    TraceExportSettings t;
    t.enabled = s.value(QStringLiteral("otlp/enabled"), false).toBool();
    t.url = s.value(QStringLiteral("otlp/url")).toString();
    t.content = s.value(QStringLiteral("otlp/content"), false).toBool();
    return t;
}

void TraceExportSettings::save() const
{
    QSettings s;
    s.setValue(QStringLiteral("otlp/enabled"), enabled);
    s.setValue(QStringLiteral("otlp/url"), url);
    s.setValue(QStringLiteral("otlp/content"), content);
}

TraceExportDialog::TraceExportDialog(const TraceExportSettings &settings, QWidget *parent)
    : QDialog(parent)
    , m_enabled(new QCheckBox(tr("&Send each run's trace to an OpenTelemetry collector"), this))
    , m_url(new QLineEdit(settings.url, this))
    , m_content(new QCheckBox(tr("&Include what nodes are given and give (inputs and outputs)"), this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Export Traces"));
    setObjectName(QStringLiteral("TraceExportDialog"));
    m_enabled->setChecked(settings.enabled);
    m_content->setChecked(settings.content);
    m_url->setPlaceholderText(QStringLiteral("http://localhost:4318"));
    m_url->setMinimumWidth(360);
    auto *about = new QLabel(tr("Spans go over OTLP/HTTP: one for the run, one for each node it runs, with the model and tokens of "
                                "LLM calls. Jaeger, Langfuse and Phoenix show them as the run's tree. A collector that does not "
                                "answer never slows a run. Keys for the collector come from the OTEL_EXPORTER_OTLP_HEADERS "
                                "environment variable."),
                             this);
    about->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->setWordWrap(true);
    m_error->hide();
    auto *form = new QFormLayout;
    form->addRow(tr("Collector &URL:"), m_url);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &TraceExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &TraceExportDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_enabled);
    layout->addLayout(form);
    layout->addWidget(m_content);
    layout->addWidget(about);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    connect(m_enabled, &QCheckBox::toggled, this, &TraceExportDialog::update);
    update();
}

void TraceExportDialog::update()
{
    m_url->setEnabled(m_enabled->isChecked());
    m_content->setEnabled(m_enabled->isChecked());
}

TraceExportSettings TraceExportDialog::settings() const
{
    return {m_enabled->isChecked(), m_url->text().trimmed(), m_content->isChecked()};
}

QString TraceExportDialog::error() const { return m_error->isVisible() ? m_error->text() : QString(); }

void TraceExportDialog::accept()
{
    if (m_enabled->isChecked()) {
        const QUrl url(m_url->text().trimmed(), QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()) {
            m_error->setText(tr("The collector's URL must begin with http:// or https:// and name a host, as http://localhost:4318 does."));
            m_error->show();
            adjustSize(); // room for the reason: the text above it keeps its lines
            m_url->setFocus();
            return;
        }
    }
    QDialog::accept();
}

} // namespace capgraph::editor
