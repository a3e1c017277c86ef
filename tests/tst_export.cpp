// `capgraph export` as a user runs it (a separate process, on the offscreen platform as on
// CI): SVG with vector text, PNG whose size follows --scale, selection, dark, the optimal
// path, and the command line's errors and exit codes.
#include "support/ExampleGraphs.h"
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include "support/CliRun.h"
#include "support/DrawingCheck.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {
using Run = CliRun;
// As on CI: no display. The command must pick the offscreen platform by itself.
Run runCli(const QStringList &args) { return runCapgraph(args, QByteArray(), true); }

const QString kWriteReport = QStringLiteral("resources/examples/write-report.yaml");

// Every piece of text of an SVG (the contents of its <text>/<tspan> elements), and whether
// it is well-formed XML.
QStringList svgTexts(const QString &path, QString *xmlError)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *xmlError = QStringLiteral("cannot open ") + path;
        return {};
    }
    QXmlStreamReader xml(&f);
    QStringList texts;
    int inText = 0;
    bool sawSvg = false;
    while (!xml.atEnd()) {
        switch (xml.readNext()) {
        case QXmlStreamReader::StartElement:
            sawSvg = sawSvg || xml.name() == QLatin1String("svg");
            if (xml.name() == QLatin1String("text") || xml.name() == QLatin1String("tspan"))
                ++inText;
            break;
        case QXmlStreamReader::EndElement:
            if (xml.name() == QLatin1String("text") || xml.name() == QLatin1String("tspan"))
                --inText;
            break;
        case QXmlStreamReader::Characters:
            if (inText > 0 && !xml.isWhitespace())
                texts.append(xml.text().toString().trimmed());
            break;
        default:
            break;
        }
    }
    *xmlError = xml.hasError() ? xml.errorString() : sawSvg ? QString() : QStringLiteral("no <svg> element");
    return texts;
}
} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private slots:
    void helpListsExport();
    void svgIsVectorWithText();
    void pngSizeFollowsScale();
    void selectionIsSmaller();
    void darkAndPath();
    void jsonDrawing();
    void noEdgeThroughABox_data();
    void noEdgeThroughABox();
    void badExtension();
    void badScale_data();
    void badScale();
    void unknownSelectionId();
    void malformedYamlIsFileLineCol();
    void usageErrors();

private:
    QTemporaryDir m_dir;
    QString out(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
};

void TestExport::helpListsExport()
{
    const Run help = runCli({QStringLiteral("help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(QStringLiteral("  export FILE  ")));
    const Run own = runCli({QStringLiteral("export"), QStringLiteral("--help")});
    QCOMPARE(own.exitCode, 0);
    QVERIFY(own.out.startsWith(QStringLiteral("usage: capgraph export FILE")));
}

void TestExport::svgIsVectorWithText()
{
    const QString svg = out("full.svg");
    const Run r = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), svg});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.contains(QStringLiteral("wrote ") + svg + QStringLiteral(" (15 nodes)")), qPrintable(r.err));
    QString xmlError;
    const QStringList texts = svgTexts(svg, &xmlError);
    QVERIFY2(xmlError.isEmpty(), qPrintable(xmlError));
    const QString all = texts.join(QLatin1Char('\n'));
    // Node ids (in and under the shapes), skill ids, the loop bound and the branch
    // conditions' names on the edges: all as text, not as pictures of text.
    for (const char *id : {"start", "identify_input", "read_pdf", "fetch_pmid", "generate_query", "search_literature",
                           "expand_query", "confirm_selection", "write_report", "end"})
        QVERIFY2(texts.contains(QLatin1String(id)), qPrintable(QStringLiteral("%1 not in the SVG's text:\n%2").arg(QLatin1String(id), all)));
    for (const char *label : {"input-classifier", "pdf-reader", "pdf_mode", "pmid_mode", "search_mode"})
        QVERIFY2(all.contains(QLatin1String(label)), qPrintable(QStringLiteral("%1 not in the SVG's text:\n%2").arg(QLatin1String(label), all)));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY(!bytes.contains("<image")); // vectors, no embedded bitmaps
    // At the canvas's 96 dpi (not QSvgGenerator's default 72, where 9 pt text came out at
    // three quarters of its size on the canvas): the width in mm is the viewBox's at 96 dpi.
    const QRegularExpressionMatch size = QRegularExpression(QStringLiteral("width=\"([0-9.]+)mm\"[^>]*viewBox=\"0 0 ([0-9.]+) "))
                                             .match(QString::fromUtf8(bytes));
    QVERIFY(size.hasMatch());
    QVERIFY(qAbs(size.captured(1).toDouble() - size.captured(2).toDouble() * 25.4 / 96) < 1);
}

