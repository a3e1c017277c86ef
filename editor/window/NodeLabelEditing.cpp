#include "window/NodeLabelEditing.h"

#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "view/LabelEditor.h"
#include "window/StudioActions.h"

#include <QAction>
#include <QPointer>

namespace capgraph::editor {

NodeLabelEditing::NodeLabelEditing(GraphScene *scene, GraphView *view, StudioActions *actions, QObject *parent)
    : QObject(parent)
    , m_scene(scene)
    , m_view(view)
{
    connect(scene, &GraphScene::nodeLabelEditRequested, this, &NodeLabelEditing::edit);
    // F2 on the canvas only: in a table or a tree F2 edits the cell, as it does everywhere.
    QAction *editLabel = actions->action(StudioActions::EditLabel);
    editLabel->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    view->addAction(editLabel);
    connect(editLabel, &QAction::triggered, this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            emit statusMessage(tr("Select one node to edit its label"));
            return;
        }
        edit(ids.first());
    });
}

void NodeLabelEditing::edit(const QString &nodeId)
{
    GraphDocument *document = m_scene->document();
    const Node *node = document->node(nodeId);
    const NodeItem *item = m_scene->nodeItem(nodeId);
    if (!node || !item)
        return;
    const QRectF card = item->box().translated(item->pos());
    m_view->ensureShown(card);
    m_scene->selectNodes({nodeId});
    LabelEditor *editor = LabelEditor::open(m_view, card, node->caption(), tr("label (the id %1 stays the key)").arg(nodeId));
    editor->setToolTip(tr("The label the card shows; Return to keep it, Escape to cancel. Empty: the card shows the id %1.").arg(nodeId));
    QPointer<GraphView> view = m_view;
    connect(editor, &LabelEditor::committed, this, [this, document, nodeId, view](const QString &text) {
        const Node *current = document->node(nodeId);
        if (!current)
            return;
        Node after = *current;
        after.label = text == nodeId ? QString() : text;
        if (after.label != current->label) {
            QString reason;
            if (!GraphActions::editNode(document, nodeId, after, tr("label"), &reason))
                emit statusMessage(reason);
        }
        if (view)
            view->setFocus();
    });
    connect(editor, &LabelEditor::cancelled, this, [view] {
        if (view)
            view->setFocus();
    });
}

} // namespace capgraph::editor
