// YAML load/save: the seed's example as written, deterministic round trips, unknown keys
// kept, and malformed input answered with file:line:column errors, never a crash.
#include "support/ExampleGraphs.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"
#include "io/YamlValue.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

using namespace capgraph;

namespace {
QString examplesDir() { return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples"); }
QString fixture(const QString &rel) { return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/") + rel; }

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

const Diagnostic *findCode(const Diagnostics &diags, const QString &code)
{
    for (const Diagnostic &d : diags)
        if (d.code == code)
            return &d;
    return nullptr;
}

// A graph that uses every field the model knows, plus unknown keys at every level.
QByteArray everything() { return readAll(fixture(QStringLiteral("everything.yaml"))); }
} // namespace

class TestYamlIo : public QObject
{
    Q_OBJECT

private slots:
    void seedExampleIsTheSeedText();
    void seedExampleLoadsAsWritten();
    void everyFieldLoads();
    void roundTrip_data();
    void roundTrip();
    void canonicalOutputIsStable();
    void framesAndNotes();
    void unknownKeysSurviveRoundTrip();
    void editedExtraFieldValidatesYaml();
    void unknownValuesKeepTheirExactValue();
    void malformed_data();
    void malformed();
    void documentMarkers_data();
    void documentMarkers();
    void binaryGarbage();
    void mutatedFilesNeverCrash();
    void missingFileIsUnreadable();
    void saveIsAtomic();
};

void TestYamlIo::seedExampleIsTheSeedText()
{
    // The example must be the seed's YAML exactly as written (seed 000, "Graph Schema").
    const QDir seeds(QStringLiteral(CAPGRAPH_SOURCE_DIR "/../shared/seeds"));
    const QStringList found = seeds.entryList({QStringLiteral("000_*.txt")});
    if (found.isEmpty())
        QSKIP("../shared/seeds is not beside the project");
    const QString seed = QString::fromUtf8(readAll(seeds.filePath(found.first())));
    const qsizetype begin = seed.indexOf(QStringLiteral("# .claude/capabilities/write-report/graph.yaml"));
    QVERIFY(begin > 0);
    const qsizetype end = seed.indexOf(QStringLiteral("```"), begin);
    QVERIFY(end > begin);
    QCOMPARE(QString::fromUtf8(readAll(examplesDir() + QStringLiteral("/write-report.yaml"))), seed.mid(begin, end - begin));
}

void TestYamlIo::seedExampleLoadsAsWritten()
{
    const GraphLoadResult r = GraphYamlReader::readFile(examplesDir() + QStringLiteral("/write-report.yaml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QVERIFY(r.diagnostics.isEmpty());
    const Graph &g = *r.graph;
    QCOMPARE(g.id, QStringLiteral("write-report"));
    QCOMPARE(g.version, QStringLiteral("1.0"));
    QCOMPARE(g.nodes.size(), 15);
    QCOMPARE(g.edges.size(), 12);

    const Node *branch = g.node(QStringLiteral("branch_input_type"));
    QVERIFY(branch);
    QCOMPARE(branch->kind, NodeKind::Branch);
    QCOMPARE(branch->type, QStringLiteral("control.branch"));
    QCOMPARE(branch->conditions.size(), 3);
    QCOMPARE(branch->conditions.at(0).name, QStringLiteral("pdf_mode"));
    QCOMPARE(branch->conditions.at(0).expression, QStringLiteral("input.type == 'pdf'"));
    QCOMPARE(branch->conditions.at(0).target, QStringLiteral("read_pdf"));
    QCOMPARE(branch->conditions.at(2).target, QStringLiteral("loop_search_start"));
    QCOMPARE(branch->conditions.at(0).expressionLocation.line, 21);
    QCOMPARE(branch->conditions.at(0).expressionLocation.column, 23);
    QCOMPARE(branch->conditions.at(0).expressionLocation.contentOffset, 1);

    const Node *enough = g.node(QStringLiteral("branch_enough"));
    QVERIFY(enough);
    QCOMPARE(enough->conditions.at(0).expression, QStringLiteral("result_count >= 10 OR iteration >= 3"));
    QCOMPARE(enough->conditions.at(1).target, QStringLiteral("expand_query"));

    const Node *loopEnd = g.node(QStringLiteral("loop_search_end"));
    QVERIFY(loopEnd);
    QCOMPARE(loopEnd->kind, NodeKind::LoopEnd);
    QCOMPARE(loopEnd->loopStart, QStringLiteral("loop_search_start"));
    QCOMPARE(g.node(QStringLiteral("loop_search_start"))->maxIterations, std::optional<int>(5));
    QCOMPARE(g.node(QStringLiteral("search_literature"))->outputs,
             QStringList({QStringLiteral("result_count"), QStringLiteral("results")}));
    QCOMPARE(g.node(QStringLiteral("identify_input"))->skillId, QStringLiteral("input-classifier"));
    QCOMPARE(g.node(QStringLiteral("identify_input"))->executionMode, QStringLiteral("single"));

    const Node *select = g.node(QStringLiteral("confirm_selection"));
    QVERIFY(select);
    QCOMPARE(select->kind, NodeKind::Select);
    QCOMPARE(select->prompt, QStringLiteral("請選擇要分析的文獻"));
    QCOMPARE(select->optionsFrom, QStringLiteral("results"));

    QCOMPARE(g.edges.at(7).kind, EdgeKind::Iteration);
    QCOMPARE(g.edges.at(7).from, QStringLiteral("expand_query"));
    QCOMPARE(g.edges.at(7).to, QStringLiteral("loop_search_start"));

    QCOMPARE(g.metadata.value(QStringLiteral("estimated_complexity")).toString(), QStringLiteral("high"));
    QCOMPARE(g.metadata.value(QStringLiteral("typical_iterations")).toString(), QStringLiteral("2-3"));
    QCOMPARE(g.metadata.value(QStringLiteral("human_interactions")).toLongLong(), 1);
    QCOMPARE(g.headerComment, QStringList{QStringLiteral("# .claude/capabilities/write-report/graph.yaml")});

    // Branch targets given only inside `conditions` are control flow.
    const QList<FlowEdge> flow = g.flowEdges();
    QCOMPARE(flow.size(), 17);
    int conditionEdges = 0;
    for (const FlowEdge &f : flow)
        if (f.origin == FlowEdge::Origin::Condition) {
            ++conditionEdges;
            QCOMPARE(f.kind, EdgeKind::Conditional);
        }
    QCOMPARE(conditionEdges, 5);
}

void TestYamlIo::everyFieldLoads()
{
    const GraphLoadResult r = GraphYamlReader::readBytes(everything(), QStringLiteral("everything.yaml"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Graph &g = *r.graph;
    QCOMPARE(g.version, QStringLiteral("2.1"));
    QCOMPARE(g.headerComment.size(), 2);
    const Node *work = g.node(QStringLiteral("work"));
    QCOMPARE(work->executionMode, QStringLiteral("iterative"));
    QCOMPARE(work->maxIterations, std::optional<int>(4));
    QCOMPARE(work->timeout, std::optional<double>(2.5));
    QCOMPARE(work->position, std::optional<QPointF>(QPointF(100, 200)));
    QCOMPARE(g.node(QStringLiteral("start"))->position, std::optional<QPointF>(QPointF(10, -20.5)));
    QCOMPARE(work->extra.keys(), QStringList({QStringLiteral("hints"), QStringLiteral("note")}));
    QCOMPARE(work->retryAttempts, std::optional<int>(3));
    QCOMPARE(work->retryBackoff, std::optional<double>(0.5));
    QCOMPARE(work->retryMultiplier, std::optional<double>(2));
    QCOMPARE(work->onError, QStringLiteral("continue"));
    QCOMPARE(work->inputs.keys(), QStringList({QStringLiteral("query"), QStringLiteral("limit"), QStringLiteral("filters")}));
    QCOMPARE(work->inputs.value(QStringLiteral("query")).toString(), QStringLiteral("${input.topic} reviews"));
    QCOMPARE(work->inputs.value(QStringLiteral("limit")).toLongLong(), 10);
    const Node *fan = g.node(QStringLiteral("fan"));
    QCOMPARE(fan->forEach, QStringLiteral("work.b"));
    QCOMPARE(fan->concurrency, std::optional<int>(8));
    QCOMPARE(work->extra.value(QStringLiteral("note")).typeId(), QMetaType::QString); // "123" stays a string
    QCOMPARE(work->extra.value(QStringLiteral("hints")).toMap().value(QStringLiteral("attempts")).toLongLong(), 3);
    const Node *pick = g.node(QStringLiteral("pick"));
    QCOMPARE(pick->prompt, QStringLiteral("請選擇: \"quoted\"\nsecond line"));
    QCOMPARE(pick->options, QStringList({QStringLiteral("one"), QStringLiteral("two words"), QStringLiteral("true")}));
    QCOMPARE(g.node(QStringLiteral("ask"))->kind, NodeKind::Input); // bare subtype accepted
    const Node *decide = g.node(QStringLiteral("decide"));
    QCOMPARE(decide->defaultTarget, QStringLiteral("end"));
    QCOMPARE(decide->conditions.at(0).extra.value(QStringLiteral("probability")).toDouble(), 0.25);
    QCOMPARE(decide->conditions.at(1).name, QString());
    QCOMPARE(g.node(QStringLiteral("end"))->extra.value(QStringLiteral("description")).toString(),
             QStringLiteral("Multi-line\nliteral text.\n"));
    QCOMPARE(g.edges.at(0).type, QStringLiteral("sequence")); // default type
    QCOMPARE(g.edges.at(1).weight, std::optional<double>(0.75));
    QCOMPARE(g.edges.at(1).condition, QStringLiteral("a >= 1"));
    QCOMPARE(g.edges.at(2).syncRequired, std::optional<bool>(false));
    QVERIFY(g.edges.at(2).isBackground());
    QCOMPARE(g.edges.at(3).maxCount, std::optional<int>(2));
    QCOMPARE(g.edges.at(3).exitCondition, QStringLiteral("a > 9"));
    QCOMPARE(g.extra.keys(), QStringList{QStringLiteral("owner")});
    QCOMPARE(g.documentExtra.keys(), QStringList{QStringLiteral("extensions")});
    QCOMPARE(g.metadata.value(QStringLiteral("tags")).toList().size(), 2);
}

void TestYamlIo::roundTrip_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("name");
    const QDir examples(examplesDir());
    for (const QString &f : exampleGraphFiles(examples))
        QTest::newRow(qPrintable(f)) << readAll(examples.filePath(f)) << f;
    const QDir bench(QStringLiteral(CAPGRAPH_SOURCE_DIR "/../shared/bench/engine/graphs"));
    for (const QString &f : bench.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(QStringLiteral("bench/") + f)) << readAll(bench.filePath(f)) << f;
    QTest::newRow("everything") << everything() << QStringLiteral("everything.yaml");
    QTest::newRow("annotations") << readAll(fixture(QStringLiteral("annotations.yaml"))) << QStringLiteral("annotations.yaml");
}

void TestYamlIo::roundTrip()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, name);
    const GraphLoadResult first = GraphYamlReader::readBytes(bytes, name);
    QVERIFY2(first.ok(), qPrintable(first.errorText()));
    const QByteArray saved = GraphYamlWriter::toYaml(*first.graph);
    QCOMPARE(GraphYamlWriter::toYaml(*first.graph), saved); // deterministic
    const GraphLoadResult second = GraphYamlReader::readBytes(saved, name);
    QVERIFY2(second.ok(), qPrintable(second.errorText() + QStringLiteral("\n") + QString::fromUtf8(saved)));
    QVERIFY(*second.graph == *first.graph);                   // load -> save -> load is equal
    QCOMPARE(GraphYamlWriter::toYaml(*second.graph), saved);  // and the canonical form is a fixed point
}

void TestYamlIo::canonicalOutputIsStable()
{
    // The canonical form of the seed example, byte for byte: a change here changes every
    // user's diffs, so it must be deliberate.
    const GraphLoadResult r = GraphYamlReader::readFile(examplesDir() + QStringLiteral("/write-report.yaml"));
    QVERIFY(r.ok());
    const QByteArray expected = readAll(fixture(QStringLiteral("golden/write-report.canonical.yaml")));
    QVERIFY(!expected.isEmpty());
    QCOMPARE(QString::fromUtf8(GraphYamlWriter::toYaml(*r.graph)), QString::fromUtf8(expected));
}

void TestYamlIo::framesAndNotes()
{
    const GraphLoadResult r = GraphYamlReader::readFile(fixture(QStringLiteral("annotations.yaml")));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.graph->frames.size(), 1);
    const Frame &f = r.graph->frames.first();
    QCOMPARE(f.id, QStringLiteral("research"));
    QCOMPARE(f.title, QStringLiteral("调研 Research"));
    QCOMPARE(f.nodes, QStringList{QStringLiteral("fetch")});
    QCOMPARE(f.color, QStringLiteral("#dbe9fb"));
    QVERIFY(f.extra.contains(QStringLiteral("owner")));
    QCOMPARE(r.graph->notes.size(), 1);
    const Note &n = r.graph->notes.first();
    QCOMPARE(n.text, QStringLiteral("Ask the team:\nis one fetch enough?"));
    QCOMPARE(n.position, QPointF(150, 200));
    QCOMPARE(n.size, QSizeF(200, 90));
    // Bad shapes: a clear error at the right place.
    const auto fails = [](const char *yaml, const QString &message, int line) {
        const GraphLoadResult bad = GraphYamlReader::readBytes(QByteArray(yaml), QStringLiteral("a.yaml"));
        QVERIFY(!bad.ok());
        QVERIFY2(bad.errorText().contains(message), qPrintable(bad.errorText()));
        QCOMPARE(bad.diagnostics.first().line, line);
    };
    fails("graph:\n  id: g\n  nodes: []\n  frames: {a: 1}\n", QStringLiteral("graph.frames: expected a list"), 4);
    fails("graph:\n  id: g\n  nodes: []\n  notes:\n    - {text: hi}\n", QStringLiteral("graph.notes[0]: expected an 'id'"), 5);
    fails("graph:\n  id: g\n  nodes: []\n  notes:\n    - {id: n, size: {width: -1, height: 5}}\n",
          QStringLiteral("width and height must be positive"), 5);
    fails("graph:\n  id: g\n  nodes: []\n  frames:\n    - {id: f, nodes: 3}\n", QStringLiteral("graph.frames[0].nodes: expected a list"), 5);
}

void TestYamlIo::unknownKeysSurviveRoundTrip()
{
    const GraphLoadResult r = GraphYamlReader::readBytes(everything(), QStringLiteral("e.yaml"));
    QVERIFY(r.ok());
    const QByteArray saved = GraphYamlWriter::toYaml(*r.graph);
    QVERIFY(saved.contains("hints:"));
    QVERIFY(saved.contains("retry: {max_attempts: 3, backoff: 0.5, multiplier: 2}"));
    QVERIFY(saved.contains("      inputs:\n        query: \"${input.topic} reviews\"\n        limit: 10\n"));
    QVERIFY(saved.contains("note: \"123\""));
    QVERIFY(saved.contains("probability: 0.25"));
    QVERIFY(saved.contains("label: to pick"));
    QVERIFY(saved.contains("extensions:"));
    QVERIFY(saved.contains("owner: {team: agents, since: 2024}"));
    QVERIFY(saved.startsWith("# Header comment kept by fmt.\n# Second line.\n"));
    const GraphLoadResult again = GraphYamlReader::readBytes(saved, QStringLiteral("e.yaml"));
    QVERIFY(again.ok());
    QCOMPARE(again.graph->node(QStringLiteral("work"))->extra.value(QStringLiteral("hints")).toMap()
                 .value(QStringLiteral("backoff")).toList().size(), 3);
    QCOMPARE(again.graph->documentExtra.value(QStringLiteral("extensions")).toMap()
                 .value(QStringLiteral("x-tool")).toMap().value(QStringLiteral("enabled")).toBool(), true);
}

void TestYamlIo::editedExtraFieldValidatesYaml()
{
    ExtraFields f;
    QString error;
    QVERIFY(f.setYaml(QStringLiteral("retry"), QStringLiteral("{attempts: 2}"), &error));
    QCOMPARE(f.value(QStringLiteral("retry")).toMap().value(QStringLiteral("attempts")).toLongLong(), 2);
    QVERIFY(!f.setYaml(QStringLiteral("retry"), QStringLiteral("{attempts: [2"), &error));
    QVERIFY2(error.contains(QStringLiteral("line 1")), qPrintable(error));
    QCOMPARE(f.value(QStringLiteral("retry")).toMap().value(QStringLiteral("attempts")).toLongLong(), 2); // unchanged
    f.setValue(QStringLiteral("flag"), QStringLiteral("true"));
    QCOMPARE(f.value(QStringLiteral("flag")).typeId(), QMetaType::QString); // a string stays a string
}

void TestYamlIo::unknownValuesKeepTheirExactValue()
{
    // Multi-line strings, !!str and custom tags must read back identical after fmt.
    const GraphLoadResult r = GraphYamlReader::readFile(fixture(QStringLiteral("fidelity.yaml")));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const QByteArray saved = GraphYamlWriter::toYaml(*r.graph);
    const GraphLoadResult again = GraphYamlReader::readBytes(saved, QStringLiteral("saved.yaml"));
    QVERIFY2(again.ok(), qPrintable(again.errorText()));
    const ExtraFields &x = again.graph->extra;
    QCOMPARE(x.value(QStringLiteral("a")).toString(), QStringLiteral("a\nb"));
    QCOMPARE(x.value(QStringLiteral("b")).toString(), QStringLiteral("a\n\n"));
    QCOMPARE(x.value(QStringLiteral("c")).typeId(), QMetaType::QString);
    QCOMPARE(x.value(QStringLiteral("c")).toString(), QStringLiteral("123"));
    QVERIFY(x.yaml(QStringLiteral("d")).startsWith(QStringLiteral("!custom")));
    QCOMPARE(x.value(QStringLiteral("e")).toString(), QStringLiteral("line1\nline2\n"));
    QCOMPARE(x.value(QStringLiteral("f")).toString(), QStringLiteral("  lead\nx\n"));
    QCOMPARE(x.value(QStringLiteral("g")).toString(), QStringLiteral("tab\there is fine\n"));
    QVERIFY(*again.graph == *r.graph);
    QCOMPARE(GraphYamlWriter::toYaml(*again.graph), saved);
}

void TestYamlIo::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column"); // 0 = not checked
    QTest::addColumn<QString>("messagePart");
    QTest::addColumn<int>("errorCount"); // -1 = not checked

    QTest::newRow("tab") << "tab-indent.yaml" << "tab-indent" << 4 << 1 << "tab character" << 1;
    QTest::newRow("duplicate key") << "duplicate-key.yaml" << "duplicate-key" << 6 << 7 << "first given on line 5" << 1;
    QTest::newRow("wrong int") << "wrong-types.yaml" << "wrong-type" << 6 << 23 << "expected an integer, found 'many'" << 4;
    QTest::newRow("truncated") << "truncated.yaml" << "yaml-syntax" << 6 << 0 << "expected '}' to close" << 1;
    QTest::newRow("no graph") << "no-graph.yaml" << "missing-field" << 1 << 1 << "top-level 'graph'" << 1;
    QTest::newRow("list root") << "not-a-mapping.yaml" << "wrong-type" << 1 << 1 << "found a list" << 1;
    QTest::newRow("missing fields") << "missing-fields.yaml" << "missing-field" << 1 << 1 << "graph: expected an 'id'" << 4;
    QTest::newRow("alias bomb") << "alias-bomb.yaml" << "too-large" << 0 << 0 << "alias" << 1;
    QTest::newRow("invalid utf-8") << "invalid-utf8.yaml" << "encoding" << 2 << 10 << "UTF-8" << 1;
    QTest::newRow("empty") << "empty.yaml" << "empty-file" << 1 << 1 << "empty" << 1;
    QTest::newRow("quote never closed") << "unclosed-quote.yaml" << "yaml-syntax" << 7 << 15 << "never closed" << 1;
    QTest::newRow("two documents") << "two-documents.yaml" << "multiple-documents" << 3 << 1 << "second YAML document" << 1;
    QTest::newRow("merge key") << "merge-key.yaml" << "merge-key" << 5 << 8 << "not supported" << 1;
    QTest::newRow("columns in characters") << "cjk-column.yaml" << "wrong-type" << 4 << 53 << "found '很多'" << 1;
    QTest::newRow("tab after a block") << "tab-after-block.yaml" << "tab-indent" << 6 << 1 << "tab character" << 1;
}

void TestYamlIo::malformed()
{
    QFETCH(QString, file);
    QFETCH(QString, code);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, messagePart);
    QFETCH(int, errorCount);
    const QString path = fixture(QStringLiteral("malformed/") + file);
    const GraphLoadResult r = GraphYamlReader::readFile(path);
    QVERIFY(!r.ok());
    QVERIFY(!r.unreadable);
    QVERIFY(hasErrors(r.diagnostics));
    const Diagnostic *d = findCode(r.diagnostics, code);
    QVERIFY2(d, qPrintable(r.errorText()));
    QCOMPARE(d->file, path);
    if (line > 0)
        QCOMPARE(d->line, line);
    else
        QVERIFY(d->line >= 1);
    if (column > 0)
        QCOMPARE(d->column, column);
    QVERIFY2(d->message.contains(messagePart), qPrintable(d->message));
    if (errorCount >= 0)
        QCOMPARE(r.diagnostics.size(), errorCount);
    for (const Diagnostic &each : r.diagnostics) {
        QVERIFY(each.line >= 1);
        QVERIFY(each.format().startsWith(path + QLatin1Char(':') + QString::number(each.line)));
    }
}

