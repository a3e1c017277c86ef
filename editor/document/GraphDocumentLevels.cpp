// GraphDocument's sub-graphs (docs/studio.md, "Sub-graphs"): the graph on screen may be the
// graph a composite node of another graph runs; the ones above it wait with their files,
// histories and unsaved changes, and sub-graphs left with unsaved changes are kept.
#include "document/GraphDocument.h"

#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

#include <QFileInfo>
#include <QScopedValueRollback>

namespace capgraph::editor {

bool GraphDocument::sameFile(const QString &a, const QString &b)
{
    if (a.isEmpty() || b.isEmpty())
        return false;
    const QFileInfo x(a), y(b);
    const QString cx = x.canonicalFilePath(), cy = y.canonicalFilePath(); // links and "./" resolved
    return !cx.isEmpty() && !cy.isEmpty() ? cx == cy : x.absoluteFilePath() == y.absoluteFilePath();
}

GraphDocument::Level GraphDocument::park()
{
    Level level;
    level.graph = std::move(m_graph);
    level.filePath = m_filePath;
    level.routeHints = std::move(m_routeHints);
    level.undo = m_undo;
    level.via = m_via;
    m_graph = Graph();
    m_routeHints.clear();
    return level;
}

void GraphDocument::show(Level level)
{
    const QScopedValueRollback<bool> switching(m_switching, true);
    m_graph = std::move(level.graph);
    m_routeHints = std::move(level.routeHints);
    m_via = level.via;
    reindex();
    setUndoStack(level.undo);
    m_filePath = level.filePath;
    emit undoStackChanged(m_undo);
    emit filePathChanged(m_filePath);
    emit graphReset();
    emit levelChanged();
    emit cleanChanged(m_undo->isClean());
    emit changed();
}

bool GraphDocument::enter(const QString &path, const QString &via, QString *error, QString *localError)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const auto refuse = [&](const QString &why, const QString &localWhy) {
        if (error)
            *error = why;
        if (localError)
            *localError = localWhy;
        return false;
    };
    if (sameFile(absolute, m_filePath))
        return refuse(QStringLiteral("%1: the sub-graph is the graph on screen (a capability that calls itself)").arg(absolute),
                      tr("%1 is the graph on screen: the capability calls itself.").arg(QFileInfo(absolute).fileName()));
    for (const Level &above : m_above)
        if (sameFile(absolute, above.filePath))
            return refuse(QStringLiteral("%1: the sub-graph is open above (a capability that calls itself)").arg(absolute),
                          tr("%1 is open above: the capability calls itself.").arg(QFileInfo(absolute).fileName()));
    // Left earlier with unsaved changes: back as it was left, with its history.
    for (auto it = m_left.begin(); it != m_left.end(); ++it) {
        if (!sameFile(absolute, it->filePath))
            continue;
        Level child = std::move(*it);
        m_left.erase(it);
        child.via = via;
        m_above.push_back(park());
        show(std::move(child));
        return true;
    }
    const GraphLoadResult loaded = GraphYamlReader::readFile(absolute);
    if (!loaded.ok()) {
        QStringList lines;
        for (const Diagnostic &d : loaded.diagnostics)
            lines << d.localFormat(absolute);
        return refuse(loaded.errorText(), lines.isEmpty() ? loaded.errorText() : lines.join(QLatin1Char('\n')));
    }
    Level child;
    child.graph = *loaded.graph;
    placeUnplacedNodes(&child.graph, &child.routeHints);
    child.filePath = absolute;
    child.undo = new QUndoStack(this);
    child.via = via;
    m_above.push_back(park());
    show(std::move(child));
    return true;
}

void GraphDocument::leaveTo(int depth)
{
    if (depth < 0 || depth >= this->depth())
        return;
    // The levels below `depth`, the one on screen last: kept when they have unsaved changes.
    std::vector<Level> going;
    while (int(m_above.size()) > depth + 1) {
        going.push_back(std::move(m_above.back()));
        m_above.pop_back();
    }
    going.push_back(park());
    Level back = std::move(m_above.back());
    m_above.pop_back();
    show(std::move(back)); // (before the histories left go: the one that was on screen is disconnected first)
    for (Level &l : going) {
        if (l.undo->isClean()) {
            delete l.undo;
        } else {
            l.via.clear();
            m_left.push_back(std::move(l));
        }
    }
}

QStringList GraphDocument::levelPath() const
{
    QStringList path;
    for (std::size_t i = 1; i < m_above.size(); ++i)
        path << m_above[i].via;
    if (!m_above.empty())
        path << m_via;
    return path;
}

QStringList GraphDocument::levelFiles() const
{
    QStringList files;
    for (const Level &l : m_above)
        files << l.filePath;
    files << m_filePath;
    return files;
}

QStringList GraphDocument::modifiedElsewhere() const
{
    QStringList files;
    for (const Level &l : m_above)
        if (!l.undo->isClean())
            files << l.filePath;
    for (const Level &l : m_left)
        if (!l.undo->isClean())
            files << l.filePath;
    return files;
}

bool GraphDocument::saveElsewhere(const QString &path, QString *error)
{
    const auto write = [&](Level &l) {
        if (!GraphYamlWriter::writeFile(l.graph, l.filePath, error))
            return false;
        l.undo->setClean();
        return true;
    };
    for (Level &l : m_above)
        if (sameFile(path, l.filePath))
            return write(l);
    for (Level &l : m_left)
        if (sameFile(path, l.filePath))
            return write(l);
    if (error)
        *error = tr("%1 is not open").arg(path);
    return false;
}

QList<GraphDocument::Unsaved> GraphDocument::unsavedGraphs() const
{
    QList<Unsaved> out;
    for (std::size_t i = 0; i < m_above.size(); ++i)
        if (!m_above[i].undo->isClean())
            out.append({m_above[i].filePath, &m_above[i].graph, i == 0});
    if (!m_undo->isClean())
        out.append({m_filePath, &m_graph, m_above.empty()});
    for (const Level &l : m_left)
        if (!l.undo->isClean())
            out.append({l.filePath, &l.graph, false});
    return out;
}

bool GraphDocument::recoverSubgraph(const QString &copyPath, const QString &originalPath, QString *error)
{
    const QString absolute = QFileInfo(originalPath).absoluteFilePath();
    if (originalPath.isEmpty() || sameFile(absolute, m_filePath) || sameFile(absolute, topFilePath())) {
        if (error)
            *error = QStringLiteral("%1: not a sub-graph of the open graph").arg(originalPath);
        return false;
    }
    const GraphLoadResult loaded = GraphYamlReader::readFile(copyPath);
    if (!loaded.ok()) {
        if (error)
            *error = loaded.errorText();
        return false;
    }
    std::erase_if(m_left, [&](Level &l) {
        if (!sameFile(absolute, l.filePath))
            return false;
        delete l.undo;
        return true;
    });
    Level child;
    child.graph = *loaded.graph;
    placeUnplacedNodes(&child.graph, &child.routeHints);
    child.filePath = absolute;
    child.undo = new QUndoStack(this);
    child.undo->resetClean(); // unsaved: the file on disk is older than this
    m_left.push_back(std::move(child));
    return true;
}

void GraphDocument::discardLeft()
{
    for (Level &l : m_left)
        delete l.undo;
    m_left.clear();
}

void GraphDocument::closeLevels()
{
    discardLeft();
    if (m_above.empty())
        return;
    for (Level &l : m_above)
        if (l.undo != m_undo)
            delete l.undo;
    m_above.clear();
    m_via.clear();
    emit levelChanged();
}

} // namespace capgraph::editor
