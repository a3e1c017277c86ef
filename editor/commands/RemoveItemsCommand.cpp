#include "commands/RemoveItemsCommand.h"

#include "document/GraphDocument.h"

#include <QSet>

namespace capgraph::editor {

RemoveItemsCommand::RemoveItemsCommand(GraphDocument *document, const QStringList &nodeIds, const QList<int> &edgeIndexes,
                                       const QStringList &annotationIds)
    : m_document(document)
    , m_framesBefore(document->graph().frames)
    , m_notesBefore(document->graph().notes)
{
    const Graph &g = document->graph();
    const QSet<QString> doomed(nodeIds.cbegin(), nodeIds.cend());
    for (int i = 0; i < g.nodes.size(); ++i)
        if (doomed.contains(g.nodes.at(i).id))
            m_nodes.append({i, g.nodes.at(i)});
    const QSet<int> edges(edgeIndexes.cbegin(), edgeIndexes.cend());
    for (int e = 0; e < g.edges.size(); ++e)
        if (edges.contains(e) || doomed.contains(g.edges.at(e).from) || doomed.contains(g.edges.at(e).to))
            m_edges.append({e, g.edges.at(e)});
    const QSet<QString> gone(annotationIds.cbegin(), annotationIds.cend());
    for (Frame f : std::as_const(m_framesBefore)) {
        if (gone.contains(f.id))
            continue;
        const qsizetype members = f.nodes.size();
        f.nodes.removeIf([&doomed](const QString &id) { return doomed.contains(id); });
        if (!f.nodes.isEmpty() || members == 0)
            m_framesAfter.append(f);
    }
    for (const Note &n : std::as_const(m_notesBefore))
        if (!gone.contains(n.id))
            m_notesAfter.append(n);
    const int count = int(m_nodes.size() + m_edges.size() + (m_framesBefore.size() - m_framesAfter.size())
                          + (m_notesBefore.size() - m_notesAfter.size()));
    setText(m_nodes.isEmpty() ? QObject::tr("Delete %n edge(s)", nullptr, count)
                              : QObject::tr("Delete %n item(s)", nullptr, count));
}

void RemoveItemsCommand::redo()
{
    for (int k = int(m_edges.size()) - 1; k >= 0; --k)
        m_document->removeEdge(m_edges.at(k).first);
    for (int k = int(m_nodes.size()) - 1; k >= 0; --k)
        m_document->removeNode(m_nodes.at(k).second.id);
    if (m_framesBefore != m_framesAfter || m_notesBefore != m_notesAfter)
        m_document->setAnnotations(m_framesAfter, m_notesAfter);
}

void RemoveItemsCommand::undo()
{
    if (m_framesBefore != m_framesAfter || m_notesBefore != m_notesAfter)
        m_document->setAnnotations(m_framesBefore, m_notesBefore);
    for (const auto &[index, node] : std::as_const(m_nodes))
        m_document->insertNode(index, node);
    for (const auto &[index, edge] : std::as_const(m_edges))
        m_document->insertEdge(index, edge);
}

} // namespace capgraph::editor