void TestYamlIo::documentMarkers_data()
{
    // A stream is parsed a second time to look for another document only where one may
    // start; wherever it may, it is found (its line, 1-based; 0 = none).
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("secondLine");
    QTest::newRow("one document") << QByteArray("a: 1\nb: [x, y]\n") << 0;
    QTest::newRow("begins with ---") << QByteArray("# a graph\n---\na: 1\n") << 0;
    QTest::newRow("directive, then ---") << QByteArray("%YAML 1.2\n---\na: 1\n") << 0;
    QTest::newRow("ends with ...") << QByteArray("a: 1\n...\n") << 0;
    QTest::newRow("--- inside a block scalar") << QByteArray("a: |\n  x\n  --- not a marker\nb: 2\n") << 0;
    QTest::newRow("---x is not a marker") << QByteArray("a: 1\nb: ---x\n") << 0;
    QTest::newRow("an empty second document") << QByteArray("a: 1\n---\n# nothing\n") << 0;
    QTest::newRow("second after ---") << QByteArray("a: 1\n--- \nb: 2\n") << 3;
    QTest::newRow("second after ...") << QByteArray("a: 1\n...\nb: 2\n") << 3;
    QTest::newRow("empty first, then one") << QByteArray("---\n---\nb: 2\n") << 3;
    QTest::newRow("CRLF") << QByteArray("a: 1\r\n---\r\nb: 2\r\n") << 3;
}

