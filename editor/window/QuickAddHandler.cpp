#include "window/QuickAddHandler.h"

#include "catalog/CapabilityCatalog.h"
#include "catalog/CapabilityNodeMime.h"
#include "commands/GraphActions.h"
#include "document/GraphDocument.h"
#include "scene/GraphScene.h"
#include "view/GraphView.h"
#include "view/QuickAddPopup.h"

#include <QUndoStack>

namespace capgraph::editor {

QuickAddHandler::QuickAddHandler(GraphDocument *document, GraphScene *scene, GraphView *view, const CapabilityCatalog *catalog, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_scene(scene)
    , m_view(view)
    , m_catalog(catalog)
    , m_popup(new QuickAddPopup(window))
{
    connect(view, &GraphView::quickAddRequested, this, [this](const QPointF &scenePos, const QPoint &globalPos) {
        open(scenePos, globalPos, QString());
    });
    connect(scene, &GraphScene::connectionDroppedOnEmpty, this, [this](const QString &from, const QPointF &scenePos, const QPoint &screenPos) {
        open(scenePos, screenPos, from);
    });
    connect(m_popup, &QuickAddPopup::typeChosen, this, &QuickAddHandler::add);
}

void QuickAddHandler::open(const QPointF &scenePos, const QPoint &globalPos, const QString &connectFrom)
{
    QList<QuickAddPopup::CapabilityEntry> entries; // the registry as it is now
    for (const Capability *c : m_catalog->registry().all())
        entries.append({c->name, c->description, c->tags});
    m_popup->setCapabilities(entries);
    m_scenePos = scenePos;
    m_connectFrom = connectFrom;
    m_popup->popup(globalPos);
}

void QuickAddHandler::add(const QString &type)
{
    const QPointF at = m_scene->snapped(m_scenePos);
    const QString from = std::exchange(m_connectFrom, QString());
    const bool capability = type.startsWith(QLatin1String(QuickAddPopup::CapabilityPrefix));
    const Capability *c = capability ? m_catalog->registry().resolve(type.mid(int(qstrlen(QuickAddPopup::CapabilityPrefix)))) : nullptr;
    if (capability && !c)
        return; // gone from the registry since the popup opened
    QUndoStack *stack = m_document->undoStack();
    const bool connect = !from.isEmpty() && m_document->node(from);
    if (connect)
        stack->beginMacro(tr("Add and connect a node")); // one gesture, one undo step
    const QString id = c ? GraphActions::addPreparedNode(m_document, CapabilityNodeMime::skillNodeFor(*c), at)
                         : GraphActions::addNode(m_document, nodeKindFromTypeName(type), at);
    if (connect) {
        QString reason;
        const EdgeKind kind = m_scene->connectionKind().value_or(GraphActions::inferredEdgeKind(m_document->graph(), from, id));
        if (!GraphActions::connectNodes(m_document, from, id, kind, &reason))
            emit statusMessage(tr("Cannot connect: %1").arg(reason));
        stack->endMacro();
    }
    m_scene->selectNodes({id});
    m_view->setFocus();
}

} // namespace capgraph::editor
