#include "run/RunInputDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
QVariant valueOf(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson("[" + text.toUtf8() + "]", &error);
    if (error.error == QJsonParseError::NoError && doc.array().size() == 1)
        return doc.array().at(0).toVariant();
    return text;
}

QString textOf(const QVariant &v)
{
    if (v.typeId() == QMetaType::QString)
        return v.toString();
    return QString::fromUtf8(QJsonDocument(QJsonArray{QJsonValue::fromVariant(v)}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}
} // namespace

RunInputDialog::RunInputDialog(const QList<GraphInput> &inputs, const QVariantMap &current, QWidget *parent)
    : QDialog(parent)
    , m_inputs(inputs)
    , m_tabs(new QTabWidget(this))
    , m_json(new QPlainTextEdit(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Run input"));
    auto *page = new QWidget;
    auto *rows = new QFormLayout(page);
    if (inputs.isEmpty())
        rows->addRow(new QLabel(tr("This graph reads no input (no input.… in its conditions or templates).")));
    for (const GraphInput &in : inputs) {
        auto *combo = new QComboBox;
        combo->setObjectName(QStringLiteral("Input:") + in.name);
        combo->setEditable(true);
        combo->addItem(QString());
        combo->addItems(in.choices);
        combo->setToolTip(in.choices.isEmpty() ? tr("input.%1: any value (JSON or text)").arg(in.name)
                                               : tr("input.%1: the graph compares it with %2").arg(in.name, in.choices.join(QStringLiteral(", "))));
        rows->addRow(QStringLiteral("input.") + in.name, combo);
        m_fields.append(combo);
    }
    m_json->setObjectName(QStringLiteral("InputJson"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_json->setFont(mono);
    m_tabs->addTab(page, tr("Form"));
    m_tabs->addTab(m_json, tr("JSON"));
    m_error->setStyleSheet(QStringLiteral("color: #d33;"));
    m_error->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Run"));
    connect(buttons, &QDialogButtonBox::accepted, this, &RunInputDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    toForm(current);
    m_json->setPlainText(QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(current)).toJson()));
    // In step: leaving a tab carries what it says to the other.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == 1) {
            QVariantMap merged = QJsonDocument::fromJson(m_json->toPlainText().toUtf8()).object().toVariantMap();
            for (const GraphInput &in : std::as_const(m_inputs))
                merged.remove(in.name); // the form's fields say what these are now
            const QVariantMap fields = fromForm();
            for (auto it = fields.cbegin(); it != fields.cend(); ++it)
                merged.insert(it.key(), it.value());
            m_json->setPlainText(QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(merged)).toJson()));
        } else if (error().isEmpty()) {
            toForm(QJsonDocument::fromJson(m_json->toPlainText().toUtf8()).object().toVariantMap());
        }
    });
    resize(460, 320);
}

QComboBox *RunInputDialog::field(const QString &name) const
{
    for (QComboBox *c : m_fields)
        if (c->objectName() == QStringLiteral("Input:") + name)
            return c;
    return nullptr;
}

QVariantMap RunInputDialog::fromForm() const
{
    QVariantMap out;
    for (int i = 0; i < m_fields.size(); ++i)
        if (const QString text = m_fields.at(i)->currentText().trimmed(); !text.isEmpty())
            out.insert(m_inputs.at(i).name, valueOf(text));
    return out;
}

void RunInputDialog::toForm(const QVariantMap &input)
{
    for (int i = 0; i < m_fields.size(); ++i)
        m_fields.at(i)->setCurrentText(input.contains(m_inputs.at(i).name) ? textOf(input.value(m_inputs.at(i).name)) : QString());
}

QString RunInputDialog::error() const
{
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(m_json->toPlainText().toUtf8(), &e);
    if (e.error != QJsonParseError::NoError)
        return tr("The JSON is not valid: %1 (at character %2)").arg(e.errorString()).arg(e.offset);
    if (!doc.isObject())
        return tr("The input is a JSON object: {\"name\": value, …}");
    return QString();
}

QVariantMap RunInputDialog::input() const
{
    if (m_tabs->currentIndex() == 0) {
        QVariantMap merged = QJsonDocument::fromJson(m_json->toPlainText().toUtf8()).object().toVariantMap();
        for (const GraphInput &in : m_inputs)
            merged.remove(in.name);
        const QVariantMap form = fromForm();
        for (auto it = form.cbegin(); it != form.cend(); ++it)
            merged.insert(it.key(), it.value());
        return merged;
    }
    return QJsonDocument::fromJson(m_json->toPlainText().toUtf8()).object().toVariantMap();
}

void RunInputDialog::accept()
{
    if (m_tabs->currentIndex() == 1 && !error().isEmpty()) {
        m_error->setText(error());
        return;
    }
    QDialog::accept();
}

} // namespace capgraph::editor
