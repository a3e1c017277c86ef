// A Dify app DSL from anywhere: imported, its graph (when there is one) linted, written as our
// YAML and read back equal, exported back to a DSL that imports again.
#include "FuzzSupport.h"

#include "dify/DifyExporter.h"
#include "dify/DifyImporter.h"
#include "validation/GraphValidator.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

using namespace capgraph;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::quiet();
    const DifyImportResult r = DifyImporter::readBytes(fuzz::bytes(data, size), QStringLiteral("fuzz.yml"));
    for (const Diagnostic &d : r.diagnostics)
        if (d.format().isEmpty())
            fuzz::finding("a diagnostic without text");
    if (!r.ok())
        return 0;
    const Graph &graph = *r.graph;
    GraphValidator::validate(graph, QStringLiteral("fuzz.yml"));
    const QByteArray written = GraphYamlWriter::toYaml(graph);
    const GraphLoadResult again = GraphYamlReader::readBytes(written, QStringLiteral("written.yaml"));
    if (!again.ok())
        fuzz::finding("an imported app written as a graph does not read back", written.left(4000));
    if (!(*again.graph == graph))
        fuzz::finding("an imported app written as a graph reads back different", written.left(4000));
    QStringList problems;
    const QByteArray dsl = DifyExporter::toDsl(graph, &problems);
    if (dsl.isEmpty())
        fuzz::finding("an imported app does not export", problems.join(QLatin1Char('\n')).toUtf8());
    const DifyImportResult back = DifyImporter::readBytes(dsl, QStringLiteral("exported.yml"));
    if (!back.ok())
        fuzz::finding("an exported app does not import", (back.errorText() + QLatin1Char('\n')).toUtf8() + dsl.left(4000));
    return 0;
}
