#include "testing/GraphTestSuite.h"

#include "io/YamlValue.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <yaml-cpp/yaml.h>

namespace capgraph {

namespace {

// Reads a suite from yaml-cpp's nodes, so every message says where.
class SuiteReader
{
public:
    SuiteReader(QString file, QByteArray data) : m_file(std::move(file)), m_data(std::move(data)) {}

    bool read(GraphTestSuite *suite, QString *error);

private:
    struct Failure
    {
        QString message;
    };

    [[noreturn]] void fail(const YAML::Node &at, const QString &what) const
    {
        const YAML::Mark m = at.Mark();
        throw Failure{QStringLiteral("%1:%2:%3: error: %4").arg(m_file).arg(std::max(1, m.line + 1)).arg(column(m)).arg(what)};
    }
    int column(const YAML::Mark &m) const
    {
        if (m.line < 0 || m.pos < 0 || m.pos > m_data.size())
            return 1;
        return int(QString::fromUtf8(m_data.mid(m.pos - m.column, m.column)).size()) + 1;
    }
    static QString text(const YAML::Node &n) { return QString::fromStdString(n.Scalar()); }
    QString string(const YAML::Node &n, const QString &what) const
    {
        if (!n.IsScalar() || n.IsNull() || text(n).trimmed().isEmpty())
            fail(n, QStringLiteral("%1: expected a text").arg(what));
        return text(n);
    }
    qint64 count(const YAML::Node &n, const QString &what) const
    {
        bool ok = false;
        const qint64 v = n.IsScalar() ? text(n).toLongLong(&ok) : 0;
        if (!ok || v < 0)
            fail(n, QStringLiteral("%1: expected a whole number of 0 or more, got %2").arg(what, n.IsScalar() ? QStringLiteral("'%1'").arg(text(n)) : QStringLiteral("a collection")));
        return v;
    }
    QStringList ids(const YAML::Node &n, const QString &what) const
    {
        if (!n.IsSequence())
            fail(n, QStringLiteral("%1: expected a list of node ids, e.g. [start, write_report]").arg(what));
        QStringList out;
        for (const YAML::Node &item : n)
            out << string(item, what);
        return out;
    }
    void onlyKeys(const YAML::Node &map, const QStringList &keys, const QString &what) const
    {
        for (auto it = map.begin(); it != map.end(); ++it)
            if (!keys.contains(text(it->first)))
                fail(it->first, QStringLiteral("unknown key '%1' in %2 (expected one of: %3)").arg(text(it->first), what, keys.join(QStringLiteral(", "))));
    }
    QString path(const YAML::Node &n, const QString &what) const
    {
        const QString p = string(n, what);
        const QString abs = QFileInfo(m_dir.filePath(p)).absoluteFilePath();
        if (!QFileInfo(abs).isFile())
            fail(n, QStringLiteral("%1: no such file: %2 (paths are relative to the test file's folder)").arg(what, p));
        return abs;
    }
    QVariant mapping(const YAML::Node &n, const QString &what) const
    {
        if (!n.IsMap())
            fail(n, QStringLiteral("%1: expected a mapping").arg(what));
        return yamlNodeToVariant(n);
    }
    void readMocks(const YAML::Node &n, GraphTestCase *c) const
    {
        if (n.IsScalar()) {
            c->mockFile = path(n, QStringLiteral("mocks"));
            c->mocks = QVariant();
        } else { // written here: over the suite's mock file, which stays
            c->mocks = mapping(n, QStringLiteral("mocks (a mock file's path, or its mapping written here)"));
            const YAML::Mark m = n.Mark();
            c->mocksWhere = QStringLiteral("%1:%2:%3").arg(m_file).arg(m.line + 1).arg(column(m));
        }
    }
    GraphTestCase readCase(const YAML::Node &n, const GraphTestCase &defaults) const;
    void readExpect(const YAML::Node &n, GraphTestExpectation *e) const;