void TestExport::pngSizeFollowsScale()
{
    const Run two = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("full.png")});
    QVERIFY2(two.exitCode == 0, qPrintable(two.err));
    const QImage atTwo(out("full.png"));
    QVERIFY(!atTwo.isNull());
    // write-report laid out left to right: much wider than tall, and big enough to read.
    QVERIFY2(atTwo.width() > 1500 && atTwo.width() < 20000, qPrintable(QString::number(atTwo.width())));
    QVERIFY2(atTwo.height() > 300 && atTwo.height() < atTwo.width(), qPrintable(QString::number(atTwo.height())));
    QVERIFY(two.err.contains(QStringLiteral("(%1 x %2 px, 15 nodes)").arg(atTwo.width()).arg(atTwo.height())));
    // Not blank: the nodes are drawn (more than a few colours, mostly white background).
    QSet<QRgb> colours;
    for (int y = 0; y < atTwo.height(); y += 7)
        for (int x = 0; x < atTwo.width(); x += 7)
            colours.insert(atTwo.pixel(x, y));
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    QVERIFY(qGray(atTwo.pixel(2, 2)) > 240); // the light canvas

    const Run one = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("one.png"), QStringLiteral("--scale"), QStringLiteral("1")});
    QCOMPARE(one.exitCode, 0);
    const Run four = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("four.png"), QStringLiteral("--scale"), QStringLiteral("4")});
    QCOMPARE(four.exitCode, 0);
    const QImage atOne(out("one.png")), atFour(out("four.png"));
    QVERIFY(!atOne.isNull() && !atFour.isNull());
    QVERIFY(qAbs(atTwo.width() - 2 * atOne.width()) <= 2);
    QVERIFY(qAbs(atFour.width() - 2 * atTwo.width()) <= 2);
    QVERIFY(qAbs(atFour.height() - 4 * atOne.height()) <= 4);
}

void TestExport::selectionIsSmaller()
{
    const Run full = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("all.png")});
    QCOMPARE(full.exitCode, 0);
    const Run part = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("part.png"),
                               QStringLiteral("--selection"), QStringLiteral("start,identify_input")});
    QVERIFY2(part.exitCode == 0, qPrintable(part.err));
    QVERIFY(part.err.contains(QStringLiteral("2 of 15 nodes")));
    const QImage all(out("all.png")), some(out("part.png"));
    QVERIFY(!all.isNull() && !some.isNull());
    QVERIFY2(some.width() < all.width() / 2 && some.height() <= all.height(),
             qPrintable(QStringLiteral("%1x%2 vs %3x%4").arg(some.width()).arg(some.height()).arg(all.width()).arg(all.height())));
    // A selection's SVG holds only the selected nodes' text.
    const Run svg = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("part.svg"),
                              QStringLiteral("--selection"), QStringLiteral("read_pdf"), QStringLiteral("--selection"), QStringLiteral("fetch_pmid")});
    QCOMPARE(svg.exitCode, 0);
    QString xmlError;
    const QStringList texts = svgTexts(out("part.svg"), &xmlError);
    QVERIFY(xmlError.isEmpty());
    QVERIFY(texts.contains(QStringLiteral("read_pdf")) && texts.contains(QStringLiteral("fetch_pmid")));
    QVERIFY(!texts.contains(QStringLiteral("write_report")) && !texts.contains(QStringLiteral("identify_input")));
}

