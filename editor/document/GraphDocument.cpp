#include "document/GraphDocument.h"

#include "layout/GraphAutoLayout.h"
#include "layout/NodeGeometry.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

#include <QFileInfo>
#include <QScopedValueRollback>
#include <QRegularExpression>
#include <QSet>

namespace capgraph::editor {

GraphDocument::GraphDocument(QObject *parent)
    : QObject(parent)
{
    setUndoStack(new QUndoStack(this));
}

void GraphDocument::setUndoStack(QUndoStack *stack)
{
    if (m_undo)
        disconnect(m_undo, nullptr, this, nullptr);
    m_undo = stack;
    connect(m_undo, &QUndoStack::cleanChanged, this, &GraphDocument::changed);
    connect(m_undo, &QUndoStack::cleanChanged, this, &GraphDocument::cleanChanged);
}

QString GraphDocument::displayName() const
{
    return m_filePath.isEmpty() ? tr("untitled.yaml") : QFileInfo(m_filePath).fileName();
}

bool GraphDocument::load(const QString &path, QString *error, QString *localError)
{
    const GraphLoadResult loaded = GraphYamlReader::readFile(path);
    if (!loaded.ok()) {
        if (error)
            *error = loaded.errorText(); // file:line:column: error: … as the command line prints it
        if (localError) {
            // The same for a person: file:line:column, then what was expected, in their language.
            QStringList lines;
            for (const Diagnostic &d : loaded.diagnostics)
                lines << d.localFormat(path);
            *localError = lines.isEmpty() ? loaded.errorText() : lines.join(QLatin1Char('\n'));
        }
        return false;
    }
    Graph graph = *loaded.graph;
    QHash<QPair<QString, QString>, QList<QPointF>> routes;
    placeUnplacedNodes(&graph, &routes);
    reset(graph, QFileInfo(path).absoluteFilePath(), routes);
    return true;
}

void GraphDocument::placeUnplacedNodes(Graph *graph, QHash<QPair<QString, QString>, QList<QPointF>> *routes)
{
    // Nodes without a place get one from the layout engine. When some nodes have places,
    // those keep them, and the others keep the arrangement the layout gave them, moved under
    // the placed ones so that nothing overlaps.
    QRectF placed, unplaced;
    QSet<QString> fresh;
    for (const Node &n : graph->nodes)
        if (!n.position)
            fresh.insert(n.id);
    if (fresh.isEmpty())
        return;
    const GraphLayout laidOut = layOutGraph(*graph);
    for (const Node &n : graph->nodes) {
        const QRectF footprint = nodeFootprint(n.kind, n.caption());
        if (n.position)
            placed = placed.united(footprint.translated(*n.position));
        else if (laidOut.centres.contains(n.id))
            unplaced = unplaced.united(footprint.translated(laidOut.centres.value(n.id)));
    }
    const QPointF shift = placed.isNull() ? QPointF() : QPointF(placed.left() - unplaced.left(), placed.bottom() + 80 - unplaced.top());
    for (Node &n : graph->nodes)
        if (!n.position && laidOut.centres.contains(n.id))
            n.position = laidOut.centres.value(n.id) + shift;
    // The layout's routes hold among the nodes it placed.
    for (auto it = laidOut.routes.cbegin(); it != laidOut.routes.cend(); ++it) {
        if (!fresh.contains(it.key().first) || !fresh.contains(it.key().second))
            continue;
        QList<QPointF> points = it.value();
        for (QPointF &p : points)
            p += shift;
        routes->insert(it.key(), points);
    }
}

bool GraphDocument::recover(const QString &copyPath, const QString &originalPath, QString *error)
{
    const GraphLoadResult loaded = GraphYamlReader::readFile(copyPath);
    if (!loaded.ok()) {
        if (error)
            *error = loaded.errorText();
        return false;
    }
    reset(*loaded.graph, originalPath.isEmpty() ? QString() : QFileInfo(originalPath).absoluteFilePath());
    m_undo->resetClean(); // unsaved: the file on disk is older than this
    emit changed();
    return true;
}

bool GraphDocument::save(const QString &path, QString *error)
{
    QString why;
    if (!GraphYamlWriter::writeFile(m_graph, path, &why)) {
        if (error)
            *error = why;
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (absolute != m_filePath) {
        m_filePath = absolute;
        emit filePathChanged(m_filePath);
        emit savedAs(m_filePath);
    }
    m_undo->setClean();
    emit changed();
    return true;
}

void GraphDocument::reset(const Graph &graph, const QString &filePath, const QHash<QPair<QString, QString>, QList<QPointF>> &routes)
{
    closeLevels();
    m_undo->clear();
    m_graph = graph;
    m_routeHints = routes;
    reindex();
    m_filePath = filePath;
    emit filePathChanged(m_filePath);
    emit graphReset();
    emit changed();
}

void GraphDocument::replaceContent(const Graph &graph)
{
    const QScopedValueRollback<bool> same(m_switching, true);
    m_graph.nodes = graph.nodes;
    m_graph.edges = graph.edges;
    m_graph.frames = graph.frames;
    m_graph.notes = graph.notes;
    m_routeHints.clear();
    reindex();
    emit graphReset();
    emit changed();
}

const Node *GraphDocument::node(const QString &id) const
{
    const int i = m_index.value(id, -1);
    return i < 0 ? nullptr : &m_graph.nodes.at(i);
}

QString GraphDocument::uniqueNodeId(const QString &stem) const
{
    for (int k = 1;; ++k) {
        const QString id = QStringLiteral("%1_%2").arg(stem).arg(k);
        if (!m_index.contains(id))
            return id;
    }
}

QList<int> GraphDocument::edgesOf(const QString &nodeId) const
{
    QList<int> out;
    for (int e = 0; e < m_graph.edges.size(); ++e)
        if (m_graph.edges.at(e).from == nodeId || m_graph.edges.at(e).to == nodeId)
            out.append(e);
    return out;
}

void GraphDocument::insertNode(int index, const Node &node)
{
    index = std::clamp(index, 0, int(m_graph.nodes.size()));
    m_graph.nodes.insert(index, node);
    reindex();
    emit nodeAdded(node.id);
    emit changed();
}

void GraphDocument::removeNode(const QString &id)
{
    const int i = nodeIndex(id);
    if (i < 0)
        return;
    m_graph.nodes.removeAt(i);
    reindex();
    emit nodeRemoved(id);
    emit changed();
}

void GraphDocument::replaceNode(const QString &id, const Node &node)
{
    const int i = nodeIndex(id);
    if (i < 0)
        return;
    m_graph.nodes[i] = node;
    if (node.id != id) {
        // A rename: edges, branch targets and loop pairs follow the node.
        for (Edge &e : m_graph.edges) {
            if (e.from == id)
                e.from = node.id;
            if (e.to == id)
                e.to = node.id;
        }
        for (Node &n : m_graph.nodes) {
            for (BranchCondition &c : n.conditions)
                if (c.target == id)
                    c.target = node.id;
            if (n.defaultTarget == id)
                n.defaultTarget = node.id;
            if (n.loopStart == id)
                n.loopStart = node.id;
        }
        for (Frame &f : m_graph.frames)
            f.nodes.replaceInStrings(QRegularExpression(QStringLiteral("^%1$").arg(QRegularExpression::escape(id))), node.id);
        reindex();
        // The scene renames the node's item first, so frames recomputed for the new member
        // list find it.
        emit nodeRenamed(id, node.id);
        emit annotationsChanged();
        emit edgesChanged();
    }
    emit nodeChanged(node.id);
    emit changed();
}

void GraphDocument::setNodePosition(const QString &id, const QPointF &centre)
{
    const int i = nodeIndex(id);
    if (i < 0)
        return;
    m_graph.nodes[i].position = centre;
    emit nodeChanged(id);
    emit changed();
}

void GraphDocument::insertEdge(int index, const Edge &edge)
{
    index = std::clamp(index, 0, int(m_graph.edges.size()));
    m_graph.edges.insert(index, edge);
    emit edgesChanged();
    emit changed();
}

void GraphDocument::removeEdge(int index)
{
    if (index < 0 || index >= m_graph.edges.size())
        return;
    m_graph.edges.removeAt(index);
    emit edgesChanged();
    emit changed();
}

void GraphDocument::replaceEdge(int index, const Edge &edge)
{
    if (index < 0 || index >= m_graph.edges.size())
        return;
    m_graph.edges[index] = edge;
    emit edgesChanged();
    emit changed();
}

GraphDocument::Header GraphDocument::header() const
{
    return {m_graph.id, m_graph.name, m_graph.version, m_graph.description, m_graph.inputs};
}

void GraphDocument::setHeader(const Header &header)
{
    m_graph.id = header.id;
    m_graph.name = header.name;
    m_graph.version = header.version;
    m_graph.description = header.description;
    m_graph.inputs = header.inputs;
    emit headerChanged();
    emit changed();
}

void GraphDocument::setAnnotations(const QList<Frame> &frames, const QList<Note> &notes)
{
    m_graph.frames = frames;
    m_graph.notes = notes;
    emit annotationsChanged();
    emit changed();
}

QString GraphDocument::uniqueAnnotationId(const QString &stem) const
{
    QSet<QString> used;
    for (const Frame &f : m_graph.frames)
        used.insert(f.id);
    for (const Note &n : m_graph.notes)
        used.insert(n.id);
    for (int k = 1;; ++k) {
        const QString id = QStringLiteral("%1_%2").arg(stem).arg(k);
        if (!used.contains(id))
            return id;
    }
}

void GraphDocument::reindex()
{
    m_index.clear();
    m_index.reserve(m_graph.nodes.size());
    for (int i = 0; i < m_graph.nodes.size(); ++i)
        if (!m_index.contains(m_graph.nodes.at(i).id))
            m_index.insert(m_graph.nodes.at(i).id, i);
}

} // namespace capgraph::editor
