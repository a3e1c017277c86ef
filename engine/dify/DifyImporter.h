#pragma once

#include "diagnostics/Diagnostic.h"
#include "model/Graph.h"
#include "yaml/GraphYamlReader.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QVariantMap>

#include <optional>

namespace capgraph {

// What the import did with one Dify node (`capgraph import dify --report`).
struct DifyNodeReport
{
    enum class Status { Mapped, Approximated, StandIn, Kept };
    QString difyId;
    QString nodeId; // ours
    QString type;   // Dify's data.type
    QString title;
    Status status = Status::Mapped;
    QString how;    // what it became, and for approximations what differs
    static QString statusName(Status s);
};

struct DifyImportResult
{
    std::optional<Graph> graph;   // set only when there is no error
    Diagnostics diagnostics;      // errors refuse the file; warnings (a newer DSL version) do not
    QList<DifyNodeReport> report; // one entry per Dify node, in file order
    // A mock file for the calls that need a model or a service (llm, classifier, extractor,
    // stand-ins): {nodes: {id: {outputs: {...}}}}, one placeholder answer per call site.
    QVariantMap mocks;
    QString version; // the DSL's `version`
    QString mode;    // app.mode

    bool ok() const { return graph.has_value(); }
    QString errorText() const;
    QString reportText() const; // a table, one line per node
    QByteArray mocksYaml() const;
};

// Reads a Dify app DSL (the YAML of Dify's File > Export DSL: `kind: app`, `version`, `app`,
// `workflow.graph.nodes/edges`) as a capability graph that runs (docs/dify.md). Every field of
// a Dify node is kept with the node it became (the `dify` key), so DifyExporter gives the app
// back. Never throws; a malformed file gives file:line:column errors and no graph.
class DifyImporter
{
public:
    // Whether a YAML file is a Dify DSL rather than a capability graph: a top-level `app`
    // mapping with `kind`, `version` or `workflow` beside it, and no `graph`.
    static bool looksLikeDify(const QByteArray &data);
    static DifyImportResult readFile(const QString &path);
    static DifyImportResult readBytes(const QByteArray &data, const QString &fileName = QString());
    // A graph file's bytes as a graph: a capability graph as GraphYamlReader reads it, or a
    // Dify DSL imported (what a run, resumed or not, accepts straight from a DSL file).
    static GraphLoadResult readGraph(const QByteArray &data, const QString &fileName = QString());
    // A Dify note's text: its editor state (Lexical JSON) read as paragraphs, one a line; text
    // that is not such JSON as it is.
    static QString noteText(const QString &editorState);
    // The newest DSL version known to load without a warning.
    static QString newestKnownVersion();
    // Limits: at most this many nodes, and containers nested this deep.
    static constexpr int kMaxNodes = 20000;
    static constexpr int kMaxNesting = 8;
};

} // namespace capgraph
