#include "run/RunLogDock.h"

#include "run/RunController.h"
#include "scene/GraphScene.h"
#include "window/UiText.h"

#include <QCheckBox>
#include <QEvent>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

RunLogDock::RunLogDock(RunController *run, GraphScene *scene, QWidget *parent)
    : QDockWidget(parent)
    , m_run(run)
    , m_scene(scene)
    , m_tree(new QTreeWidget)
    , m_selectedOnly(new QCheckBox)
{
    setObjectName(QStringLiteral("RunLogDock"));
    m_tree->setObjectName(QStringLiteral("RunLog"));
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_selectedOnly->setObjectName(QStringLiteral("RunLogSelectedOnly"));
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_selectedOnly);
    layout->addWidget(m_tree);
    setWidget(w);
    retranslate();
    connect(run, &RunController::logged, this, [this](const RunEvent &e) {
        if (e.type == RunEventType::RunStarted) { // a new run
            m_tree->clear();
            m_kept.clear();
            m_pending.clear();
        }
        m_pending.append(e);
        m_kept.append(e);
        // Only the newest rows matter: a long run drops the rest here, not in the tree.
        if (m_pending.size() > 2 * MaxRows)
            m_pending.remove(0, m_pending.size() - MaxRows);
        if (m_kept.size() > 2 * MaxRows)
            m_kept.remove(0, m_kept.size() - MaxRows);
    });
    connect(run, &RunController::changed, this, &RunLogDock::appendNew);
    connect(run, &RunController::replayChanged, this, &RunLogDock::refresh);
    connect(m_selectedOnly, &QCheckBox::toggled, this, &RunLogDock::refresh);
    connect(scene, &QGraphicsScene::selectionChanged, this, [this] {
        if (m_selectedOnly->isChecked())
            refresh();
    });
}

void RunLogDock::retranslate()
{
    setWindowTitle(tr("Run Log"));
    m_selectedOnly->setText(tr("Selected node only"));
    m_tree->setHeaderLabels({tr("Step"), tr("Time"), tr("Node"), tr("Event"), tr("Message")});
}

void RunLogDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh(); // the rows' event names and messages, in the new language
    }
    QDockWidget::changeEvent(event);
}

bool RunLogDock::shows(const RunEvent &e) const
{
    return m_filter.isEmpty() || e.nodeId == m_filter || e.from == m_filter || e.to == m_filter;
}

QTreeWidgetItem *RunLogDock::rowFor(const RunEvent &e) const
{
    const QString node = !e.nodeId.isEmpty() ? e.nodeId : (!e.from.isEmpty() ? e.from + QStringLiteral(" → ") + e.to : QString());
    QString message = e.localMessage();
    if (message.isEmpty() && e.data.isValid() && e.type != RunEventType::RunStarted)
        message = e.data.toString().left(200);
    auto *row = new QTreeWidgetItem({QString::number(e.step), tr("%1 ms").arg(double(e.elapsedUs) / 1000.0, 0, 'f', 1), node,
                                     UiText::runEvent(e.type), message});
    if (e.type == RunEventType::NodeFailed || e.type == RunEventType::RunFailed)
        row->setForeground(3, QColor(0xd93025));
    else if (e.type == RunEventType::BreakpointHit || e.type == RunEventType::Warning)
        row->setForeground(3, QColor(0xb06d00));
    return row;
}

void RunLogDock::refresh()
{
    m_tree->clear();
    m_pending.clear();
    const QStringList selected = m_scene->selectedNodeIds();
    m_filter = m_selectedOnly->isChecked() && selected.size() == 1 ? selected.first() : QString();
    // A replay: its events up to the scrubber; live: the events kept.
    if (m_run->isReplaying())
        m_pending = m_run->events().mid(0, m_run->position());
    else
        m_pending = m_kept;
    appendNew();
}

void RunLogDock::appendNew()
{
    QList<QTreeWidgetItem *> rows;
    for (qsizetype i = m_pending.size() - 1; i >= 0 && rows.size() < MaxRows; --i) // newest first, then reversed
        if (shows(m_pending.at(i)))
            rows.prepend(rowFor(m_pending.at(i)));
    m_pending.clear();
    if (rows.isEmpty())
        return;
    m_tree->addTopLevelItems(rows);
    const int excess = m_tree->topLevelItemCount() - MaxRows;
    for (int k = 0; k < excess; ++k)
        delete m_tree->takeTopLevelItem(0);
    m_tree->scrollToBottom();
}

} // namespace capgraph::editor
