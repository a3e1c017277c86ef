// Find in graph, headless (engine/analysis/GraphSearch): the find bar's query language parsed,
// and matched against a graph's nodes and notes.
#include "analysis/GraphSearch.h"
#include "yaml/GraphYamlReader.h"

#include <QtTest>

using namespace capgraph;

namespace {

Graph example(const char *name)
{
    const GraphLoadResult r = GraphYamlReader::readFile(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/") + QLatin1String(name));
    if (!r.graph)
        qFatal("%s does not load", name);
    return *r.graph;
}

QStringList ids(const QList<SearchHit> &hits)
{
    QStringList out;
    for (const SearchHit &h : hits)
        out << (h.kind == SearchHit::Kind::Note ? QStringLiteral("note:") : QString()) + h.id;
    return out;
}

QStringList find(const Graph &g, const QString &text, const SearchStates &states = {})
{
    return ids(GraphSearch::find(g, SearchQuery::parse(text), states));
}

} // namespace

class TestGraphSearch : public QObject
{
    Q_OBJECT

private slots:
    void parsesWordsAndFilters()
    {
        const SearchQuery q = SearchQuery::parse(QStringLiteral("  Report type:SKILL uses:report-writer is:stale \"two words\" "));
        QVERIFY(q.isValid());
        QCOMPARE(q.words, (QStringList{QStringLiteral("report"), QStringLiteral("two words")}));
        QCOMPARE(q.types, QStringList{QStringLiteral("skill")});
        QCOMPARE(q.uses, QStringList{QStringLiteral("report-writer")});
        QCOMPARE(q.states, QStringList{QStringLiteral("stale")});
        QVERIFY(SearchQuery::parse(QString()).isEmpty());
        QVERIFY(SearchQuery::parse(QStringLiteral("   ")).isEmpty());
        // A quoted word with a colon is a word, not a filter; so is a colon after a dot.
        QCOMPARE(SearchQuery::parse(QStringLiteral("\"foo:bar\"")).words, QStringList{QStringLiteral("foo:bar")});
        QCOMPARE(SearchQuery::parse(QStringLiteral("input.type:x")).words, QStringList{QStringLiteral("input.type:x")});
    }

    void saysWhatIsWrong()
    {
        SearchQuery q = SearchQuery::parse(QStringLiteral("pdf foo:bar"));
        QCOMPARE(q.problem, SearchQuery::Problem::UnknownFilter);
        QCOMPARE(q.problemText, QStringLiteral("foo"));
        q = SearchQuery::parse(QStringLiteral("is:broken"));
        QCOMPARE(q.problem, SearchQuery::Problem::UnknownState);
        QCOMPARE(q.problemText, QStringLiteral("broken"));
        q = SearchQuery::parse(QStringLiteral("type:"));
        QCOMPARE(q.problem, SearchQuery::Problem::EmptyFilter);
        QCOMPARE(q.problemText, QStringLiteral("type"));
        // An invalid query finds nothing.
        QVERIFY(find(example("write-report.yaml"), QStringLiteral("pdf foo:bar")).isEmpty());
    }

    void matchesEveryTextCaseInsensitively()
    {
        const Graph g = example("write-report.yaml");
        // id, skill_id, a condition's name and its expression
        QCOMPARE(find(g, QStringLiteral("PDF")), (QStringList{QStringLiteral("branch_input_type"), QStringLiteral("read_pdf")}));
        QCOMPARE(find(g, QStringLiteral("pubmed")), QStringList{QStringLiteral("fetch_pmid")}); // skill_id
        QCOMPARE(find(g, QStringLiteral("result_count >= 10")), QStringList{QStringLiteral("branch_enough")}); // two words, both in it
        QCOMPARE(find(g, QStringLiteral("\"result_count >= 10\"")), QStringList{QStringLiteral("branch_enough")});
        QCOMPARE(find(g, QStringLiteral("請選擇")), QStringList{QStringLiteral("confirm_selection")}); // a prompt
        QCOMPARE(find(g, QStringLiteral("pdf nothing-like-this")), QStringList{});
        // A label and the inputs (templates included).
        Graph h = g;
        h.nodes[1].label = QStringLiteral("Classify the Input");
        h.nodes[1].inputs.setYaml(QStringLiteral("query"), QStringLiteral("\"${input.topic} review\""));
        QCOMPARE(find(h, QStringLiteral("classify")), QStringList{QStringLiteral("identify_input")});
        QCOMPARE(find(h, QStringLiteral("input.topic")), QStringList{QStringLiteral("identify_input")});
    }

