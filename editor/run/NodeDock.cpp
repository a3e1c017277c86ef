#include "run/NodeDock.h"

#include "document/GraphDocument.h"
#include "io/YamlValue.h"
#include "run/LevelRunView.h"
#include "run/PinBoard.h"
#include "run/RunClock.h"
#include "run/RunController.h"
#include "ui/CostText.h"
#include "ui/StudioPrompts.h"
#include "ui/ValueView.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace capgraph::editor {

NodeDock::NodeDock(GraphDocument *document, RunController *run, PinBoard *pins, QWidget *parent)
    : QDockWidget(parent), m_document(document), m_run(run), m_pins(pins)
{
    setObjectName(QStringLiteral("NodeDock"));
    auto *body = new QWidget(this);
    m_header = new QLabel(body);
    m_header->setTextFormat(Qt::RichText);
    m_executions = new QComboBox(body);
    m_executions->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_executions->setMinimumContentsLength(30);
    m_items = new QComboBox(body);
    m_items->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_items->setMinimumContentsLength(12);
    m_summary = new QLabel(body);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pin = new QPushButton(body);
    m_editPin = new QPushButton(body);
    m_runAlone = new QPushButton(body);
    m_input = new ValueView(body);
    m_output = new ValueView(body);
    auto *split = new QSplitter(Qt::Horizontal, body);
    split->addWidget(m_input);
    split->addWidget(m_output);
    split->setChildrenCollapsible(false);
    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_header);
    top->addSpacing(12);
    top->addWidget(m_summary, 1);
    top->addWidget(m_executions);
    top->addWidget(m_items);
    top->addWidget(m_pin);
    top->addWidget(m_editPin);
    top->addWidget(m_runAlone);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    setWidget(body);

    connect(m_executions, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_filling)
            return;
        m_following = index == m_executions->count() - 1; // the latest: keep following
        showExecution();
    });
    connect(m_items, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            showExecution();
    });
    connect(m_pin, &QPushButton::clicked, this, &NodeDock::togglePin);
    connect(m_editPin, &QPushButton::clicked, this, &NodeDock::editPin);
    connect(m_runAlone, &QPushButton::clicked, this, &NodeDock::runAloneRequested);
    connect(m_run, &RunController::changed, this, [this](const QSet<QString> &nodes) {
        if (!m_nodeId.isEmpty() && (nodes.contains(m_nodeId) || nodes.isEmpty()))
            refresh();
    });
    connect(m_run, &RunController::replayChanged, this, &NodeDock::refresh);
    connect(m_pins, &PinBoard::changed, this, [this](const QString &id) {
        if (id.isEmpty() || id == m_nodeId)
            refresh();
    });
    connect(m_document, &GraphDocument::nodeRenamed, this, [this](const QString &from, const QString &to) {
        if (from == m_nodeId)
            showNode(to);
    });
    connect(m_document, &GraphDocument::nodeRemoved, this, [this](const QString &id) {
        if (id == m_nodeId)
            showNode(QString());
    });
    retranslate();
}

void NodeDock::setLevelView(LevelRunView *level)
{
    m_level = level;
    connect(level, &LevelRunView::changed, this, [this](const QSet<QString> &nodes) {
        const std::optional<QStringList> down = m_level->below();
        if (down && !down->isEmpty() && !m_nodeId.isEmpty() && (nodes.contains(m_nodeId) || nodes.isEmpty()))
            refresh(); // the child run on screen moved on (the run's own level: RunController::changed)
    });
    connect(level, &LevelRunView::invocationsChanged, this, &NodeDock::refresh); // another level, another child run
    refresh();
}

const NodeExecutions &NodeDock::executions() const
{
    return m_level ? m_level->executions() : m_run->executions();
}

void NodeDock::showNode(const QString &nodeId)
{
    if (nodeId != m_nodeId)
        m_following = true;
    m_nodeId = nodeId;
    refresh();
}

const NodeExecution *NodeDock::shown() const
{
    const int i = m_executions->currentIndex();
    return i >= 0 && i < m_list.size() ? &m_list.at(i) : nullptr;
}

void NodeDock::refresh()
{
    fillExecutions();
    showExecution();
}

void NodeDock::fillExecutions()
{
    m_filling = true;
    const int before = m_executions->currentIndex();
    m_list = m_nodeId.isEmpty() ? QList<NodeExecution>() : executions().of(m_nodeId);
    m_executions->clear();
    const int total = m_nodeId.isEmpty() ? 0 : executions().total(m_nodeId);
    for (int i = 0; i < m_list.size(); ++i) {
        const NodeExecution &x = m_list.at(i);
        QStringList parts{tr("#%1 of %2").arg(executions().number(m_nodeId, i)).arg(total)};
        if (x.iteration > 0)
            parts << tr("round %1").arg(x.iteration);
        parts << tr("step %1").arg(x.step);
        if (x.state == NodeExecution::State::Running)
            parts << tr("running");
        else if (x.state == NodeExecution::State::Failed)
            parts << tr("failed");
        else
            parts << RunClock::brief(x.durationUs());
        m_executions->addItem(parts.join(QStringLiteral(" · ")));
    }
    m_executions->setCurrentIndex(m_following || before < 0 || before >= m_list.size() ? int(m_list.size()) - 1 : before);
    m_executions->setVisible(m_list.size() > 1);
    m_filling = false;
}