void TestExport::darkAndPath()
{
    const Run dark = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("dark.png"), QStringLiteral("--dark")});
    QCOMPARE(dark.exitCode, 0);
    const QImage d(out("dark.png"));
    QCOMPARE(d.pixel(2, 2), qRgb(0x1e, 0x22, 0x27)); // the dark canvas colour

    // The path preview: path nodes get a green ring (0x12a150), everything else fades.
    const Run plain = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("plain.png")});
    QCOMPARE(plain.exitCode, 0);
    const Run path = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("path.png"),
                               QStringLiteral("--path"), QStringLiteral("thorough"), QStringLiteral("--budget"), QStringLiteral("40")});
    QVERIFY2(path.exitCode == 0, qPrintable(path.err));
    QVERIFY2(path.err.contains(QStringLiteral("optimal path (thorough):")), qPrintable(path.err));
    auto greenPixels = [](const QImage &image) {
        int n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                n += image.pixel(x, y) == qRgb(0x12, 0xa1, 0x50);
        return n;
    };
    const QImage withPath(out("path.png")), without(out("plain.png"));
    QCOMPARE(withPath.size(), without.size());
    QVERIFY2(greenPixels(withPath) > greenPixels(without) + 1000,
             qPrintable(QStringLiteral("%1 vs %2").arg(greenPixels(withPath)).arg(greenPixels(without))));

    // No path under the budget: still a picture (all faded, as in the studio), and a note.
    const Run none = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("none.png"),
                               QStringLiteral("--path"), QStringLiteral("quick"), QStringLiteral("--budget"), QStringLiteral("1")});
    QCOMPARE(none.exitCode, 0);
    QVERIFY2(none.err.contains(QStringLiteral("no path:")), qPrintable(none.err));
    QVERIFY(QFile::exists(out("none.png")));
}

void TestExport::jsonDrawing()
{
    // To a file (by its extension) and to standard output (--format json): the same drawing.
    const Run file = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("drawing.json")});
    QCOMPARE(file.exitCode, 0);
    QFile f(out("drawing.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject drawing = QJsonDocument::fromJson(f.readAll()).object();
    const Run stdoutRun = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(stdoutRun.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(stdoutRun.out.toUtf8()).object(), drawing);
    QCOMPARE(drawing.value(QStringLiteral("format")).toString(), QStringLiteral("capgraph-drawing"));
    QCOMPARE(drawing.value(QStringLiteral("nodes")).toArray().size(), 15);
    QCOMPARE(drawing.value(QStringLiteral("edges")).toArray().size(), 17); // 12 explicit edges and 5 branch conditions
    // A branch condition's edge carries its name as its label, in a box; paths are points.
    bool sawSearchMode = false;
    for (const QJsonValue &v : drawing.value(QStringLiteral("edges")).toArray()) {
        const QJsonObject e = v.toObject();
        QVERIFY(e.value(QStringLiteral("path")).toArray().size() >= 2);
        if (e.value(QStringLiteral("label")).toString() == QLatin1String("search_mode")) {
            sawSearchMode = true;
            QCOMPARE(e.value(QStringLiteral("origin")).toString(), QStringLiteral("condition"));
            QCOMPARE(e.value(QStringLiteral("to")).toString(), QStringLiteral("loop_search_start"));
            QVERIFY(drawingRect(e.value(QStringLiteral("label_box"))).width() > 20);
        }
    }
    QVERIFY(sawSearchMode);
    // The start's id is drawn under it: its caption has a box of its own.
    for (const QJsonValue &v : drawing.value(QStringLiteral("nodes")).toArray())
        if (v.toObject().value(QStringLiteral("id")).toString() == QLatin1String("start"))
            QVERIFY(v.toObject().contains(QStringLiteral("caption")));
    // --selection keeps those nodes and the edges among them; a wrong --format is refused.
    const Run part = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--selection"),
                               QStringLiteral("start,identify_input")});
    const QJsonObject partial = QJsonDocument::fromJson(part.out.toUtf8()).object();
    QCOMPARE(partial.value(QStringLiteral("nodes")).toArray().size(), 2);
    QCOMPARE(partial.value(QStringLiteral("edges")).toArray().size(), 1);
    const Run bad = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("--format"), QStringLiteral("jpeg")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("--format is svg, png, json or dify")), qPrintable(bad.err));
    const Run mismatch = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("-o"), out("x.svg")});
    QCOMPARE(mismatch.exitCode, 2);
}

