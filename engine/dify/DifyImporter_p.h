#pragma once

// The Dify importer's inside: DifyImporter is its façade. DifyImporter.cpp reads and checks
// the file; DifyNodes.cpp maps each Dify node onto nodes of ours.

#include "dify/DifyExpressions.h"
#include "dify/DifyImporter.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <functional>

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
    // `container`: empty for the app; else the iteration or loop whose children are mapped.
    Graph map(const QString &container, const DifyScope *outer, QSet<QString> *outerHeads, int depth);
    // The containers' children, mapped as sub-graphs: name -> graph (filled by every level).
    QList<QPair<QString, Graph>> &subgraphs() { return *m_subgraphs; }

private:
    QString ourId(const QString &difyId, const QString &type);
    void mapNode(const SourceNode &n, Graph &g, int depth);
    void mapEdges(Graph &g);
    void report(const SourceNode &n, const QString &nodeId, DifyNodeReport::Status status, const QString &how);
    void warn(const SourceNode &n, const QString &message);
    void error(int line, int column, const QString &code, const QString &message);
    QString templ(const QString &text, const SourceNode &n, const QString &context = {});
    QString sel(const QVariant &selector, const SourceNode &n);
    void keep(Node &node, const SourceNode &n);
    Node skill(const SourceNode &n, const QString &id, const QString &skillId);
    void addEnd(Graph &g, const QString &from, const QString &id);
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
    QSet<QString> m_used;                  // our ids taken in this graph
    QHash<QString, QString> m_exitOf;      // Dify id -> our node the Dify node's edges leave from
    QHash<QString, QString> m_entryOf;     // Dify id -> our node the Dify node's edges arrive at
    QHash<QString, QString> m_branchOf;    // Dify id -> our branch routing its handles (if-else, classifier)
    QSet<QString> m_inScope;               // Dify ids of this graph's nodes
    // A container's children end in one node that sets what the container gives back
    // (name -> expression): the iteration's `output`, the loop's variables.
    QList<QPair<QString, std::function<QString()>>> m_results;
    friend class ContainerMapper;
    QString m_collector; // its id, when there are results
    QList<QPair<QString, Graph>> m_ownSubgraphs;
    QList<QPair<QString, Graph>> *m_subgraphs = &m_ownSubgraphs;
};

QString identifier(const QString &text); // [A-Za-z0-9_], not starting with a digit

} // namespace capgraph::dify
