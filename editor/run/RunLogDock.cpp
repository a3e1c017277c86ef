#include "run/RunLogDock.h"

#include "run/RunController.h"
#include "scene/GraphScene.h"

#include <QCheckBox>
#include <QDateTime>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

RunLogDock::RunLogDock(RunController *run, GraphScene *scene, QWidget *parent)
    : QDockWidget(tr("Run Log"), parent)
    , m_run(run)
    , m_scene(scene)
    , m_tree(new QTreeWidget)
    , m_selectedOnly(new QCheckBox(tr("Selected node only")))
{
    setObjectName(QStringLiteral("RunLogDock"));
    m_tree->setObjectName(QStringLiteral("RunLog"));
    m_tree->setHeaderLabels({tr("Step"), tr("Time"), tr("Node"), tr("Event"), tr("Message")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_selectedOnly->setObjectName(QStringLiteral("RunLogSelectedOnly"));
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_selectedOnly);
    layout->addWidget(m_tree);
    setWidget(w);
    connect(run, &RunController::changed, this, &RunLogDock::appendNew);
    connect(run, &RunController::replayChanged, this, &RunLogDock::refresh);
    connect(m_selectedOnly, &QCheckBox::toggled, this, &RunLogDock::refresh);
    connect(scene, &QGraphicsScene::selectionChanged, this, [this] {
        if (m_selectedOnly->isChecked())
            refresh();
    });
}

bool RunLogDock::shows(qsizetype index) const
{
    const RunEvent &e = m_run->events().at(index);
    if (m_filter.isEmpty())
        return true;
    return e.nodeId == m_filter || e.from == m_filter || e.to == m_filter;
}

void RunLogDock::refresh()
{
    m_tree->clear();
    m_shown = 0;
    const QStringList selected = m_scene->selectedNodeIds();
    m_filter = m_selectedOnly->isChecked() && selected.size() == 1 ? selected.first() : QString();
    appendNew();
}

void RunLogDock::appendNew()
{
    const QList<RunEvent> &events = m_run->events();
    if (events.size() < m_shown) { // a new run
        m_tree->clear();
        m_shown = 0;
    }
    const qsizetype upTo = m_run->isReplaying() ? m_run->position() : events.size();
    // Only the newest MaxRows of what arrived since the last frame are worth making rows for.
    qsizetype from = m_shown;
    if (upTo - from > MaxRows && m_filter.isEmpty())
        from = upTo - MaxRows;
    QList<QTreeWidgetItem *> rows;
    for (qsizetype i = from; i < upTo; ++i) {
        if (!shows(i))
            continue;
        const RunEvent &e = events.at(i);
        const QString node = !e.nodeId.isEmpty() ? e.nodeId : (!e.from.isEmpty() ? e.from + QStringLiteral(" → ") + e.to : QString());
        QString message = e.message;
        if (message.isEmpty() && e.data.isValid() && e.type != RunEventType::RunStarted)
            message = e.data.toString().left(200);
        auto *row = new QTreeWidgetItem({QString::number(e.step), QStringLiteral("%1 ms").arg(double(e.elapsedUs) / 1000.0, 0, 'f', 1), node,
                                         runEventTypeName(e.type), message});
        if (e.type == RunEventType::NodeFailed || e.type == RunEventType::RunFailed)
            row->setForeground(3, QColor(0xd93025));
        else if (e.type == RunEventType::BreakpointHit || e.type == RunEventType::Warning)
            row->setForeground(3, QColor(0xb06d00));
        rows.append(row);
    }
    m_shown = upTo;
    if (rows.isEmpty())
        return;
    m_tree->addTopLevelItems(rows);
    const int excess = m_tree->topLevelItemCount() - MaxRows;
    for (int k = 0; k < excess; ++k)
        delete m_tree->takeTopLevelItem(0);
    m_tree->scrollToBottom();
}

} // namespace capgraph::editor