void NodeDock::showExecution()
{
    const Node *node = m_nodeId.isEmpty() ? nullptr : m_document->node(m_nodeId);
    const bool skill = node && node->kind == NodeKind::Skill;
    const bool pinned = m_pins->isPinned(m_nodeId);
    const NodeExecution *x = node ? shown() : nullptr;
    m_header->setVisible(node);
    if (!node) {
        m_header->clear();
    } else {
        const QString what = skill && !node->skillId.isEmpty() ? tr("skill %1").arg(node->skillId.toHtmlEscaped()) : canonicalTypeName(node->kind);
        m_header->setText(QStringLiteral("<b>%1</b> · %2").arg(node->caption().toHtmlEscaped(), what));
    }
    // A map's items: all of them, or one.
    m_filling = true;
    const int itemBefore = m_items->currentIndex();
    m_items->clear();
    if (x && x->items >= 0) {
        m_items->addItem(tr("All items (%1)").arg(x->items));
        for (const NodeItemCall &c : x->itemCalls)
            m_items->addItem(c.error.isEmpty() ? tr("Item %1").arg(c.item) : tr("Item %1 (failed)").arg(c.item));
        m_items->setCurrentIndex(std::clamp(itemBefore, 0, int(m_items->count()) - 1));
    }
    m_items->setVisible(m_items->count() > 0);
    m_filling = false;
    const int item = m_items->currentIndex() - 1;
    const NodeItemCall *call = x && item >= 0 && item < x->itemCalls.size() ? &x->itemCalls.at(item) : nullptr;

    QStringList summary;
    if (!node) { // (said in the summary, which wraps: the dock shares the room under the canvas)
        summary << tr("Select a node to see what it was called with and what it returned in the run on screen.");
    } else if (!x) {
        summary << ((m_level ? m_level->snapshot() : m_run->snapshot()).eventCount() == 0 && !(m_level ? m_level->isRunning() : m_run->isRunning()) ? tr("No run on screen: run the graph, or open one from Run History.")
                                                                                 : tr("This node has not run in the run on screen."));
    } else {
        if (x->pinned)
            summary << tr("Pinned output: its handler was not called.");
        switch (x->state) {
        case NodeExecution::State::Running: summary << tr("Running…"); break;
        case NodeExecution::State::Done: summary << tr("Done in %1.").arg(RunClock::brief(x->durationUs())); break;
        case NodeExecution::State::Failed: summary << tr("Failed after %1: %2").arg(RunClock::brief(x->durationUs()), x->error); break;
        }
        if (x->retries > 0)
            summary << tr("%n retries.", nullptr, x->retries);
        if (x->promptTokens + x->completionTokens > 0)
            summary << tr("%1 tokens (prompt %2, completion %3).")
                           .arg(QLocale().toString(x->promptTokens + x->completionTokens), QLocale().toString(x->promptTokens),
                                QLocale().toString(x->completionTokens));
        if (!x->currency.isEmpty()) // priced by its capability or the graph
            summary << tr("They cost %1.").arg(CostText::amount(x->cost, x->currency));
        if (!x->truncated.isEmpty())
            summary << tr("The trace cut %n long values of the input; their whole sizes are in the trace.", nullptr, int(x->truncated.size()));
        if (call && !call->error.isEmpty())
            summary << tr("Item %1 failed: %2").arg(call->item).arg(call->error);
        if (pinned && !x->pinned)
            summary << tr("Its output is pinned now: the next run will not call its handler.");
    }
    if (node && !x && pinned)
        summary << tr("Its output is pinned: runs do not call its handler.");
    m_summary->setText(summary.join(QLatin1Char(' ')));
    QPalette pal = m_summary->palette();
    pal.setColor(QPalette::WindowText, x && x->state == NodeExecution::State::Failed ? QColor(0xd93025) : palette().color(QPalette::WindowText));
    m_summary->setPalette(pal);

    // Input and output.
    if (call) {
        m_input->setValue(call->input);
        m_output->setValue(call->error.isEmpty() ? QVariant(call->outputs) : QVariant(), tr("The item failed: no output"));
    } else if (x) {
        QVariant in;
        if (x->items >= 0) {
            QVariantList inputs;
            for (const NodeItemCall &c : x->itemCalls)
                inputs << QVariant(c.input);
            in = inputs;
        } else if (x->hasInput) {
            in = x->input;
        }
        m_input->setValue(in, x->pinned ? tr("Pinned: not called") : skill ? tr("No input recorded") : tr("Only a skill's input is recorded"));
        m_output->setValue(x->state == NodeExecution::State::Done ? x->outputs : QVariant(),
                           x->state == NodeExecution::State::Running ? tr("Still running") : tr("No output"));
    } else {
        m_input->setValue(QVariant(), node ? tr("Not run") : QString());
        m_output->setValue(pinned ? QVariant(m_pins->pinned(m_nodeId)) : QVariant(), node ? tr("Not run") : QString());
    }
    m_output->setTitle(pinned && (!x || !x->pinned) ? tr("Output (pinned: %1)").arg(tr("used by the next run")) : tr("Output"));
    m_pin->setText(pinned ? tr("Unpin Output") : tr("Pin Output"));
    m_pin->setEnabled(skill && (pinned || (x && x->state == NodeExecution::State::Done && x->outputs.typeId() == QMetaType::QVariantMap)));
    m_pin->setToolTip(pinned ? tr("Runs call this node's handler again")
                             : tr("Keep this output for the next runs: they give it instead of calling the node's handler (kept beside the graph, in %1)")
                                   .arg(m_pins->file().isEmpty() ? tr("memory until the graph is saved") : m_pins->file()));
    m_editPin->setEnabled(skill);
    m_runAlone->setEnabled(skill);
}

