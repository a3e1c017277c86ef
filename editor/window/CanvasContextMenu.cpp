#include "window/CanvasContextMenu.h"

#include "catalog/CapabilitiesDock.h"
#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "scene/EdgeItem.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "ui/PaletteList.h"
#include "window/StudioActions.h"
#include "ui/StudioIcons.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QMenu>

namespace capgraph::editor {

CanvasContextMenu::CanvasContextMenu(GraphView *view, GraphScene *scene, StudioActions *actions, CapabilitiesDock *capabilities)
    : QObject(view)
    , m_view(view)
    , m_scene(scene)
    , m_actions(actions)
    , m_capabilities(capabilities)
{
    m_viewport = view->viewport();
    view->viewport()->installEventFilter(this);
}

bool CanvasContextMenu::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_viewport && event->type() == QEvent::ContextMenu) {
        auto *e = static_cast<QContextMenuEvent *>(event);
        // From the keyboard (the Menu key) the menu opens at the selection, or where the
        // pointer is when nothing is selected.
        QPoint at = e->pos();
        if (e->reason() == QContextMenuEvent::Keyboard) {
            const QStringList ids = m_scene->selectedNodeIds();
            if (NodeItem *item = ids.isEmpty() ? nullptr : m_scene->nodeItem(ids.constFirst()))
                at = m_view->mapFromScene(item->pos());
            else if (!m_view->viewport()->rect().contains(at))
                at = m_view->viewport()->rect().center();
        }
        show(at, m_view->viewport()->mapToGlobal(at));
        return true;
    }
    return QObject::eventFilter(watched, event);
}

