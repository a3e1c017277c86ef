// MainWindow's find in graph (docs/studio.md, "Find in graph"): Edit > Find in Graph opens the
// find bar over the canvas, which searches again as the graph, its lint or the run change;
// and a node chosen elsewhere (a run comparison's row) selected and centred on the canvas.
#include "window/MainWindow.h"

#include "run/PinBoard.h"
#include "run/RunController.h"
#include "run/RunHistoryDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/FindBar.h"
#include "view/GraphView.h"
#include "window/StudioActions.h"

#include <QAction>
#include <QStatusBar>

namespace capgraph::editor {

void MainWindow::createFind()
{
    m_findBar = new FindBar(m_scene, m_view);
    connect(m_actions->action(StudioActions::Find), &QAction::triggered, m_findBar, &FindBar::open);
    // is:stale, is:pinned and is:breakpoint follow the run, the pins and the breakpoints.
    connect(m_run, &RunController::changed, m_findBar, &FindBar::refresh);
    connect(m_run, &RunController::breakpointsChanged, m_findBar, &FindBar::refresh);
    connect(m_run, &RunController::statusChanged, m_findBar, &FindBar::refresh);
    connect(m_pins, &PinBoard::changed, m_findBar, &FindBar::refresh);
    connect(m_runHistory, &RunHistoryDock::nodeChosen, this, &MainWindow::showNodeFromElsewhere);
}

void MainWindow::showNodeFromElsewhere(const QString &nodeId)
{
    const NodeItem *item = m_scene->nodeItem(nodeId);
    if (!item) {
        statusBar()->showMessage(tr("%1 is not in the open graph").arg(nodeId), 5000);
        return;
    }
    m_scene->selectNodes({nodeId});
    m_view->centreOn(item->box().translated(item->pos()));
}

} // namespace capgraph::editor