void TestYamlIo::documentMarkers()
{
    QFETCH(QByteArray, text);
    QFETCH(int, secondLine);
    const YamlFirstDocument docs = loadYamlFirstDocument(text.toStdString());
    QCOMPARE(docs.secondDocument.has_value(), secondLine > 0);
    if (secondLine > 0)
        QCOMPARE(docs.secondDocument->line + 1, secondLine);
}

void TestYamlIo::binaryGarbage()
{
    QRandomGenerator rng(20241222);
    for (int round = 0; round < 200; ++round) {
        QByteArray junk(int(rng.bounded(1, 4096)), Qt::Uninitialized);
        for (char &c : junk)
            c = char(rng.bounded(256));
        const GraphLoadResult r = GraphYamlReader::readBytes(junk, QStringLiteral("junk.bin"));
        QVERIFY(!r.ok());
        QVERIFY(!r.diagnostics.isEmpty());
        QVERIFY(r.diagnostics.first().line >= 1);
    }
    const GraphLoadResult nul = GraphYamlReader::readBytes(QByteArray("graph:\n  id: x\0y\n", 17), QStringLiteral("nul.yaml"));
    QVERIFY(!nul.ok());
    QCOMPARE(nul.diagnostics.first().code, QStringLiteral("binary-data"));
    QCOMPARE(nul.diagnostics.first().line, 2);
    QCOMPARE(nul.diagnostics.first().column, 8);
}