void CanvasContextMenu::show(const QPoint &viewportPos, const QPoint &globalPos)
{
    if (m_menu)
        m_menu->close();
    const QPointF scenePos = m_view->mapToScene(viewportPos);
    // What is under the pointer: a node, an edge, or nothing (frames and notes are the
    // canvas's: their own editing is a double-click).
    NodeItem *node = nullptr;
    EdgeItem *edge = nullptr;
    for (QGraphicsItem *item : m_view->items(viewportPos)) { // the topmost first
        for (QGraphicsItem *up = item; up && !node; up = up->parentItem())
            node = qgraphicsitem_cast<NodeItem *>(up);
        if (node || (edge = qgraphicsitem_cast<EdgeItem *>(item)))
            break;
    }
    // A right-click on an item outside the selection makes it the selection; inside it, the
    // menu acts on the whole selection.
    if (node && !node->isSelected()) {
        m_scene->clearSelection();
        node->setSelected(true);
    } else if (edge && !edge->isSelected()) {
        m_scene->clearSelection();
        edge->setSelected(true);
    }
    auto *menu = new QMenu(m_view);
    menu->setObjectName(node ? QStringLiteral("NodeContextMenu") : edge ? QStringLiteral("EdgeContextMenu") : QStringLiteral("CanvasContextMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (node)
        fillForNodes(menu);
    else if (edge)
        fillForEdges(menu);
    else
        fillForCanvas(menu, scenePos);
    m_menu = menu;
    menu->popup(globalPos);
}

void CanvasContextMenu::fillForNodes(QMenu *menu)
{
    const auto add = [&](StudioActions::Id id) { menu->addAction(m_actions->action(id)); };
    if (const QStringList one = m_scene->selectedNodeIds(); one.size() == 1 && !m_scene->subgraphOf(one.constFirst()).isEmpty()) {
        // A composite node: what its double-click does, first and in bold.
        add(StudioActions::OpenSubgraph);
        menu->setDefaultAction(m_actions->action(StudioActions::OpenSubgraph));
        menu->addSeparator();
    }
    add(StudioActions::Cut);
    add(StudioActions::Copy);
    add(StudioActions::Duplicate);
    add(StudioActions::Delete);
    menu->addSeparator();
    const QStringList ids = m_scene->selectedNodeIds();
    if (ids.size() == 1)
        add(StudioActions::EditLabel);
    if (ids.size() == 1) {
        // A skill bound to a capability the Capabilities dock knows: show its definition.
        const Node *n = m_scene->document()->node(ids.constFirst());
        if (n && n->kind == NodeKind::Skill && !n->skillId.isEmpty() && m_capabilities) {
            QAction *open = menu->addAction(tr("Show Capability %1").arg(n->skillId));
            open->setObjectName(QStringLiteral("ContextShowCapability"));
            const QString skill = n->skillId;
            QPointer<CapabilitiesDock> dock = m_capabilities;
            connect(open, &QAction::triggered, this, [dock, skill] {
                if (!dock)
                    return;
                dock->show();
                dock->raise();
                dock->selectCapability(skill);
            });
        }
    }
    add(StudioActions::RunBreakpoint);
    add(StudioActions::RunBreakpointCondition);
    add(StudioActions::RunToSelected);
    add(StudioActions::RunFromSelected);
    if (ids.size() == 1 && m_actions->action(StudioActions::RunPinOutput)->isEnabled())
        add(StudioActions::RunPinOutput);
    if (ids.size() == 1 && m_actions->action(StudioActions::RunNodeAlone)->isEnabled())
        add(StudioActions::RunNodeAlone);
    menu->addSeparator();
    add(StudioActions::ExtractSubgraph);
    if (ids.size() == 1 && m_actions->action(StudioActions::InlineSubgraph)->isEnabled())
        add(StudioActions::InlineSubgraph);
    add(StudioActions::GroupIntoFrame);
    add(StudioActions::AutoLayoutSelection);
    if (ids.size() > 1) {
        QMenu *align = menu->addMenu(tr("Align"));
        align->setObjectName(QStringLiteral("ContextAlignMenu"));
        for (StudioActions::Id id : {StudioActions::AlignLeft, StudioActions::AlignTop, StudioActions::AlignCentresHorizontally,
                                     StudioActions::AlignCentresVertically})
            align->addAction(m_actions->action(id));
    }
}

void CanvasContextMenu::fillForEdges(QMenu *menu)
{
    menu->addAction(m_actions->action(StudioActions::Delete));
}

void CanvasContextMenu::fillForCanvas(QMenu *menu, const QPointF &scenePos)
{
    GraphDocument *document = m_scene->document();
    const QPointF at = m_scene->snapped(scenePos);
    menu->addAction(m_actions->action(StudioActions::Paste));
    QMenu *add = menu->addMenu(tr("Add Node Here"));
    add->setObjectName(QStringLiteral("ContextAddNodeMenu"));
    const bool dark = m_view->palette().color(QPalette::Base).lightness() < 128;
    for (NodeKind kind : {NodeKind::Skill, NodeKind::Start, NodeKind::End, NodeKind::Branch, NodeKind::Merge, NodeKind::LoopStart,
                          NodeKind::LoopEnd, NodeKind::ParallelSplit, NodeKind::ParallelJoin, NodeKind::Confirm, NodeKind::Select,
                          NodeKind::Input}) {
        QAction *a = add->addAction(StudioIcons::kindIcon(kind, dark), PaletteList::plainName(kind));
        a->setObjectName(QStringLiteral("ContextAdd_%1").arg(int(kind)));
        connect(a, &QAction::triggered, this, [this, document, kind, at] {
            const QString id = GraphActions::addNode(document, kind, at);
            m_scene->selectNodes({id});
        });
    }
    QAction *note = menu->addAction(tr("Add Note Here"));
    note->setObjectName(QStringLiteral("ContextAddNote"));
    connect(note, &QAction::triggered, this, [this, document, at] {
        const QString id = GraphActions::addNote(document, at, tr("Note"));
        emit m_scene->noteEditRequested(id);
    });
    menu->addSeparator();
    menu->addAction(m_actions->action(StudioActions::SelectAll));
    menu->addAction(m_actions->action(StudioActions::AutoLayout));
    menu->addAction(m_actions->action(StudioActions::ShowWholeGraph));
    menu->addSeparator();
    menu->addAction(m_actions->action(StudioActions::GraphProperties));
}

} // namespace capgraph::editor