    void typeAndUsesFilters()
    {
        const Graph g = example("write-report.yaml");
        const QStringList skills{QStringLiteral("identify_input"), QStringLiteral("read_pdf"), QStringLiteral("fetch_pmid"),
                                 QStringLiteral("generate_query"), QStringLiteral("search_literature"), QStringLiteral("expand_query"),
                                 QStringLiteral("write_report")};
        QCOMPARE(find(g, QStringLiteral("type:skill")), skills);
        const QStringList branches{QStringLiteral("branch_input_type"), QStringLiteral("branch_enough")};
        QCOMPARE(find(g, QStringLiteral("type:branch")), branches);
        QCOMPARE(find(g, QStringLiteral("type:control.branch")), branches);
        QCOMPARE(find(g, QStringLiteral("type:interaction")), QStringList{QStringLiteral("confirm_selection")});
        QCOMPARE(find(g, QStringLiteral("type:select")), QStringList{QStringLiteral("confirm_selection")});
        QCOMPARE(find(g, QStringLiteral("type:branch type:merge")),
                 (QStringList{QStringLiteral("branch_input_type"), QStringLiteral("branch_enough"), QStringLiteral("merge_content")}));
        QCOMPARE(find(g, QStringLiteral("type:branch enough")), QStringList{QStringLiteral("branch_enough")}); // with words: both
        QCOMPARE(find(g, QStringLiteral("uses:pdf-reader")), QStringList{QStringLiteral("read_pdf")});
        QCOMPARE(find(g, QStringLiteral("uses:PDF")), QStringList{}); // exactly the id
        QCOMPARE(find(g, QStringLiteral("uses:pdf-reader uses:pubmed-fetcher")), (QStringList{QStringLiteral("read_pdf"), QStringLiteral("fetch_pmid")}));
    }

    void stateFiltersUseTheSetsGiven()
    {
        const Graph g = example("write-report.yaml");
        SearchStates s;
        s.invalid = {QStringLiteral("branch_enough")};
        s.stale = {QStringLiteral("write_report"), QStringLiteral("merge_content")};
        s.pinned = {QStringLiteral("search_literature")};
        s.breakpoints = {QStringLiteral("write_report"), QStringLiteral("read_pdf")};
        QCOMPARE(find(g, QStringLiteral("is:invalid"), s), QStringList{QStringLiteral("branch_enough")});
        QCOMPARE(find(g, QStringLiteral("is:stale"), s), (QStringList{QStringLiteral("merge_content"), QStringLiteral("write_report")}));
        QCOMPARE(find(g, QStringLiteral("is:pinned"), s), QStringList{QStringLiteral("search_literature")});
        QCOMPARE(find(g, QStringLiteral("is:breakpoint"), s), (QStringList{QStringLiteral("read_pdf"), QStringLiteral("write_report")}));
        QCOMPARE(find(g, QStringLiteral("is:breakpoint is:stale"), s), QStringList{QStringLiteral("write_report")}); // all of them
        QCOMPARE(find(g, QStringLiteral("is:breakpoint type:skill pdf"), s), QStringList{QStringLiteral("read_pdf")});
        QCOMPARE(find(g, QStringLiteral("is:stale")), QStringList{}); // no sets: nothing
    }

    void notesByTheirText()
    {
        const Graph g = example("paper-review.yaml");
        QVERIFY(!g.notes.isEmpty());
        const QString word = g.notes.constFirst().text.section(QLatin1Char(' '), 0, 0).toUpper();
        QVERIFY(find(g, word).contains(QStringLiteral("note:") + g.notes.constFirst().id));
        QVERIFY(!find(g, word + QStringLiteral(" type:skill")).contains(QStringLiteral("note:") + g.notes.constFirst().id)); // filters: nodes only
    }
};

QTEST_GUILESS_MAIN(TestGraphSearch)
#include "tst_graph_search.moc"
