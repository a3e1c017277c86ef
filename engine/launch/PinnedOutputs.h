#pragma once

#include <QHash>
#include <QString>
#include <QVariant>
#include <QVariantMap>

namespace capgraph {

// Pinned outputs (docs/execution.md, "Pinned outputs"): skill nodes whose handler a run does
// not call, giving a fixed value instead (an expensive upstream result kept while one prompt
// downstream is tried again). They are kept beside the graph, never inside it: a YAML mapping
// of node ids to their outputs,
//
//     search_literature:
//       result_count: 4
//       results: [Scarselli 2009, Kipf 2017]
//
// read by `capgraph run --pinned FILE`, test cases' `pinned:` and the studio (which keeps
// GRAPH.pins.yaml beside GRAPH.yaml).
namespace PinnedOutputs {

using Pins = QHash<QString, QVariantMap>;

// Where the studio keeps a graph's pins: "report.yaml" -> "report.pins.yaml".
QString fileFor(const QString &graphFile);
// A parsed document (a mapping of node ids to mappings); `file` names it in messages.
bool fromVariant(const QVariant &doc, const QString &file, Pins *pins, QString *error);
// A pins file; false with "FILE:line:column: what" or "cannot read FILE: why".
bool read(const QString &path, Pins *pins, QString *error);
// Writes `pins` as YAML, atomically; an empty set removes the file.
bool write(const QString &path, const Pins &pins, QString *error);

} // namespace PinnedOutputs

} // namespace capgraph
