// MainWindow's inspection of results (docs/studio.md, "The Node dock", "Tests", "Comparing
// versions"): the Node dock following the selected node, pinned outputs (Run > Pin Output, the
// node's context menu), the Tests dock, and comparisons with another version of the graph.
#include "window/MainWindow.h"

#include "document/GraphDocument.h"
#include "run/NodeDock.h"
#include "run/PinBoard.h"
#include "run/RunAloneDialog.h"
#include "run/RunController.h"
#include "run/TestsDock.h"
#include "window/CompareHandler.h"
#include "window/ComparisonDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "window/StudioActions.h"
#include "window/StudioLayout.h"

#include <QAction>
#include <QPushButton>
#include <QStatusBar>

namespace capgraph::editor {

void MainWindow::createInspector()
{
    m_pins = new PinBoard(m_document, this);
    m_run->setPinBoard(m_pins);
    m_nodeDock = new NodeDock(m_document, m_run, m_pins, this);
    m_nodeDock->setPrompts(m_prompts);
    m_nodeDock->setLevelView(m_levelRun);
    connect(m_nodeDock, &NodeDock::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_nodeDock, &NodeDock::runAloneRequested, this, [this] { runNodeAlone(m_nodeDock->nodeId()); });
    m_comparisonDock = new ComparisonDock(m_scene, m_view, this);
    m_tests = new TestsDock(m_document, m_run, this);
    connect(m_tests, &TestsDock::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_tests, &TestsDock::showNode, this, [this](const QString &id) {
        // Where a case went wrong: selected, in view, and what it did in the Node dock.
        m_scene->selectNodes({id});
        if (NodeItem *item = m_scene->nodeItem(id))
            m_view->centerOn(item);
        m_nodeDock->showNode(id);
        m_layout->openBottom(m_nodeDock);
    });
}

void MainWindow::connectInspector()
{
    m_compare = new CompareHandler(m_document, m_scene, m_comparisonDock, m_actions, m_prompts, this);
    connect(m_compare, &CompareHandler::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_compare, &CompareHandler::opened, this, [this] { m_layout->openBottom(m_comparisonDock); });
    const auto followSelection = [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        const QString id = ids.size() == 1 ? ids.constFirst() : QString();
        m_actions->setPinned(!id.isEmpty() && m_pins->isPinned(id));
        const Node *node = id.isEmpty() ? nullptr : m_document->node(id);
        m_actions->action(StudioActions::RunPinOutput)->setEnabled(node && node->kind == NodeKind::Skill);
        m_actions->action(StudioActions::RunNodeAlone)->setEnabled(node && node->kind == NodeKind::Skill);
        if (id.isEmpty() || id == m_nodeDock->nodeId())
            return;
        m_nodeDock->showNode(id);
        // After a run, a node clicked shows what it did.
        if (m_run->executions().total(id) > 0)
            m_layout->openBottom(m_nodeDock);
    };
    connect(m_scene, &QGraphicsScene::selectionChanged, this, followSelection);
    connect(m_pins, &PinBoard::changed, this, followSelection);
    connect(m_pins, &PinBoard::changed, this, [this] {
        if (!m_pins->loadError().isEmpty())
            statusBar()->showMessage(tr("The pinned outputs beside the graph cannot be read, so none are used: %1").arg(m_pins->loadError()), 15000);
    });
    connect(m_actions->action(StudioActions::RunPinOutput), &QAction::triggered, this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            statusBar()->showMessage(tr("Select one skill node to pin its output"), 5000);
            return;
        }
        m_nodeDock->showNode(ids.constFirst());
        if (!m_pins->isPinned(ids.constFirst()) && !m_nodeDock->pinButton()->isEnabled()) {
            statusBar()->showMessage(tr("%1 has no output to pin yet: run the graph first, or type one with Edit Pin… in the Node dock")
                                         .arg(ids.constFirst()),
                                     8000);
            m_layout->openBottom(m_nodeDock);
            return;
        }
        m_nodeDock->togglePin();
    });
    m_actions->action(StudioActions::RunPinOutput)->setEnabled(false);
    connect(m_actions->action(StudioActions::RunNodeAlone), &QAction::triggered, this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            statusBar()->showMessage(tr("Select one skill node to run alone"), 5000);
            return;
        }
        runNodeAlone(ids.constFirst());
    });
    m_actions->action(StudioActions::RunNodeAlone)->setEnabled(false);
}

RunAloneDialog *MainWindow::runNodeAlone(const QString &nodeId)
{
    const Node *node = m_document->node(nodeId);
    if (!node || node->kind != NodeKind::Skill) {
        statusBar()->showMessage(tr("Only a skill node runs alone"), 5000);
        return nullptr;
    }
    if (m_nodeDock->nodeId() != nodeId)
        m_nodeDock->showNode(nodeId);
    QVariant input, output;
    QString what;
    m_nodeDock->recorded(&input, &output, &what);
    auto *dialog = new RunAloneDialog(m_document->graph(), nodeId, m_run->request(), m_pins, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setRecorded(input, output, what);
    connect(dialog, &RunAloneDialog::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    dialog->show();
    dialog->raise();
    return dialog;
}

} // namespace capgraph::editor