void TestYamlIo::mutatedFilesNeverCrash()
{
    // Damage a real graph in many ways: every outcome is a graph or a located error.
    const QByteArray base = readAll(examplesDir() + QStringLiteral("/literature-search.yaml"));
    QVERIFY(!base.isEmpty());
    QRandomGenerator rng(7);
    const QByteArray specials("{}[]:,-'\"&*!|>%@`#\t\n ");
    int failures = 0;
    for (int round = 0; round < 400; ++round) {
        QByteArray b = base;
        const int edits = int(rng.bounded(1, 6));
        for (int e = 0; e < edits; ++e) {
            const int at = int(rng.bounded(qsizetype(b.size())));
            switch (rng.bounded(4)) {
            case 0: b.truncate(at); break;
            case 1: b[at] = specials.at(int(rng.bounded(qsizetype(specials.size())))); break;
            case 2: b.remove(at, int(rng.bounded(1, 40))); break;
            default: b.insert(at, specials.mid(int(rng.bounded(qsizetype(specials.size()))), 1)); break;
            }
            if (b.isEmpty())
                break;
        }
        const GraphLoadResult r = GraphYamlReader::readBytes(b, QStringLiteral("mutated.yaml"));
        if (!r.ok()) {
            ++failures;
            QVERIFY(!r.diagnostics.isEmpty());
            for (const Diagnostic &d : r.diagnostics)
                QVERIFY2(d.line >= 1, qPrintable(d.format()));
        }
    }
    QVERIFY(failures > 50); // the mutations did damage files
}

