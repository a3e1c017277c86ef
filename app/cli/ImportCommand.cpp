#include "ImportCommand.h"

#include "CliSpecs.h"

#include "dify/DifyImporter.h"
#include "io/AtomicWrite.h"
#include "yaml/GraphYamlWriter.h"
#include "yaml/InlineSubgraphs.h"

#include <QDir>
#include <QFileInfo>

namespace capgraph {

int ImportCommand::usage(const QString &problem)
{
    print(m_err, CliSpecs::usageError(QStringLiteral("import"), problem));
    return BadInput;
}

int ImportCommand::run(const QStringList &args)
{
    CliParser p(QStringLiteral("import"));
    const QCommandLineOption &outputOption = p.option(QStringLiteral("output"));
    const QCommandLineOption &reportOption = p.option(QStringLiteral("report"));
    const QCommandLineOption &mocksOption = p.option(QStringLiteral("mocks"));
    const QCommandLineOption &layoutOption = p.option(QStringLiteral("layout"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); }, [this](const QString &text) { print(m_out, text); }, QStringLiteral("import: ")))
        return *done;
    const QStringList positional = p.positionalArguments();
    if (positional.size() != 2 || positional.first() != QLatin1String("dify"))
        return usage(QStringLiteral("import: expected `dify APP.yml` (Dify's app DSL is the format read)"));
    const QString source = positional.at(1);
    const DifyImportResult r = DifyImporter::readFile(source);
    for (const Diagnostic &d : r.diagnostics)
        print(m_err, d.format() + QLatin1Char('\n'));
    if (!r.ok())
        return BadInput;
    Graph graph = *r.graph;
    if (p.isSet(layoutOption)) { // our layout rather than Dify's positions: the studio lays out nodes without one
        for (Node &n : graph.nodes)
            n.position.reset();
    }
    QString target = p.value(outputOption);
    const QFileInfo in(source);
    if (target.isEmpty()) {
        target = in.dir().filePath(in.completeBaseName() + QStringLiteral(".capgraph.yaml"));
        if (QFileInfo::exists(target)) {
            print(m_err, QStringLiteral("capgraph: %1 exists; name the graph to write with -o\n").arg(target));
            return BadInput;
        }
    }
    const QString mocksFile = p.value(mocksOption);
    for (const QString &out : {target, mocksFile})
        if (!out.isEmpty() && QFileInfo(out).canonicalFilePath() == in.canonicalFilePath()) {
            print(m_err, QStringLiteral("capgraph: %1 is the Dify file itself, which import never writes; name another file\n").arg(out));
            return BadInput;
        }
    if (!mocksFile.isEmpty() && QFileInfo(mocksFile).absoluteFilePath() == QFileInfo(target).absoluteFilePath()) {
        print(m_err, QStringLiteral("capgraph: --mocks and the graph are the same file, %1; name two\n").arg(target));
        return BadInput;
    }
    QString error;
    if (!GraphYamlWriter::writeFile(graph, target, &error)) {
        print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
        return BadInput;
    }
    if (!mocksFile.isEmpty() && !writeFileAtomically(mocksFile, r.mocksYaml(), &error)) {
        print(m_err, QStringLiteral("capgraph: %1\n").arg(error));
        return BadInput;
    }
    if (p.isSet(reportOption))
        print(m_out, r.reportText());
    print(m_out, QStringLiteral("%1 (Dify DSL %2, %3) -> %4: %5 nodes, %6 edges, %7 sub-graphs%8\n")
                     .arg(in.fileName(), r.version, r.mode, target)
                     .arg(graph.nodes.size())
                     .arg(graph.edges.size())
                     .arg(InlineSubgraphs::names(graph).size())
                     .arg(p.isSet(mocksOption) ? QStringLiteral("; mocks in ") + p.value(mocksOption) : QString()));
    return Ok;
}

} // namespace capgraph
