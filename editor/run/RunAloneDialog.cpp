#include "run/RunAloneDialog.h"

#include "io/YamlValue.h"
#include "launch/SingleNodeRun.h"
#include "run/PinBoard.h"
#include "run/RunClock.h"
#include "ui/ValueView.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

namespace capgraph::editor {

RunAloneDialog::RunAloneDialog(const Graph &graph, const QString &nodeId, RunRequest request, PinBoard *pins, QWidget *parent)
    : QDialog(parent), m_graph(graph), m_nodeId(nodeId), m_request(std::move(request)), m_pins(pins)
{
    setObjectName(QStringLiteral("RunAloneDialog"));
    setWindowTitle(tr("Run %1 Alone").arg(nodeId));
    const Node *node = m_graph.node(nodeId);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_intro->setText(tr("Calls the handler of <b>%1</b> (%2) once with the input below, without running the graph. "
                        "The run on screen and the nodes after it do not change; pin the new output to use it in the next runs.")
                         .arg(nodeId.toHtmlEscaped(), node ? node->skillId.toHtmlEscaped() : QString()));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_input = new QPlainTextEdit(this);
    m_input->setObjectName(QStringLiteral("runAloneInput"));
    m_input->setFont(mono);
    m_input->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_editSettings = new QCheckBox(tr("Edit the messages and model settings the handler sends"), this);
    m_editSettings->setToolTip(tr("Off: the handler renders its messages from the input, as in a run. On: what is typed below is sent as it is."));
    m_settings = new QPlainTextEdit(this);
    m_settings->setObjectName(QStringLiteral("runAloneSettings"));
    m_settings->setFont(mono);
    m_settings->setVisible(false);
    auto *inputBox = new QGroupBox(tr("Input (YAML or JSON)"), this);
    auto *inputLayout = new QVBoxLayout(inputBox);
    inputLayout->addWidget(m_input, 2);
    inputLayout->addWidget(m_editSettings);
    inputLayout->addWidget(m_settings, 3);

    m_recorded = new ValueView(this);
    m_recorded->setTitle(tr("Recorded output"));
    m_new = new ValueView(this);
    m_new->setTitle(tr("New output"));
    m_new->setValue(QVariant(), tr("Not run yet: press Run"));
    auto *outputs = new QSplitter(Qt::Vertical, this);
    outputs->addWidget(m_recorded);
    outputs->addWidget(m_new);
    outputs->setChildrenCollapsible(false);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("runAloneStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumHeight(80);
    m_log->setVisible(false);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(outputs, 1);
    rightLayout->addWidget(m_status);
    rightLayout->addWidget(m_log);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(inputBox);
    split->addWidget(right);
    split->setChildrenCollapsible(false);
    split->setSizes({460, 520});

    auto *buttons = new QDialogButtonBox(this);
    m_run = buttons->addButton(tr("Run"), QDialogButtonBox::ActionRole);
    m_run->setToolTip(tr("Call the handler once (Ctrl+Return)"));
    m_run->setDefault(true);
    m_pin = buttons->addButton(tr("Pin New Output"), QDialogButtonBox::ActionRole);
    m_pin->setToolTip(tr("Keep the new output for the next runs: they give it instead of calling this node's handler"));
    m_pin->setEnabled(false);
    buttons->addButton(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_run, &QPushButton::clicked, this, &RunAloneDialog::runOrStop);
    connect(m_pin, &QPushButton::clicked, this, &RunAloneDialog::pinNewOutput);
    connect(m_editSettings, &QCheckBox::toggled, this, &RunAloneDialog::showSettings);
    auto *shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(shortcut, &QShortcut::activated, this, &RunAloneDialog::runOrStop);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(1000, 600);

    m_call = std::make_unique<SingleNodeRun>(m_graph, m_nodeId, m_request);
    connect(m_call.get(), &SingleNodeRun::finished, this, &RunAloneDialog::callEnded);
}

RunAloneDialog::~RunAloneDialog()
{
    if (m_call)
        m_call->cancel();
}

void RunAloneDialog::setRecorded(const QVariant &input, const QVariant &output, const QString &what)
{
    if (input.isValid()) {
        m_input->setPlainText(variantToYamlText(input));
    } else if (const Node *node = m_graph.node(m_nodeId)) {
        // None recorded: the names the node maps, to be filled in.
        QString text;
        for (const QString &key : node->inputs.keys())
            text += key + QStringLiteral(": null\n");
        m_input->setPlainText(text);
    }
    m_recorded->setTitle(what.isEmpty() ? tr("Recorded output") : tr("Recorded output (%1)").arg(what));
    m_recorded->setValue(output, tr("Nothing recorded: the node has not run in the run on screen"));
    // The settings box is offered only for handlers that have settings to edit (llm).
    QString error;
    QVariant typed;
    parseYamlValue(m_input->toPlainText().toUtf8(), tr("the input"), &typed, &error);
    error.clear();
    const QVariantMap probe = m_call->settingsFor(typed.toMap(), &error);
    m_editSettings->setVisible(!probe.isEmpty());
    if (!error.isEmpty())
        setStatus(error, true);
}

bool RunAloneDialog::isRunning() const
{
    return m_call && m_call->isRunning();
}

bool RunAloneDialog::parseMap(const QPlainTextEdit *edit, const QString &what, QVariantMap *value)
{
    const QString text = edit->toPlainText();
    if (text.trimmed().isEmpty()) {
        value->clear();
        return true;
    }
    QVariant parsed;
    QString why;
    if (!parseYamlValue(text.toUtf8(), what, &parsed, &why)) {
        setStatus(why, true);
        return false;
    }
    if (parsed.typeId() != QMetaType::QVariantMap) {
        setStatus(tr("%1: expected a mapping of names to values, such as\ntopic: solar panels").arg(what), true);
        return false;
    }
    *value = parsed.toMap();
    return true;
}

void RunAloneDialog::showSettings(bool edit)
{
    m_settings->setVisible(edit);
    if (!edit)
        return;
    QVariantMap input;
    if (!parseMap(m_input, tr("the input"), &input))
        return;
    QString error;
    const QVariantMap settings = m_call->settingsFor(input, &error);
    if (!error.isEmpty()) {
        setStatus(error, true);
        return;
    }
    m_settings->setPlainText(variantToYamlText(settings));
}

void RunAloneDialog::runOrStop()
{
    if (isRunning()) {
        m_call->cancel();
        return;
    }
    QVariantMap input, settings;
    if (!parseMap(m_input, tr("the input"), &input))
        return;
    if (m_editSettings->isVisible() && m_editSettings->isChecked() && !parseMap(m_settings, tr("the settings"), &settings))
        return;
    QStringList problems, local;
    m_log->clear();
    m_log->setVisible(false);
    m_newOutput.clear();
    m_pin->setEnabled(false);
    if (!m_call->start(input, settings, &problems, &local)) {
        setStatus(tr("Cannot run it: %1").arg(local.join(QLatin1Char('\n'))), true);
        return;
    }
    if (!isRunning()) // done already (a synchronous handler)
        return;
    m_new->setValue(QVariant(), tr("Running…"));
    setStatus(tr("Running…"), false);
    m_run->setText(tr("Stop"));
}

void RunAloneDialog::callEnded()
{
    m_run->setText(tr("Run"));
    const std::optional<NodeExecution> result = m_call->result();
    const QStringList log = m_call->logLines();
    m_log->setPlainText(log.join(QLatin1Char('\n')));
    m_log->setVisible(!log.isEmpty());
    if (m_call->status() == RunStatus::Cancelled) {
        m_new->setValue(QVariant(), tr("Stopped"));
        setStatus(tr("Stopped."), false);
        emit finished();
        return;
    }
    const bool ok = m_call->status() == RunStatus::Finished && result && result->state == NodeExecution::State::Done;
    QStringList parts;
    if (ok) {
        m_newOutput = result->outputs.toMap();
        m_new->setValue(result->outputs);
        parts << tr("Done in %1.").arg(RunClock::brief(result->durationUs()));
    } else {
        const QString why = result && !result->error.isEmpty() ? result->error : m_call->errorMessage();
        m_new->setValue(QVariant(), tr("No output"));
        parts << (result ? tr("Failed after %1: %2").arg(RunClock::brief(result->durationUs()), why) : tr("Failed: %1").arg(why));
    }
    if (result && result->retries > 0)
        parts << tr("%n retries.", nullptr, result->retries);
    if (result && result->promptTokens + result->completionTokens > 0)
        parts << tr("%1 tokens (prompt %2, completion %3).")
                     .arg(QLocale().toString(result->promptTokens + result->completionTokens), QLocale().toString(result->promptTokens),
                          QLocale().toString(result->completionTokens));
    setStatus(parts.join(QLatin1Char(' ')), !ok);
    m_pin->setEnabled(ok && m_pins);
    emit finished();
}

void RunAloneDialog::pinNewOutput()
{
    if (!m_pins || m_newOutput.isEmpty())
        return;
    QString error;
    if (!m_pins->pin(m_nodeId, m_newOutput, &error)) {
        setStatus(tr("Cannot save the pins: %1").arg(error), true);
        return;
    }
    setStatus(tr("Pinned: the next runs use this output instead of calling the handler of %1.").arg(m_nodeId), false);
    emit statusMessage(tr("Pinned the output of %1: the next runs use it instead of calling its handler").arg(m_nodeId));
}

void RunAloneDialog::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    QPalette pal = m_status->palette();
    pal.setColor(QPalette::WindowText, error ? QColor(0xd93025) : palette().color(QPalette::WindowText));
    m_status->setPalette(pal);
}

void RunAloneDialog::done(int result)
{
    if (m_call)
        m_call->cancel();
    QDialog::done(result);
}

} // namespace capgraph::editor