void TestYamlIo::missingFileIsUnreadable()
{
    const GraphLoadResult r = GraphYamlReader::readFile(QStringLiteral("/nonexistent/graph.yaml"));
    QVERIFY(!r.ok());
    QVERIFY(r.unreadable);
    QCOMPARE(r.diagnostics.first().code, QStringLiteral("unreadable"));
}

void TestYamlIo::saveIsAtomic()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const GraphLoadResult r = GraphYamlReader::readBytes(everything(), QStringLiteral("e.yaml"));
    QVERIFY(r.ok());
    const QString path = dir.filePath(QStringLiteral("graph.yaml"));
    QString error;
    QVERIFY2(GraphYamlWriter::writeFile(*r.graph, path, &error), qPrintable(error));
    QCOMPARE(readAll(path), GraphYamlWriter::toYaml(*r.graph));

    // A failed save reports why and leaves what is there alone.
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("occupied")));
    QVERIFY(!GraphYamlWriter::writeFile(*r.graph, dir.filePath(QStringLiteral("occupied")), &error));
    QVERIFY(error.contains(QStringLiteral("occupied")));
    QVERIFY(QFileInfo(dir.filePath(QStringLiteral("occupied"))).isDir());
    QVERIFY(!GraphYamlWriter::writeFile(*r.graph, dir.filePath(QStringLiteral("missing/dir/graph.yaml")), &error));

    // Overwriting replaces the whole file and leaves no temporary behind.
    Graph small = *r.graph;
    small.nodes.resize(1);
    small.edges.clear();
    QVERIFY(GraphYamlWriter::writeFile(small, path, &error));
    QCOMPARE(readAll(path), GraphYamlWriter::toYaml(small));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("graph.yaml")});
}

QTEST_GUILESS_MAIN(TestYamlIo)
#include "tst_yamlio.moc"