void TestExport::noEdgeThroughABox_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples"));
    for (const QString &name : exampleGraphFiles(dir))
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
    QTest::newRow("projectflow.yaml") << dir.filePath(QStringLiteral("projectflow/projectflow.yaml"));
    QTest::newRow("newsletter.yaml") << dir.filePath(QStringLiteral("newsletter/newsletter.yaml"));
}

void TestExport::noEdgeThroughABox()
{
    // Every example as `capgraph export` draws it after opening (laid out by the layout
    // engine): no edge runs through a box or caption but its own ends', no label sits on one.
    QFETCH(QString, file);
    const Run r = runCli({QStringLiteral("export"), file, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject drawing = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(!drawing.value(QStringLiteral("edges")).toArray().isEmpty());
    const QStringList violations = drawingViolations(drawing);
    QVERIFY2(violations.isEmpty(), qPrintable(violations.join(QStringLiteral("; "))));
    for (const QJsonValue &v : drawing.value(QStringLiteral("edges")).toArray())
        QVERIFY2(v.toObject().value(QStringLiteral("clear")).toBool(), qPrintable(v.toObject().value(QStringLiteral("from")).toString()));
}

void TestExport::badExtension()
{
    const Run r = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("picture.jpg")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("unknown output type .jpg; the accepted extensions are .svg, .png and .json")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out("picture.jpg")));
    const Run none = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("picture")});
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.contains(QStringLiteral(".svg, .png and .json")), qPrintable(none.err));
}

void TestExport::badScale_data()
{
    QTest::addColumn<QString>("scale");
    QTest::newRow("zero") << QStringLiteral("0");
    QTest::newRow("negative") << QStringLiteral("-1");
    QTest::newRow("too big") << QStringLiteral("8.5");
    QTest::newRow("not a number") << QStringLiteral("big");
    QTest::newRow("nan") << QStringLiteral("nan");
}

void TestExport::badScale()
{
    QFETCH(QString, scale);
    const Run r = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("scaled.png"), QStringLiteral("--scale"), scale});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--scale is a number > 0 and <= 8, not '%1'").arg(scale)), qPrintable(r.err));
    QVERIFY(!QFile::exists(out("scaled.png")));
}

void TestExport::unknownSelectionId()
{
    const Run r = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("sel.svg"),
                            QStringLiteral("--selection"), QStringLiteral("start,no_such_node")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("no node 'no_such_node'")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out("sel.svg")));
}

void TestExport::malformedYamlIsFileLineCol()
{
    const QString bad = QStringLiteral("tests/fixtures/malformed/duplicate-key.yaml");
    const Run r = runCli({QStringLiteral("export"), bad, QStringLiteral("-o"), out("bad.png")});
    QCOMPARE(r.exitCode, 2); // unreadable or malformed input, as for every command
    QVERIFY2(r.err.contains(bad + QStringLiteral(":6:7: error: duplicate key 'type'")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out("bad.png")));
    const Run missing = runCli({QStringLiteral("export"), QStringLiteral("no/such/file.yaml"), QStringLiteral("-o"), out("bad.png")});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.err.contains(QStringLiteral("no/such/file.yaml: error: cannot read file")));
}

void TestExport::usageErrors()
{
    QCOMPARE(runCli({QStringLiteral("export"), kWriteReport}).exitCode, 2); // no -o
    QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("-o"), out("x.svg")}).exitCode, 2); // no FILE
    const Run budget = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("x.svg"), QStringLiteral("--budget"), QStringLiteral("3")});
    QCOMPARE(budget.exitCode, 2);
    QVERIFY(budget.err.contains(QStringLiteral("--budget goes with --path")));
    const Run depth = runCli({QStringLiteral("export"), kWriteReport, QStringLiteral("-o"), out("x.svg"), QStringLiteral("--path"), QStringLiteral("deep")});
    QCOMPARE(depth.exitCode, 2);
    QVERIFY(depth.err.contains(QStringLiteral("--path is quick or thorough, not 'deep'")));
    QVERIFY(!QFile::exists(out("x.svg")));
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
