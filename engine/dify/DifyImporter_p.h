#pragma once

// The Dify importer's inside: DifyImporter is its façade. DifyImporter.cpp reads and checks
// the file; DifyNodes.cpp maps each Dify node onto nodes of ours.

#include "dify/DifyExpressions.h"
#include "dify/DifyImporter.h"
#include "model/NodeKind.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <functional>
#include <memory>

#include <yaml-cpp/yaml.h>

namespace capgraph::dify {

// A Dify node as read: its YAML (kept whole with the node it becomes) and parsed data.
struct SourceNode
{
    YAML::Node yaml;
    QString id;
    QString nodeType;  // React Flow's `type`: custom, custom-note, custom-iteration-start …
    QString type;      // data.type
    QString title;
    QString parent;    // the iteration or loop it sits in
    QVariantMap data;
    QPointF position;  // top-left, relative to its parent
    bool placed = false; // the DSL gives a position (else the studio lays the graph out)
    QSizeF size;
    int line = 0, column = 0;
};

struct SourceEdge
{
    YAML::Node yaml;
    QString id, source, target, handle;
    int line = 0, column = 0;
};

// Maps the nodes of one graph (the app, or a container's children) onto a Graph.
class ScopeMapper
{
public:
    ScopeMapper(DifyImportResult *result, const QString &file, const QList<SourceNode> &all, const QList<SourceEdge> &edges,
                const QHash<QString, int> &index);
    // A container's children: the same file, ids and indexes as `parent`.
    explicit ScopeMapper(const ScopeMapper *parent);
    // `container`: empty for the app; else the iteration or loop whose children are mapped.
    Graph map(const QString &container, const DifyScope *outer, QSet<QString> *outerHeads, int depth);
    // The containers' children, mapped as sub-graphs: name -> graph (filled by every level).
    QList<QPair<QString, Graph>> &subgraphs() { return m_shared->subgraphs; }

private:
    QString ourId(const QString &difyId, const QString &type);
    void mapNode(const SourceNode &n, Graph &g, int depth);
    void mapEdges(Graph &g);
    void planParallel(Graph &g); // DifyParallel.cpp: forks' parallel edges and the joins where they meet
    QList<int> scopeEdges() const; // the edges out of this graph's nodes, in file order
    void report(const SourceNode &n, const QString &nodeId, DifyNodeReport::Status status, const QString &how);
    void warn(const SourceNode &n, const QString &message);
    void error(int line, int column, const QString &code, const QString &message);
    QString templ(const QString &text, const SourceNode &n, const QString &context = {});
    QString sel(const QVariant &selector, const SourceNode &n);
    void keep(Node &node, const SourceNode &n);
    Node ours(const SourceNode &n, const QString &id, NodeKind kind); // the node Dify node `n` becomes, kept whole in it
    Node skill(const SourceNode &n, const QString &id, const QString &skillId);
    void addEnd(Graph &g, const QString &from, const QString &id);
    // A branch deciding for Dify node `difyId` after our node `from` (a classifier's classes, a fail branch).
    void addRoute(Graph &g, const QString &from, const QString &difyId, Node route);
    // Where a way out that leads nowhere goes: a container's results, else an end of its own.
    QString stopTarget(Graph &g, const QString &owner, const QString &idBase);
    // Where a branch's way out `handle` of Dify node `n` goes: its node, a parallel_split to its
    // nodes when there are several, or nothing when no edge leaves by it.
    QString handleTarget(Graph &g, const SourceNode &n, const QString &handle, const QString &branchId);
    void addMock(const QString &nodeId, const QVariantMap &outputs);
    void mapStart(const SourceNode &n, Graph &g);
    void mapLlm(const SourceNode &n, Graph &g);
    void mapIfElse(const SourceNode &n, Graph &g);
    void mapClassifier(const SourceNode &n, Graph &g);
    void mapContainer(const SourceNode &n, Graph &g, int depth);
    void mapHttp(const SourceNode &n, Graph &g);
    void mapExtractor(const SourceNode &n, Graph &g);
    void mapStandIn(const SourceNode &n, Graph &g);
    void parameters(const QVariantMap &params, Node &s, const SourceNode &n);

    DifyImportResult *m_result;
    QString m_file;
    const QList<SourceNode> &m_all;
    const QList<SourceEdge> &m_edges;
    const QHash<QString, int> &m_index;
    QString m_container;
    DifyScope m_scope;
    // What every graph of the app (the app, its containers' children) shares: ids are unique
    // across all of them (sub-graphs are kept by their container's id), and the indexes.
    struct Shared
    {
        QHash<QString, QList<int>> childrenOf; // container Dify id ("" for the app) -> nodes, in file order
        QHash<QString, QList<int>> edgesFrom;  // Dify id -> its edges, in file order
        QSet<QString> used;                    // our ids taken
        QHash<QString, int> nextSuffix;        // base -> the next number to try
        QList<QPair<QString, Graph>> subgraphs;
    };
    std::shared_ptr<Shared> m_shared;
    QHash<QString, QString> m_exitOf;      // Dify id -> our node the Dify node's edges leave from
    QHash<QString, QString> m_entryOf;     // Dify id -> our node the Dify node's edges arrive at
    QHash<QString, QString> m_branchOf;    // Dify id -> our branch routing its handles (if-else, classifier)
    QSet<QString> m_inScope;               // Dify ids of this graph's nodes
    // A container's children end in one node that sets what the container gives back
    // (name -> expression): the iteration's `output`, the loop's variables.
    QList<QPair<QString, std::function<QString()>>> m_results;
    friend class ContainerMapper;
    QString m_collector; // its id, when there are results
    std::optional<QPointF> centreOf(const SourceNode &n) const; // where our node of it goes, if anywhere
    QSet<QString> m_forks; // Dify ids of the nodes whose edges start parallel branches
};

// Reading Dify's node data (parsed YAML) for the mappers.
inline QString str(const QVariant &v)
{
    return v.toString();
}
inline QVariantMap asMap(const QVariant &v)
{
    return v.toMap();
}
inline QStringList selectorOf(const QVariant &v)
{
    QStringList s;
    for (const QVariant &p : v.toList())
        s << p.toString();
    return s;
}
// A placeholder answer of a JSON-schema-ish type, for the mock file.
inline QVariant placeholder(const QString &type, const QString &what)
{
    if (type == QLatin1String("number") || type == QLatin1String("integer"))
        return 0;
    if (type == QLatin1String("boolean") || type == QLatin1String("bool"))
        return false;
    if (type.startsWith(QLatin1String("array")))
        return QVariantList{};
    if (type == QLatin1String("object"))
        return QVariantMap{};
    return what;
}
// Text our templates must not read: `${` stays literal.
inline QString plainText(QString s)
{
    return s.replace(QStringLiteral("${"), QStringLiteral("$${"));
}

QString identifier(const QString &text); // [A-Za-z0-9_], not starting with a digit

} // namespace capgraph::dify
