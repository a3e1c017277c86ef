// A capability graph file from anywhere: read, lint, metrics, layout (small graphs), written
// back — and what the writer wrote must read back to the same model and write the same bytes.
#include "FuzzSupport.h"

#include "layout/GraphAutoLayout.h"
#include "metrics/GraphMetrics.h"
#include "validation/GraphValidator.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

using namespace capgraph;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::quiet();
    const GraphLoadResult first = GraphYamlReader::readBytes(fuzz::bytes(data, size), QStringLiteral("fuzz.yaml"));
    for (const Diagnostic &d : first.diagnostics)
        if (d.format().isEmpty())
            fuzz::finding("a diagnostic without text");
    if (!first.ok())
        return 0;
    const Graph &graph = *first.graph;
    GraphValidator::validate(graph, QStringLiteral("fuzz.yaml"));
    GraphMetrics::compute(graph);
    if (graph.nodes.size() <= 64)
        layOutGraph(graph);

    const QByteArray written = GraphYamlWriter::toYaml(graph);
    const GraphLoadResult second = GraphYamlReader::readBytes(written, QStringLiteral("written.yaml"));
    if (!second.ok())
        fuzz::finding("the writer wrote a file the reader refuses", written + "\n---\n" + second.errorText().toUtf8());
    if (*second.graph != graph)
        fuzz::finding("the written file reads back to a different graph", written);
    if (GraphYamlWriter::toYaml(*second.graph) != written)
        fuzz::finding("writing the read-back graph gives other bytes", written);
    return 0;
}
