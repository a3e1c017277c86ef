// Every file `capgraph` writes goes to a temporary file beside it and is renamed into place
// (QSaveFile): with the disk full half-way (RLIMIT_FSIZE, see support/FileSizeLimit.h) each
// writer fails with a message naming the file, the old bytes are intact and no temporary
// file is left behind; with room, the same command writes the whole file.
#include "support/FileSizeLimit.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {
struct Outcome
{
    int exitCode = -1;
    bool crashed = false;
    QString err;
};

Outcome runIn(const QString &dir, const QStringList &args, qint64 sizeLimit)
{
    QProcess p;
    p.setProgram(QStringLiteral(CAPGRAPH_CLI));
    p.setArguments(args);
    p.setWorkingDirectory(dir);
    p.setStandardInputFile(QProcess::nullDevice());
    if (sizeLimit > 0)
        p.setChildProcessModifier(fileSizeLimitModifier(rlim_t(sizeLimit)));
    p.start();
    Outcome o;
    if (!p.waitForFinished(60'000)) {
        p.kill();
        p.waitForFinished();
    }
    o.crashed = p.exitStatus() != QProcess::NormalExit;
    o.exitCode = p.exitCode();
    o.err = QString::fromUtf8(p.readAllStandardError());
    return o;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void copyInto(const QString &dir, const QString &source, const QString &name)
{
    const QString to = dir + QLatin1Char('/') + name;
    QDir().mkpath(QFileInfo(to).path());
    QVERIFY2(QFile::copy(QStringLiteral(CAPGRAPH_SOURCE_DIR "/") + source, to), qPrintable(source));
    QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
}

// A graph that runs on built-ins alone, written loosely so that `fmt` changes it.
const QByteArray kGraph = "graph:\n"
                          "  id:   writes\n"
                          "  nodes:\n"
                          "    - {id: start,  type: control.start}\n"
                          "    - {id: work, type: skill, skill_id: builtin.set, inputs: {text: \"a line of text long enough to matter\", n: 42}}\n"
                          "    - {id: end, type: control.end}\n"
                          "  edges:\n"
                          "    - {from: start, to: work}\n"
                          "    - {from: work, to: end}\n";
} // namespace

class TestCliWrites : public QObject
{
    Q_OBJECT

private slots:
    void failedWritesKeepTheOldFile_data();
    void failedWritesKeepTheOldFile();
};

void TestCliWrites::failedWritesKeepTheOldFile_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("target"); // the file the command writes (it exists beforehand)
    QTest::addColumn<bool>("targetIsInput"); // fmt -i: the old bytes are the graph itself

    const auto row = [](const char *name, const QStringList &args, const char *target, bool isInput = false) {
        QTest::newRow(name) << args << QString::fromLatin1(target) << isInput;
    };
    const QString g = QStringLiteral("g.yaml");
    const QString plan = QStringLiteral("plan.json");
    row("fmt -i", {QStringLiteral("fmt"), QStringLiteral("-i"), g}, "g.yaml", true);
    row("fmt -o", {QStringLiteral("fmt"), g, QStringLiteral("-o"), QStringLiteral("out.yaml")}, "out.yaml");
    row("export -o svg", {QStringLiteral("export"), QStringLiteral("report.yaml"), QStringLiteral("-o"), QStringLiteral("out.svg")}, "out.svg");
    row("export -o png", {QStringLiteral("export"), QStringLiteral("report.yaml"), QStringLiteral("-o"), QStringLiteral("out.png")}, "out.png");
    row("export -o json", {QStringLiteral("export"), QStringLiteral("report.yaml"), QStringLiteral("-o"), QStringLiteral("out.json")}, "out.json");
    row("layout", {QStringLiteral("layout"), plan, QStringLiteral("out.json")}, "out.json");
    row("path -o", {QStringLiteral("path"), QStringLiteral("report.yaml"), QStringLiteral("-o"), QStringLiteral("out.yaml")}, "out.yaml");
    row("plan render -o", {QStringLiteral("plan"), QStringLiteral("render"), plan, QStringLiteral("-o"), QStringLiteral("out.svg")}, "out.svg");
    row("run --checkpoint", {QStringLiteral("run"), g, QStringLiteral("--checkpoint"), QStringLiteral("run.checkpoint.json")}, "run.checkpoint.json");
    row("run --trace", {QStringLiteral("run"), g, QStringLiteral("--trace"), QStringLiteral("run.jsonl")}, "run.jsonl");
    row("run --session", {QStringLiteral("run"), g, QStringLiteral("--session"), QStringLiteral("session.json")}, "session.json");
}

void TestCliWrites::failedWritesKeepTheOldFile()
{
    QFETCH(QStringList, args);
    QFETCH(QString, target);
    QFETCH(bool, targetIsInput);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    {
        QFile f(dir.filePath(QStringLiteral("g.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kGraph);
    }
    copyInto(dir.path(), QStringLiteral("resources/examples/write-report.yaml"), QStringLiteral("report.yaml"));
    copyInto(dir.path(), QStringLiteral("resources/examples/plans/health-app.plan-ready.json"), QStringLiteral("plan.json"));
    const QString path = dir.filePath(target);
    // The old bytes: what an earlier run left (a small but whole file of the same kind).
    QByteArray old = targetIsInput ? readAll(path) : QByteArray("an earlier, complete output\n");
    if (target == QLatin1String("session.json")) {
        // A session file must be a checkpoint to be read back: make one first, with room.
        const Outcome first = runIn(dir.path(), args, 0);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        old = readAll(path);
        QVERIFY(!old.isEmpty());
    } else if (!targetIsInput) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(old);
    }
    const QStringList before = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden, QDir::Name);

    // Room for fewer bytes than the output needs, more than the old file holds.
    // (fmt -i replaces its input: a limit below the new text's size is enough.)
    const qint64 limit = targetIsInput ? 64 : std::max<qint64>(old.size() + 8, 96);
    const Outcome full = runIn(dir.path(), args, limit);
    QVERIFY2(!full.crashed, qPrintable(full.err));
    QVERIFY2(full.exitCode != 0, qPrintable(QStringLiteral("exit 0 with a full disk: %1").arg(full.err)));
    QVERIFY2(full.err.contains(target), qPrintable(full.err));
    QCOMPARE(readAll(path), old);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden, QDir::Name), before); // no temporary file left

    // With room, the same command replaces the file whole.
    const Outcome roomy = runIn(dir.path(), args, 0);
    QVERIFY2(roomy.exitCode == 0, qPrintable(roomy.err));
    const QByteArray written = readAll(path);
    QVERIFY(written != old);
    QVERIFY2(written.size() > limit, qPrintable(QStringLiteral("%1 bytes").arg(written.size())));
}

QTEST_GUILESS_MAIN(TestCliWrites)
#include "tst_cli_writes.moc"