void NodeDock::recorded(QVariant *input, QVariant *output, QString *what) const
{
    *input = QVariant();
    *output = QVariant();
    what->clear();
    const NodeExecution *x = shown();
    if (!x || x->pinned)
        return;
    *what = m_executions->currentText();
    if (x->items >= 0) { // one item's call: the one picked, else the first
        const int item = std::max(0, m_items->currentIndex() - 1);
        if (item < x->itemCalls.size()) {
            const NodeItemCall &call = x->itemCalls.at(item);
            *input = call.input;
            if (call.error.isEmpty())
                *output = call.outputs;
            *what = tr("item %1").arg(call.item);
        }
        return;
    }
    if (x->hasInput)
        *input = x->input;
    if (x->state == NodeExecution::State::Done)
        *output = x->outputs;
}

void NodeDock::togglePin()
{
    QString error;
    if (m_pins->isPinned(m_nodeId)) {
        if (!m_pins->unpin(m_nodeId, &error))
            emit statusMessage(tr("Cannot save the pins: %1").arg(error));
        else
            emit statusMessage(tr("Unpinned %1: runs call its handler again").arg(m_nodeId));
        return;
    }
    const NodeExecution *x = shown();
    if (!x || x->state != NodeExecution::State::Done)
        return;
    if (!m_pins->pin(m_nodeId, x->outputs.toMap(), &error))
        emit statusMessage(tr("Cannot save the pins: %1").arg(error));
    else
        emit statusMessage(tr("Pinned the output of %1: the next runs use it instead of calling its handler").arg(m_nodeId));
}

void NodeDock::editPin()
{
    if (!m_prompts || m_nodeId.isEmpty())
        return;
    QVariant current = m_pins->isPinned(m_nodeId) ? QVariant(m_pins->pinned(m_nodeId)) : QVariant();
    if (!current.isValid())
        if (const NodeExecution *x = shown(); x && x->state == NodeExecution::State::Done)
            current = x->outputs;
    QString text = current.isValid() ? variantToYamlText(current) : QString();
    for (;;) {
        const std::optional<QString> typed =
            m_prompts->askText(this, tr("Pin Output of %1").arg(m_nodeId), tr("The outputs the next runs use instead of calling the handler (YAML or JSON):"),
                               text, true);
        if (!typed)
            return;
        text = *typed;
        QVariant value;
        QString why;
        if (!parseYamlValue(text.toUtf8(), tr("the pinned output"), &value, &why)) {
            m_prompts->showError(this, tr("Pin Output"), why);
            continue;
        }
        if (value.typeId() != QMetaType::QVariantMap) {
            m_prompts->showError(this, tr("Pin Output"), tr("Expected a mapping of output names to values, such as\nresult_count: 4\nresults: [a, b]"));
            continue;
        }
        QString error;
        if (!m_pins->pin(m_nodeId, value.toMap(), &error))
            emit statusMessage(tr("Cannot save the pins: %1").arg(error));
        else
            emit statusMessage(tr("Pinned the output of %1: the next runs use it instead of calling its handler").arg(m_nodeId));
        return;
    }
}

void NodeDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void NodeDock::retranslate()
{
    setWindowTitle(tr("Node"));
    m_input->setTitle(tr("Input"));
    m_editPin->setText(tr("Edit Pin…"));
    m_editPin->setToolTip(tr("Type the output the next runs use instead of calling this node's handler"));
    m_runAlone->setText(tr("Run Alone…"));
    m_runAlone->setToolTip(tr("Call this node's handler once with the input shown, edited first if you like, without running the graph"));
    refresh();
}

} // namespace capgraph::editor