    QString m_file;
    QByteArray m_data;
    QDir m_dir;
};

void SuiteReader::readExpect(const YAML::Node &n, GraphTestExpectation *e) const
{
    if (!n.IsMap())
        fail(n, QStringLiteral("expect: expected a mapping with any of status, route, not_route, outputs, max_steps, max_tokens"));
    onlyKeys(n, {QStringLiteral("status"), QStringLiteral("route"), QStringLiteral("not_route"), QStringLiteral("outputs"),
                 QStringLiteral("max_steps"), QStringLiteral("max_tokens")},
             QStringLiteral("expect"));
    if (const YAML::Node s = n["status"]) {
        const QString v = string(s, QStringLiteral("expect.status"));
        if (v != QLatin1String("finished") && v != QLatin1String("failed") && v != QLatin1String("waiting"))
            fail(s, QStringLiteral("expect.status: expected finished, failed or waiting, got '%1'").arg(v));
        e->status = v;
    }
    if (const YAML::Node r = n["route"])
        e->route = ids(r, QStringLiteral("expect.route"));
    if (const YAML::Node r = n["not_route"])
        e->notRoute = ids(r, QStringLiteral("expect.not_route"));
    if (const YAML::Node o = n["outputs"]) {
        if (!o.IsSequence() && !o.IsScalar())
            fail(o, QStringLiteral("expect.outputs: expected a list of expressions, e.g. [\"write_report.report != null\"]"));
        const auto add = [&](const YAML::Node &item) {
            const YAML::Mark m = item.Mark();
            e->outputs.append({string(item, QStringLiteral("expect.outputs")), m.line + 1, column(m)});
        };
        if (o.IsScalar())
            add(o);
        else
            for (const YAML::Node &item : o)
                add(item);
    }
    if (const YAML::Node s = n["max_steps"])
        e->maxSteps = count(s, QStringLiteral("expect.max_steps"));
    if (const YAML::Node t = n["max_tokens"])
        e->maxTokens = count(t, QStringLiteral("expect.max_tokens"));
}

GraphTestCase SuiteReader::readCase(const YAML::Node &n, const GraphTestCase &defaults) const
{
    if (!n.IsMap())
        fail(n, QStringLiteral("a test case: expected a mapping with name, graph, input, mocks, answers, pinned, max_steps, timeout, expect"));
    onlyKeys(n, {QStringLiteral("name"), QStringLiteral("graph"), QStringLiteral("input"), QStringLiteral("mocks"), QStringLiteral("answers"),
                 QStringLiteral("pinned"), QStringLiteral("max_steps"), QStringLiteral("timeout"), QStringLiteral("expect")},
             QStringLiteral("a test case"));
    GraphTestCase c = defaults;
    const YAML::Mark m = n.Mark();
    c.line = m.line + 1;
    c.column = column(m);
    if (!n["name"])
        fail(n, QStringLiteral("a test case without a name (expected `name: what it checks`)"));
    c.name = string(n["name"], QStringLiteral("name"));
    if (const YAML::Node g = n["graph"])
        c.graphFile = path(g, QStringLiteral("graph"));
    if (c.graphFile.isEmpty())
        fail(n, QStringLiteral("test case '%1' has no graph (expected `graph: FILE.yaml`, here or at the top of the file)").arg(c.name));
    if (const YAML::Node i = n["input"])
        c.input = i.IsNull() ? QVariantMap() : mapping(i, QStringLiteral("input")).toMap();
    if (const YAML::Node mk = n["mocks"])
        readMocks(mk, &c);
    if (const YAML::Node a = n["answers"])
        c.answers = mapping(a, QStringLiteral("answers (interaction ids to answers)"));
    if (const YAML::Node p = n["pinned"]) {
        QString why;
        bool ok = true;
        if (p.IsScalar())
            ok = PinnedOutputs::read(path(p, QStringLiteral("pinned")), &c.pinned, &why);
        else
            ok = PinnedOutputs::fromVariant(mapping(p, QStringLiteral("pinned (node ids to outputs)")), QStringLiteral("pinned"), &c.pinned, &why);
        if (!ok)
            fail(p, why);
    }
    if (const YAML::Node s = n["max_steps"]) {
        c.runMaxSteps = count(s, QStringLiteral("max_steps"));
        if (*c.runMaxSteps < 1)
            fail(s, QStringLiteral("max_steps: expected a positive number"));
    }
    if (const YAML::Node t = n["timeout"]) {
        bool ok = false;
        const double seconds = t.IsScalar() ? text(t).toDouble(&ok) : 0;
        if (!ok || !(seconds > 0) || seconds > 86400)
            fail(t, QStringLiteral("timeout: expected a number of seconds above 0 (at most 86400), got %1")
                        .arg(t.IsScalar() ? QStringLiteral("'%1'").arg(text(t)) : QStringLiteral("a collection")));
        c.timeoutSeconds = seconds;
    }
    if (const YAML::Node e = n["expect"])
        readExpect(e, &c.expect);
    else
        fail(n, QStringLiteral("test case '%1' expects nothing (expected `expect:` with status, route, outputs, …)").arg(c.name));
    return c;
}

bool SuiteReader::read(GraphTestSuite *suite, QString *error)
{
    m_dir = QFileInfo(m_file).absoluteDir();
    try {
        const YamlFirstDocument doc = loadYamlFirstDocument(m_data.toStdString());
        const YAML::Node &root = doc.node;
        if (!root.IsMap() || !root["tests"])
            fail(root, QStringLiteral("not a test suite: expected a mapping with `tests:`, a list of cases (docs/testing.md)"));
        onlyKeys(root, {QStringLiteral("tests"), QStringLiteral("graph"), QStringLiteral("mocks")}, QStringLiteral("a test suite"));
        GraphTestCase defaults;
        if (const YAML::Node g = root["graph"])
            defaults.graphFile = path(g, QStringLiteral("graph"));
        if (const YAML::Node mk = root["mocks"])
            readMocks(mk, &defaults);
        const YAML::Node tests = root["tests"];
        if (!tests.IsSequence() || tests.size() == 0)
            fail(tests, QStringLiteral("tests: expected a list of test cases"));
        QStringList names;
        for (const YAML::Node &n : tests) {
            GraphTestCase c = readCase(n, defaults);
            if (names.contains(c.name))
                fail(n["name"], QStringLiteral("a second test case named '%1' (names must differ: results are reported by name)").arg(c.name));
            names << c.name;
            suite->cases.append(c);
        }
    } catch (const Failure &f) {
        *error = f.message;
        return false;
    } catch (const YAML::Exception &e) {
        *error = QStringLiteral("%1:%2:%3: error: %4").arg(m_file).arg(std::max(1, e.mark.line + 1)).arg(column(e.mark)).arg(QString::fromStdString(e.msg));
        return false;
    }
    return true;
}

} // namespace

bool GraphTestSuite::read(const QString &path, GraphTestSuite *suite, QString *error)
{
    *suite = GraphTestSuite();
    suite->file = path;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: error: cannot read: %2").arg(path, f.errorString());
        return false;
    }
    if (f.size() > kMaxYamlBytes) {
        *error = QStringLiteral("%1:1:1: error: the file is larger than %2 MiB").arg(path).arg(kMaxYamlBytes / (1024 * 1024));
        return false;
    }
    return SuiteReader(path, f.readAll()).read(suite, error);
}

QStringList GraphTestSuite::find(const QStringList &paths, QStringList *missing)
{
    QStringList files;
    for (const QString &p : paths) {
        const QFileInfo info(p);
        if (info.isFile()) {
            files << p;
        } else if (info.isDir()) {
            QStringList found;
            QDirIterator it(p, {QStringLiteral("*.test.yaml"), QStringLiteral("*.test.yml")}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext())
                found << it.next();
            found.sort();
            files += found;
        } else if (missing) {
            *missing << p;
        }
    }
    return files;
}

} // namespace capgraph
