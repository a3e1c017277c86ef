// Tests for the condition expression language (engine/expr): lexing, parsing, error columns,
// evaluation, functions, context value types, references() and robustness.

#include "analysis/ExpressionNames.h"
#include "capability/Capability.h"
#include "capability/CapabilityRegistry.h"
#include "expr/Expression.h"
#include "yaml/GraphYamlReader.h"
#include "expr/ExpressionContext.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QLocale>
#include <QRandomGenerator>
#include <QStringList>
#include <QVariantHash>
#include <QVariantList>
#include <QVariantMap>
#include <QtTest>

#include <cmath>
#include <functional>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#endif

using namespace capgraph;

namespace {

QString u8(const char *s) { return QString::fromUtf8(s); }

// A canonical, type-tagged text for a value, written independently of the engine's own
// ExprValue helpers so that a bug there cannot hide itself:
//   null, true/false, numbers (shortest form), 'strings', [lists], {maps with sorted keys}.
QString canon(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::UnknownType:
    case QMetaType::Nullptr:
        return QStringLiteral("null");
    case QMetaType::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Long:
    case QMetaType::ULong: {
        const double d = v.toDouble();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 1e15)
            return QString::number(static_cast<qlonglong>(d));
        return QString::number(d, 'g', QLocale::FloatingPointShortest);
    }
    case QMetaType::QString:
        return QLatin1Char('\'') + v.toString() + QLatin1Char('\'');
    case QMetaType::QStringList:
    case QMetaType::QVariantList: {
        QStringList parts;
        const QVariantList list = v.toList();
        for (const QVariant &item : list)
            parts << canon(item);
        return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
    }
    case QMetaType::QVariantHash:
    case QMetaType::QVariantMap: {
        QVariantMap map;
        if (v.typeId() == QMetaType::QVariantHash) {
            const QVariantHash h = v.toHash();
            for (auto it = h.cbegin(); it != h.cend(); ++it)
                map.insert(it.key(), it.value());
        } else {
            map = v.toMap();
        }
        QStringList parts;
        for (auto it = map.cbegin(); it != map.cend(); ++it)
            parts << it.key() + QLatin1Char(':') + canon(it.value());
        return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
    }
    case QMetaType::QJsonValue:
        return canon(v.value<QJsonValue>().toVariant());
    case QMetaType::QJsonArray:
        return canon(v.value<QJsonArray>().toVariantList());
    case QMetaType::QJsonObject:
        return canon(v.value<QJsonObject>().toVariantMap());
    default:
        return QStringLiteral("<%1:%2>").arg(QString::fromLatin1(v.typeName()), v.toString());
    }
}

QString describe(const EvalResult &r)
{
    if (r.ok())
        return QStringLiteral("ok: %1").arg(canon(r.value));
    return QStringLiteral("error at column %1: %2").arg(r.column).arg(r.error);
}

QString describeRefs(const QList<NameReference> &refs)
{
    QStringList out;
    for (const NameReference &r : refs) {
        QString s = r.root;
        if (!r.path.isEmpty())
            s += QLatin1Char('.') + r.path.join(QLatin1Char('.'));
        s += QLatin1Char('@') + QString::number(r.column);
        if (r.guarded)
            s += QLatin1Char('g');
        out << s;
    }
    return out.join(QLatin1Char(' '));
}

QVariantMap makeMap(std::initializer_list<std::pair<const char *, QVariant>> items)
{
    QVariantMap m;
    for (const auto &[k, v] : items)
        m.insert(u8(k), v);
    return m;
}

QVariant nullValue() { return QVariant::fromValue(nullptr); }

// The context every evaluation table row runs against.
QVariantMap fixture()
{
    QVariantMap item0 = makeMap({{"name", QStringLiteral("x")}, {"n", 1}});
    QVariantMap item1 = makeMap({{"name", QStringLiteral("y")}, {"n", 2}});
    QVariantHash hash;
    hash.insert(QStringLiteral("k"), 1);
    hash.insert(QStringLiteral("s"), QStringLiteral("v"));
    return makeMap({
        {"input", makeMap({{"type", QStringLiteral("pdf")},
                           {"name", QStringLiteral(" Report.PDF ")},
                           {"pages", 12},
                           {"tags", QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}},
                           {"meta", makeMap({{"author", QStringLiteral("Ann")}, {"year", 2024}})},
                           {"in", QStringLiteral("yes")}})},
        {"result_count", 12},
        {"iteration", qlonglong(2)},
        {"score", 0.75},
        {"zero", 0},
        {"neg", -3},
        {"empty_list", QVariantList()},
        {"empty_map", QVariantMap()},
        {"empty_str", QString()},
        {"nothing", nullValue()},
        {"undef", QVariant()},
        {"text_zh", u8("好的，我决定用 PostgreSQL 作为数据库")},
        {"items", QVariantList{item0, item1}},
        {"jobj", QJsonObject{{QStringLiteral("type"), QStringLiteral("pdf")},
                             {QStringLiteral("count"), 3},
                             {QStringLiteral("list"), QJsonArray{1, 2}}}},
        {"jarr", QJsonArray{1, QStringLiteral("two"), true}},
        {"jstr", QJsonValue(QStringLiteral("pdf"))},
        {"jnum", QJsonValue(3)},
        {"jtrue", QJsonValue(true)},
        {"jnull", QJsonValue(QJsonValue::Null)},
        {"jval_obj", QJsonValue(QJsonObject{{QStringLiteral("k"), QStringLiteral("v")}})},
        {"hash", hash},
        {"strlist", QStringList{QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")}},
        {"i", 7},
        {"ll", qlonglong(10000000000LL)},
        {"d", 2.5},
        {"f", 1.5f},
        {"u", 7u},
        {"pattern", QStringLiteral("^a+$")},
        {"badpattern", QStringLiteral("(")},
    });
}

// Runs `body` in a forked child on Unix so that a crash (stack overflow) is reported as a
// failure of one test instead of killing the whole suite. `body` returns an empty string
// on success, otherwise a description of what went wrong.
QString runIsolated(const std::function<QString()> &body)
{
#ifdef Q_OS_UNIX
    int fds[2];
    if (::pipe(fds) != 0)
        return body();
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return body();
    }
    if (pid == 0) {
        // Default handlers: a crash should just end the child, without QtTest's reporting.
        std::signal(SIGSEGV, SIG_DFL);
        std::signal(SIGBUS, SIG_DFL);
        std::signal(SIGABRT, SIG_DFL);
        std::signal(SIGFPE, SIG_DFL);
        std::signal(SIGILL, SIG_DFL);
        ::close(fds[0]);
        const QByteArray message = body().toUtf8();
        qsizetype written = 0;
        while (written < message.size()) {
            const ssize_t w = ::write(fds[1], message.constData() + written, size_t(message.size() - written));
            if (w <= 0)
                break;
            written += w;
        }
        ::close(fds[1]);
        ::_exit(0);
    }
    ::close(fds[1]);
    QByteArray out;
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::read(fds[0], buffer, sizeof buffer);
        if (got <= 0)
            break;
        out.append(buffer, got);
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (WIFSIGNALED(status))
        return QStringLiteral("crashed with signal %1").arg(WTERMSIG(status));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return QStringLiteral("the child process ended abnormally");
    return QString::fromUtf8(out);
#else
    return body();
#endif
}

// A context that records what is looked up (to see short-circuiting from the outside).
class CountingContext : public ExpressionContext
{
public:
    explicit CountingContext(QVariantMap values) : m_values(std::move(values)) {}
    bool lookup(const QString &name, QVariant *value) const override
    {
        looked << name;
        const auto it = m_values.constFind(name);
        if (it == m_values.cend())
            return false;
        *value = it.value();
        return true;
    }
    mutable QStringList looked;

private:
    QVariantMap m_values;
};

QString repeated(const QString &s, int count)
{
    QString out;
    out.reserve(s.size() * count);
    for (int i = 0; i < count; ++i)
        out += s;
    return out;
}

} // namespace

class TestExpression : public QObject
{
    Q_OBJECT

private slots:
    void seedExpressions_data();
    void seedExpressions();
    void evaluate_data();
    void evaluate();
    void evaluationErrors_data();
    void evaluationErrors();
    void parseErrors_data();
    void parseErrors();
    void invalidLiteralRegex_data();
    void invalidLiteralRegex();
    void matchesChineseChoice_data();
    void matchesChineseChoice();
    void truthiness_data();
    void truthiness();
    void deepEquality_data();
    void deepEquality();
    void shortCircuit_data();
    void shortCircuit();
    void references_data();
    void references();
    void invalidAndDefaultExpressions();
    void parseOnceEvaluateMany();
    void customContext();
    void unicodeDigits_data();
    void unicodeDigits();
    void reasonableNesting_data();
    void reasonableNesting();
    void deepNestingIsAnError_data();
    void deepNestingIsAnError();
    void longFlatChainsDoNotCrash_data();
    void longFlatChainsDoNotCrash();
    void fuzzTokenSoup();
    void namesForCompletion();
    void fuzzRandomCharacters();
};

// ---------------------------------------------------------------------------------------------
// The spec's seed expressions, over several contexts, with plain and JSON-typed values.

void TestExpression::seedExpressions_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("resultCount");
    QTest::addColumn<int>("iteration");
    QTest::addColumn<bool>("expected");

    const QString typeEq = QStringLiteral("input.type == 'pdf'");
    QTest::newRow("type pdf") << typeEq << QStringLiteral("pdf") << 0 << 0 << true;
    QTest::newRow("type docx") << typeEq << QStringLiteral("docx") << 0 << 0 << false;
    QTest::newRow("type PDF is case-sensitive") << typeEq << QStringLiteral("PDF") << 0 << 0 << false;
    QTest::newRow("type empty") << typeEq << QString() << 0 << 0 << false;

    const QString enough = QStringLiteral("result_count >= 10 OR iteration >= 3");
    QTest::newRow("enough 12/0") << enough << QString() << 12 << 0 << true;
    QTest::newRow("enough 10/2") << enough << QString() << 10 << 2 << true;
    QTest::newRow("enough 9/2") << enough << QString() << 9 << 2 << false;
    QTest::newRow("enough 9/3") << enough << QString() << 9 << 3 << true;
    QTest::newRow("enough 0/0") << enough << QString() << 0 << 0 << false;

    const QString retry = QStringLiteral("result_count < 10 AND iteration < 3");
    QTest::newRow("retry 9/2") << retry << QString() << 9 << 2 << true;
    QTest::newRow("retry 0/0") << retry << QString() << 0 << 0 << true;
    QTest::newRow("retry 10/2") << retry << QString() << 10 << 2 << false;
    QTest::newRow("retry 9/3") << retry << QString() << 9 << 3 << false;

    const QString every3 = QStringLiteral("iteration % 3 == 0");
    for (int it : {0, 1, 2, 3, 4, 6, 7, 9, 10})
        QTest::addRow("every3 it=%d", it) << every3 << QString() << 0 << it << (it % 3 == 0);
}

void TestExpression::seedExpressions()
{
    QFETCH(QString, expression);
    QFETCH(QString, type);
    QFETCH(int, resultCount);
    QFETCH(int, iteration);
    QFETCH(bool, expected);

    const Expression e = Expression::parse(expression);
    QVERIFY2(e.isValid(), qPrintable(e.errorMessage()));
    QCOMPARE(e.text(), expression);

    // Plain Qt types.
    QVariantMap plain;
    plain.insert(QStringLiteral("input"), makeMap({{"type", type}}));
    plain.insert(QStringLiteral("result_count"), resultCount);
    plain.insert(QStringLiteral("iteration"), qlonglong(iteration));
    const EvalResult a = e.evaluate(plain);
    QVERIFY2(a.ok(), qPrintable(describe(a)));
    QCOMPARE(a.value.typeId(), int(QMetaType::Bool));
    QCOMPARE(a.value.toBool(), expected);

    // The same data as JSON values (what a node's JSON output looks like).
    QVariantMap json;
    json.insert(QStringLiteral("input"), QJsonObject{{QStringLiteral("type"), type}});
    json.insert(QStringLiteral("result_count"), QJsonValue(double(resultCount)));
    json.insert(QStringLiteral("iteration"), QJsonValue(iteration));
    const EvalResult b = e.evaluate(json);
    QVERIFY2(b.ok(), qPrintable(describe(b)));
    QCOMPARE(b.value.toBool(), expected);

    // And through a hash / double mix.
    QVariantHash inputHash;
    inputHash.insert(QStringLiteral("type"), type);
    QVariantMap mixed;
    mixed.insert(QStringLiteral("input"), inputHash);
    mixed.insert(QStringLiteral("result_count"), double(resultCount));
    mixed.insert(QStringLiteral("iteration"), iteration);
    const EvalResult c = e.evaluate(mixed);
    QVERIFY2(c.ok(), qPrintable(describe(c)));
    QCOMPARE(c.value.toBool(), expected);
}

// ---------------------------------------------------------------------------------------------
// Successful evaluations against fixture(): expression -> canonical value.

static void addEval(const char *expression, const char *expected)
{
    QTest::newRow(expression) << u8(expression) << u8(expected);
}

void TestExpression::evaluate_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("expected");

    // Number literals.
    addEval("42", "42");
    addEval("3.5", "3.5");
    addEval(".5", "0.5");
    addEval("007", "7");
    addEval("1e3", "1000");
    addEval("2.5E-1", "0.25");
    addEval("1E+2", "100");

    // Strings: both quotes, escapes, regex escapes kept.
    addEval("'abc'", "'abc'");
    addEval("\"abc\"", "'abc'");
    addEval("''", "''");
    addEval("\"\"", "''");
    addEval("'it\\'s'", "'it's'");
    addEval("\"it's\"", "'it's'");
    addEval("'say \"hi\"'", "'say \"hi\"'");
    addEval("\"say \\\"hi\\\"\"", "'say \"hi\"'");
    addEval("'a\\nb'", "'a\nb'");
    addEval("'a\\tb'", "'a\tb'");
    addEval("'a\\rb'", "'a\rb'");
    addEval("'back\\\\slash'", "'back\\slash'");
    addEval("'\\d+'", "'\\d+'");
    addEval("'我选择'", "'我选择'");

    // true / false / null in any case.
    addEval("true", "true");
    addEval("True", "true");
    addEval("TRUE", "true");
    addEval("tRuE", "true");
    addEval("false", "false");
    addEval("FALSE", "false");
    addEval("null", "null");
    addEval("NULL", "null");
    addEval("Null", "null");

    // List literals.
    addEval("[]", "[]");
    addEval("[1, 'a', true, null]", "[1,'a',true,null]");
    addEval("[[1, 2], [3], []]", "[[1,2],[3],[]]");
    addEval("[1 + 1, len('ab'), input.type]", "[2,2,'pdf']");

    // Arithmetic and precedence.
    addEval("1 + 2 * 3", "7");
    addEval("(1 + 2) * 3", "9");
    addEval("10 - 2 - 3", "5");
    addEval("2 * 3 % 4", "2");
    addEval("100 / 10 / 5", "2");
    addEval("7 / 2", "3.5");
    addEval("-7 / 2", "-3.5");
    addEval("7 % 3", "1");
    addEval("-7 % 3", "-1"); // picked: C-style remainder (sign of the dividend), spec is silent
    addEval("5.5 % 2", "1.5");
    addEval("- -3", "3");
    addEval("-(2 + 3)", "-5");
    addEval("2 - -2", "4");
    addEval("-2 * -3", "6");
    addEval("0.1 + 0.2", "0.30000000000000004");
    addEval("'ab' + 'cd'", "'abcd'");
    addEval("'' + ''", "''");
    addEval("[1] + [2, 3]", "[1,2,3]");
    addEval("result_count * 2", "24");
    addEval("neg * neg", "9");
    addEval("i + ll + d + f + u", "10000000018");
    addEval("u - 8", "-1");
    addEval("f + 0.5", "2");
    addEval("score * 4", "3");
    addEval("\t1 +\n2 ", "3");
    addEval("1\u3000+\u30002", "3"); // ideographic spaces

    // Comparisons.
    addEval("1 == 1.0", "true");
    addEval("1 != 2", "true");
    addEval("2 != 2", "false");
    addEval("'a' == 'a'", "true");
    addEval("'a' == 'A'", "false");
    addEval("1 == '1'", "false");
    addEval("true == 1", "false"); // picked: different kinds are never equal
    addEval("null == null", "true");
    addEval("null == false", "false");
    addEval("null != 0", "true");
    addEval("'' == null", "false");
    addEval("nothing == null", "true");
    addEval("undef == null", "true");
    addEval("jnull == null", "true");
    addEval("'a' < 'b'", "true");
    addEval("'B' < 'a'", "true");
    addEval("'abc' < 'abd'", "true");
    addEval("'' < 'a'", "true");
    addEval("'abc' <= 'abc'", "true");
    addEval("'b' > 'abc'", "true");
    addEval("2 > 1", "true");
    addEval("1 > 2", "false");
    addEval("2 >= 2", "true");
    addEval("2 <= 1", "false");
    addEval("-1 < 0", "true");
    addEval("1 + 1 == 2", "true");
    addEval("NOT 1 == 2", "true");
    addEval("i == 7", "true");
    addEval("ll > 9999999999", "true");
    addEval("[1, [2, 'x']] == [1, [2, 'x']]", "true");
    addEval("[1, [2, 'x']] == [1, [2, 'y']]", "false");
    addEval("[1, 2] == [2, 1]", "false");
    addEval("[1, 2] != [1, 2, 3]", "true");
    addEval("[] == []", "true");
    addEval("strlist == ['x', 'y', 'z']", "true");
    addEval("jarr == [1, 'two', true]", "true");
    addEval("jobj.list == [1, 2]", "true");
    addEval("input.tags == ['a', 'b', 'c']", "true");
    addEval("items[0] == items[0]", "true");
    addEval("items[0] == items[1]", "false");
    addEval("empty_map == empty_map", "true");
    addEval("empty_map == empty_list", "false");

    // Logic: keywords in any case and && || !.
    addEval("true AND false", "false");
    addEval("true and true", "true");
    addEval("true AnD true", "true");
    addEval("TRUE Or FALSE", "true");
    addEval("false or false", "false");
    addEval("NOT true", "false");
    addEval("not false", "true");
    addEval("Not false", "true");
    addEval("!true", "false");
    addEval("!!true", "true");
    addEval("! false", "true");
    addEval("true && false", "false");
    addEval("false || true", "true");
    addEval("true OR false AND false", "true");
    addEval("(true OR false) AND false", "false");
    addEval("NOT true OR true", "true");
    addEval("NOT (true OR true)", "false");
    addEval("1 AND 'x'", "true");
    addEval("0 OR ''", "false");
    addEval("result_count > 5 && iteration < 5 || false", "true");

    // Short-circuit: the right side is never evaluated.
    addEval("false AND missing_name", "false");
    addEval("true OR missing_name", "true");
    addEval("false and missing_name.deep[3]", "false");
    addEval("false && 1 / 0 == 1", "false");
    addEval("true || 'a' < 1", "true");
    addEval("NOT false OR missing", "true");
    addEval("zero AND missing", "false");

    // in / not in.
    addEval("1 in [1, 2]", "true");
    addEval("3 in [1, 2]", "false");
    addEval("3 not in [1, 2]", "true");
    addEval("1 not in [1, 2]", "false");
    addEval("3 NOT IN [1, 2]", "true");
    addEval("3 Not In [1]", "true");
    addEval("1 IN [1]", "true");
    addEval("'b' in 'abc'", "true");
    addEval("'x' in 'abc'", "false");
    addEval("'' in 'abc'", "true");
    addEval("'x' not in 'abc'", "true");
    addEval("'type' in input", "true");
    addEval("'zzz' not in input", "true");
    addEval("'a' in input.tags", "true");
    addEval("'q' in strlist", "false");
    addEval("'y' in strlist", "true");
    addEval("[1] in [[1], 2]", "true");
    addEval("1.0 in [1]", "true");
    addEval("'1' in [1]", "false");
    addEval("null in [null]", "true");
    addEval("'k' in hash", "true");
    addEval("'type' in jobj", "true");
    addEval("'two' in jarr", "true");
    addEval("'x' in empty_list", "false");
    addEval("input.type in ['pdf', 'docx']", "true");

    // Paths, indexes (negative from the end).
    addEval("input.type", "'pdf'");
    addEval("input.meta.author", "'Ann'");
    addEval("input.meta.year + 1", "2025");
    addEval("input.tags[0]", "'a'");
    addEval("input.tags[-1]", "'c'");
    addEval("input.tags[-3]", "'a'");
    addEval("input.tags[2.0]", "'c'");
    addEval("input.tags[1 + 1]", "'c'");
    addEval("input.tags[iteration]", "'c'");
    addEval("items[1].name", "'y'");
    addEval("items[-1].n + items[0].n", "3");
    addEval("items[0]['name']", "'x'");
    addEval("input['type']", "'pdf'");
    addEval("input['me' + 'ta'].year", "2024");
    addEval("[10, 20, 30][1]", "20");
    addEval("[10, 20, 30][-1]", "30");
    addEval("'hello'[1]", "'e'");
    addEval("'hello'[-1]", "'o'");
    addEval("'我选择'[1]", "'选'");
    addEval("(input).type", "'pdf'");
    addEval("input.in", "'yes'"); // keywords are allowed as field names
    addEval("input.meta", "{author:'Ann',year:2024}");
    addEval("nothing", "null");

    // Context value types: JSON, hashes, string lists, ints, floats.
    addEval("jobj.type == 'pdf'", "true");
    addEval("jobj.count + 1", "4");
    addEval("jobj.list[1]", "2");
    addEval("len(jobj)", "3");
    addEval("jarr[1]", "'two'");
    addEval("jarr[-1]", "true");
    addEval("len(jarr)", "3");
    addEval("jstr == 'pdf'", "true");
    addEval("jstr + '!'", "'pdf!'");
    addEval("upper(jstr)", "'PDF'");
    addEval("jstr[0]", "'p'");
    addEval("jnum * 2", "6");
    addEval("jnum == 3", "true");
    addEval("jnum < 4", "true");
    addEval("NOT jtrue", "false");
    addEval("jtrue AND true", "true");
    addEval("jval_obj.k", "'v'");
    addEval("hash.k + 1", "2");
    addEval("hash.s", "'v'");
    addEval("hash['k']", "1");
    addEval("len(hash)", "2");
    addEval("strlist[1]", "'y'");
    addEval("strlist[-1]", "'z'");
    addEval("len(strlist)", "3");
    addEval("d * 2", "5");

    // len, contains.
    addEval("len('hello')", "5");
    addEval("len('')", "0");
    addEval("len('我选择')", "3");
    addEval("len([1, 2, 3])", "3");
    addEval("len(input)", "6");
    addEval("len(empty_list)", "0");
    addEval("len(empty_map)", "0");
    addEval("len(empty_str)", "0");
    addEval("contains('hello', 'ell')", "true");
    addEval("contains('hello', 'xyz')", "false");
    addEval("contains([1, 2], 2)", "true");
    addEval("contains([1, 2], '2')", "false");
    addEval("contains(input, 'type')", "true");
    addEval("contains(input.tags, 'z')", "false");
    addEval("contains(text_zh, '决定用')", "true");

    // matches (a search, not a full match; case-sensitive).
    addEval("matches('abc123', '\\d+')", "true");
    addEval("matches('abc', '\\d')", "false");
    addEval("matches('abc', 'b')", "true");
    addEval("matches('abc', '^b')", "false");
    addEval("matches('abc', '^abc$')", "true");
    addEval("matches('ABC', 'abc')", "false");
    addEval("matches('ABC', '(?i)abc')", "true");
    addEval("matches('', '')", "true");
    addEval("matches('aaa', pattern)", "true");
    addEval("matches('aab', pattern)", "false");
    addEval("matches(input.type, 'p' + 'df')", "true");
    addEval("matches(text_zh, '我选择|决定用|就用|采用')", "true");
    addEval("matches('今天天气不错', '我选择|决定用|就用|采用')", "false");
    addEval("matches('我选择 Rust', '^我选择')", "true");
    addEval("matches('数据库', '\\p{Han}+')", "true");

    // lower, upper, trim, startswith, endswith.
    addEval("lower('HeLLo')", "'hello'");
    addEval("upper('abc')", "'ABC'");
    addEval("lower('ÄÖ')", "'äö'");
    addEval("trim('  a b  ')", "'a b'");
    addEval("trim(input.name)", "'Report.PDF'");
    addEval("lower(trim(input.name))", "'report.pdf'");
    addEval("startswith('report.pdf', 'rep')", "true");
    addEval("startswith('report.pdf', 'pdf')", "false");
    addEval("endswith('report.pdf', '.pdf')", "true");
    addEval("endswith('report.pdf', '.PDF')", "false");
    addEval("startswith('', '')", "true");
    addEval("endswith(lower(trim(input.name)), '.pdf')", "true");

    // str, num.
    addEval("str(3)", "'3'");
    addEval("str(2.5)", "'2.5'");
    addEval("str(-0.5)", "'-0.5'");
    addEval("str(result_count)", "'12'");
    addEval("str(true)", "'true'");
    addEval("str(false)", "'false'");
    addEval("str(null)", "'null'");
    addEval("str('x')", "'x'");
    addEval("str([1, 'a'])", "'[1,\"a\"]'");
    addEval("str(1) + 'x'", "'1x'");
    addEval("num('42')", "42");
    addEval("num(' 3.5 ')", "3.5");
    addEval("num('-1e2')", "-100");
    addEval("num(true)", "1");
    addEval("num(false)", "0");
    addEval("num(7)", "7");
    addEval("num('12') + 1", "13");
    addEval("num(str(2.5)) == 2.5", "true");

    // abs, min, max, round.
    addEval("abs(-3)", "3");
    addEval("abs(2.5)", "2.5");
    addEval("abs(0)", "0");
    addEval("abs(neg)", "3");
    addEval("min(3, 1, 2)", "1");
    addEval("max(3, 1, 2)", "3");
    addEval("min([4, 9, 2])", "2");
    addEval("max([4, 9, 2])", "9");
    addEval("max(5)", "5");
    addEval("min(-1, -5)", "-5");
    addEval("max(result_count, 20)", "20");
    addEval("min(result_count, 20)", "12");
    addEval("round(2.4)", "2");
    addEval("round(2.5)", "3");
    addEval("round(-2.5)", "-3"); // picked: halves round away from zero
    addEval("round(3.14159, 2)", "3.14");
    addEval("round(score, 1)", "0.8");
    addEval("round(1234.5, -2)", "1200");

    // flatten: a list of lists as one (nulls skipped), any other list as it is.
    addEval("flatten([[1, 2], [3], []])", "[1,2,3]");
    addEval("flatten([[1], null, ['a', [2]]])", "[1,'a',[2]]");
    addEval("flatten([[1], 2])", "[[1],2]");
    addEval("flatten([null, null])", "[null,null]");
    addEval("flatten([])", "[]");
    addEval("len(flatten(input.tags))", "3");
    addEval("flatten('ab')", "'ab'");
    addEval("flatten(null)", "null");
    addEval("flatten(default(input.nope, null))", "null");

    // exists / default: a missing name is an answer, not an error.
    addEval("exists(input)", "true");
    addEval("exists(missing_name)", "false");
    addEval("exists(input.type)", "true");
    addEval("exists(input.nope)", "false");
    addEval("exists(input.tags[5])", "false");
    addEval("exists(input.tags[-1])", "true");
    addEval("exists(input.tags[-4])", "false");
    addEval("exists(nothing)", "true");
    addEval("exists(nothing.field)", "false");
    addEval("exists(items[0].name)", "true");
    addEval("exists(items[9].name)", "false");
    addEval("exists(missing.deep.path)", "false");
    addEval("exists(input['nope'])", "false");
    addEval("NOT exists(x) OR x > 1", "true");
    addEval("exists(x) AND x > 1", "false");
    addEval("EXISTS(input)", "true");
    addEval("default(missing_name, 5)", "5");
    addEval("default(result_count, 5)", "12");
    addEval("default(input.nope, 'x')", "'x'");
    addEval("default(input.type, 'x')", "'pdf'");
    addEval("default(input.tags[9], 'none')", "'none'");
    addEval("default(nothing, 'fb')", "'fb'"); // picked: a null value also takes the fallback
    addEval("default(zero, 5)", "0");
    addEval("default(empty_str, 'x')", "''");
    addEval("default(missing, 1) + 1", "2");
    addEval("default(a.b.c, default(d2, 3))", "3");
    addEval("default(missing, [1, 2])", "[1,2]");
    addEval("Default(missing, 1)", "1");

    // Function names in any case.
    addEval("LEN('ab')", "2");
    addEval("Upper('a')", "'A'");
}

void TestExpression::evaluate()
{
    QFETCH(QString, expression);
    QFETCH(QString, expected);

    const Expression e = Expression::parse(expression);
    QVERIFY2(e.isValid(), qPrintable(QStringLiteral("parse error at column %1: %2").arg(e.errorColumn()).arg(e.errorMessage())));
    QVERIFY(e.errorMessage().isEmpty());
    const EvalResult r = e.evaluate(fixture());
    QVERIFY2(r.ok(), qPrintable(describe(r)));
    QVERIFY(r.error.isEmpty());
    QCOMPARE(canon(r.value), expected);
}

// ---------------------------------------------------------------------------------------------
// Evaluation errors: never thrown, always an error with the column of the offending part.

static void addEvalError(const char *expression, int column, const char *fragment)
{
    QTest::newRow(expression) << u8(expression) << column << u8(fragment);
}

void TestExpression::evaluationErrors_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("fragment");

    // Type errors.
    addEvalError("'a' < 1", 5, "cannot order a string and a number");
    addEvalError("'a' >= 1", 5, "cannot order");
    addEvalError("[1, 2] < [3]", 8, "cannot order a list and a list");
    addEvalError("true < false", 6, "cannot order a boolean");
    addEvalError("null < 1", 6, "cannot order a null");
    addEvalError("'a' + 1", 5, "cannot add a string and a number");
    addEvalError("1 + 'a'", 3, "cannot add a number and a string");
    addEvalError("true + 1", 6, "cannot add a boolean and a number");
    addEvalError("null * 2", 6, "cannot multiply a null and a number");
    addEvalError("'a' - 'b'", 5, "cannot subtract");
    addEvalError("[1] * 2", 5, "cannot multiply a list");
    addEvalError("'6' / 2", 5, "cannot divide a string");
    addEvalError("-'a'", 1, "cannot negate a string");
    addEvalError("1 + -input", 5, "cannot negate a map");
    addEvalError("1 in 'abc'", 3, "'in' a string needs a string");
    addEvalError("1 in 5", 3, "'in' needs a list, string or map");
    addEvalError("1 not in 5", 3, "'in' needs a list, string or map");
    addEvalError("1 in input", 3, "'in' a map needs a key string");

    // Missing names and fields.
    addEvalError("missing_name", 1, "unknown name 'missing_name'");
    addEvalError("missing_name == 1", 1, "unknown name 'missing_name'");
    addEvalError("missing_name OR true", 1, "unknown name 'missing_name'");
    addEvalError("result_count > 1 AND missing_name", 22, "unknown name 'missing_name'");
    addEvalError("input.nope", 6, "'input' has no field 'nope'");
    addEvalError("input.meta.nope", 11, "'input.meta' has no field 'nope'");
    addEvalError("input.type.x", 11, "'input.type' is a string, not a map");
    addEvalError("result_count.x", 13, "is a number, not a map");
    addEvalError("nothing.x", 8, "is a null, not a map");
    addEvalError("input['nope']", 6, "has no key 'nope'");

    // Bad indexes.
    addEvalError("input.tags[3]", 11, "out of range");
    addEvalError("input.tags[-4]", 11, "out of range");
    addEvalError("items[5]", 6, "out of range");
    addEvalError("'abc'[3]", 6, "out of range");
    addEvalError("[][0]", 3, "out of range");
    addEvalError("input.tags['a']", 11, "must be a whole number");
    addEvalError("input.tags[0.5]", 11, "must be a whole number");
    addEvalError("input.tags[null]", 11, "must be a whole number");
    addEvalError("input[0]", 6, "a map key must be a string");
    addEvalError("result_count[0]", 13, "cannot index a number");
    addEvalError("true[0]", 5, "cannot index a boolean");

    // Division by zero.
    addEvalError("1 / 0", 3, "division by zero");
    addEvalError("1 % 0", 3, "division by zero");
    addEvalError("0 / 0", 3, "division by zero");
    addEvalError("result_count / (iteration - 2)", 14, "division by zero");
    addEvalError("1 + 10 % zero", 8, "division by zero");

    // Function argument types (the column is the function name's).
    addEvalError("len(5)", 1, "len(x) expects a string, list or map");
    addEvalError("1 + len(5)", 5, "len(x) expects");
    addEvalError("len(null)", 1, "got a null");
    addEvalError("contains('abc', 1)", 1, "contains(container, item) expects a string");
    addEvalError("contains(5, 1)", 1, "contains() expects a string, list or map");
    addEvalError("contains(input, 1)", 1, "expects a string, got a number");
    addEvalError("matches(5, 'a')", 1, "matches(text, pattern) expects a string");
    addEvalError("matches('a', 5)", 1, "matches(text, pattern) expects a string");
    addEvalError("matches('a', badpattern)", 1, "invalid regular expression");
    addEvalError("lower(1)", 1, "lower(text) expects a string");
    addEvalError("upper(null)", 1, "upper(text) expects a string");
    addEvalError("trim([])", 1, "trim(text) expects a string");
    addEvalError("startswith('a', 1)", 1, "startswith(text, prefix) expects a string");
    addEvalError("endswith(1, 'a')", 1, "endswith(text, suffix) expects a string");
    addEvalError("num('abc')", 1, "'abc' is not a number");
    addEvalError("num('')", 1, "is not a number");
    addEvalError("num(null)", 1, "num(x) expects");
    addEvalError("num([1])", 1, "num(x) expects");
    addEvalError("abs('x')", 1, "abs(number) expects a number");
    addEvalError("min([])", 1, "empty list");
    addEvalError("max('a', 1)", 1, "expects a number");
    addEvalError("min(1, 'a')", 1, "expects a number");
    addEvalError("round('x')", 1, "expects a number");
    addEvalError("round(1, 'x')", 1, "expects a number");

    // Real errors inside exists()/default() are not swallowed.
    addEvalError("exists(input.tags['a'])", 18, "must be a whole number");
    addEvalError("default(missing, 1 / 0)", 20, "division by zero");
    addEvalError("default(missing, other_missing)", 18, "unknown name 'other_missing'");
}

void TestExpression::evaluationErrors()
{
    QFETCH(QString, expression);
    QFETCH(int, column);
    QFETCH(QString, fragment);

    const Expression e = Expression::parse(expression);
    QVERIFY2(e.isValid(), qPrintable(QStringLiteral("parse error at column %1: %2").arg(e.errorColumn()).arg(e.errorMessage())));
    const EvalResult r = e.evaluate(fixture());
    QVERIFY2(!r.ok(), qPrintable(describe(r)));
    QVERIFY2(r.error.contains(fragment), qPrintable(r.error));
    QCOMPARE(r.column, column);
    QVERIFY(!r.value.isValid());
}

// ---------------------------------------------------------------------------------------------
// Parse errors with exact 1-based columns.

static void addParseError(const char *expression, int column, const char *fragment)
{
    QTest::newRow(*expression ? expression : "<empty>") << u8(expression) << column << u8(fragment);
}

void TestExpression::parseErrors_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("fragment");

    addParseError("a ==", 5, "expected an operand, found the end");
    addParseError("(a", 3, "expected ')' to close '(' at column 1");
    addParseError("((((1)))", 9, "expected ')'");
    addParseError("a = 1", 3, "'=' is not an operator; use '=='");
    addParseError("a !== b", 5, "'=' is not an operator");
    addParseError("'abc", 1, "unterminated string");
    addParseError("\"abc", 1, "unterminated string");
    addParseError("x == 'abc", 6, "unterminated string");
    addParseError("'it\\'s", 1, "unterminated string");
    addParseError("a b", 3, "unexpected name 'b'");
    addParseError("1 2", 3, "unexpected number 2");
    addParseError("foo(1)", 1, "unknown function 'foo'");
    addParseError("x + bar()", 5, "unknown function 'bar'");
    addParseError("len()", 1, "len(x) takes 1, got 0");
    addParseError("len(1, 2)", 1, "len(x) takes 1, got 2");
    addParseError("contains('a')", 1, "takes 2, got 1");
    addParseError("round(1, 2, 3)", 1, "takes 1 to 2, got 3");
    addParseError("min()", 1, "takes 1 or more, got 0");
    addParseError("exists()", 1, "exists(path) takes 1");
    addParseError("default(a)", 1, "default(path, fallback) takes 2");
    addParseError("exists(1)", 1, "expects a name or path");
    addParseError("x AND exists('x')", 7, "expects a name or path");
    addParseError("default(len(a), 1)", 1, "expects a name or path");
    addParseError("a & b", 3, "'&' is not an operator");
    addParseError("a | b", 3, "'|' is not an operator");
    addParseError("1 < 2 < 3", 7, "cannot be chained");
    addParseError("a == b != c", 8, "cannot be chained");
    addParseError("1 in [1] in [true]", 10, "cannot be chained");
    addParseError("", 1, "empty");
    addParseError("   ", 1, "empty");
    addParseError(")", 1, "expected an operand, found ')'");
    addParseError("a )", 3, "unexpected ')'");
    addParseError("(", 2, "expected an operand");
    addParseError("()", 2, "expected an operand, found ')'");
    addParseError("a +", 4, "expected an operand");
    addParseError("* 2", 1, "expected an operand, found '*'");
    addParseError("1 +* 2", 4, "expected an operand");
    addParseError("[1, 2", 6, "expected ',' or ']'");
    addParseError("[1,,2]", 4, "expected an operand");
    addParseError("[1,]", 4, "expected an operand");
    addParseError("a.", 3, "expected a field name");
    addParseError("a.'x'", 3, "expected a field name");
    addParseError("a[", 3, "expected an operand");
    addParseError("a[0", 4, "expected ']'");
    addParseError("a[]", 3, "expected an operand");
    addParseError("len(1", 6, "expected ',' or ')'");
    addParseError("len(1 2)", 7, "expected ',' or ')'");
    addParseError("a # b", 3, "unexpected character '#'");
    addParseError("a ? b : c", 3, "unexpected character '?'");
    addParseError("a; b", 2, "unexpected character ';'");
    addParseError("2e", 2, "after a number");
    addParseError("12abc", 3, "after a number");
    addParseError("0x10", 2, "after a number");
    addParseError("NOT", 4, "expected an operand");
    addParseError("a AND", 6, "expected an operand");
    addParseError("OR a", 1, "expected an operand");
    addParseError("a not b", 3, "unexpected");
    addParseError("a ! b", 3, "unexpected");
    addParseError("a in", 5, "expected an operand");
    addParseError("a == == b", 6, "expected an operand");
    addParseError("not in [1]", 5, "expected an operand");
    // The column of an invalid literal pattern is the pattern's own column (12), like every
    // other parse error that points at the offending token.
    addParseError("matches(x, '(')", 12, "invalid regular expression");
}

void TestExpression::parseErrors()
{
    QFETCH(QString, expression);
    QFETCH(int, column);
    QFETCH(QString, fragment);

    const Expression e = Expression::parse(expression);
    QVERIFY2(!e.isValid(), "expected a parse error");
    QVERIFY2(e.errorMessage().contains(fragment), qPrintable(e.errorMessage()));
    QCOMPARE(e.errorColumn(), column);
    QCOMPARE(e.text(), expression);
    QVERIFY(e.references().isEmpty());

    // Evaluating an invalid expression reports the parse error; it never throws.
    const EvalResult r = e.evaluate(fixture());
    QVERIFY(!r.ok());
    QCOMPARE(r.error, e.errorMessage());
    QCOMPARE(r.column, column);
}

// ---------------------------------------------------------------------------------------------

void TestExpression::invalidLiteralRegex_data()
{
    QTest::addColumn<QString>("pattern");
    for (const char *p : {"(", "[a-", "*a", "a{2,1}", "(?<name", "\\", "a)"})
        QTest::newRow(p) << u8(p);
}

void TestExpression::invalidLiteralRegex()
{
    QFETCH(QString, pattern);
    // The pattern is inserted into a single-quoted literal; escape what the lexer would eat.
    QString literal = pattern;
    literal.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    const QString text = QStringLiteral("matches(input.type, '%1')").arg(literal);
    const Expression e = Expression::parse(text);
    QVERIFY2(!e.isValid(), qPrintable(text));
    QVERIFY2(e.errorMessage().contains(QStringLiteral("invalid regular expression")), qPrintable(e.errorMessage()));
    QVERIFY(e.errorColumn() >= 1 && e.errorColumn() <= text.size());

    // The same pattern given at run time is an evaluation error, not a crash.
    QVariantMap ctx = fixture();
    ctx.insert(QStringLiteral("p"), pattern);
    const Expression dynamic = Expression::parse(QStringLiteral("matches(input.type, p)"));
    QVERIFY(dynamic.isValid());
    const EvalResult r = dynamic.evaluate(ctx);
    QVERIFY2(!r.ok(), qPrintable(describe(r)));
    QVERIFY(r.error.contains(QStringLiteral("invalid regular expression")));
    QCOMPARE(r.column, 1);
}

// ---------------------------------------------------------------------------------------------
// The spec's "explicit choice" detector on Chinese text, as a literal and as a runtime pattern.

void TestExpression::matchesChineseChoice_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("expected");

    QTest::newRow("我选择") << u8("好的，我选择方案B") << true;
    QTest::newRow("决定用") << u8("我们决定用 Redis 做缓存") << true;
    QTest::newRow("就用") << u8("那就用这个吧") << true;
    QTest::newRow("采用") << u8("最终采用了微服务架构") << true;
    QTest::newRow("at start") << u8("采用") << true;
    QTest::newRow("undecided") << u8("我还在考虑选哪个") << false;
    QTest::newRow("选择 without 我") << u8("选择困难症") << false;
    QTest::newRow("split by space") << u8("决定 用") << false;
    QTest::newRow("english") << u8("I choose option B") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestExpression::matchesChineseChoice()
{
    QFETCH(QString, text);
    QFETCH(bool, expected);

    QVariantMap ctx;
    ctx.insert(QStringLiteral("reply"), text);
    ctx.insert(QStringLiteral("choice"), u8("我选择|决定用|就用|采用"));
    ctx.insert(QStringLiteral("json_reply"), QJsonValue(text));

    const Expression literal = Expression::parse(u8("matches(reply, '我选择|决定用|就用|采用')"));
    QVERIFY2(literal.isValid(), qPrintable(literal.errorMessage()));
    EvalResult r = literal.evaluate(ctx);
    QVERIFY2(r.ok(), qPrintable(describe(r)));
    QCOMPARE(r.value, QVariant(expected));

    const Expression runtime = Expression::parse(QStringLiteral("matches(reply, choice)"));
    r = runtime.evaluate(ctx);
    QVERIFY2(r.ok(), qPrintable(describe(r)));
    QCOMPARE(r.value, QVariant(expected));

    const Expression json = Expression::parse(u8("matches(json_reply, \"我选择|决定用|就用|采用\")"));
    r = json.evaluate(ctx);
    QVERIFY2(r.ok(), qPrintable(describe(r)));
    QCOMPARE(r.value, QVariant(expected));

    const Expression negated = Expression::parse(u8("NOT matches(reply, '我选择|决定用|就用|采用')"));
    r = negated.evaluate(ctx);
    QVERIFY2(r.ok(), qPrintable(describe(r)));
    QCOMPARE(r.value, QVariant(!expected));
}

// ---------------------------------------------------------------------------------------------

void TestExpression::truthiness_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<bool>("truthy");

    QTest::newRow("null") << nullValue() << false;
    QTest::newRow("invalid QVariant") << QVariant() << false;
    QTest::newRow("false") << QVariant(false) << false;
    QTest::newRow("true") << QVariant(true) << true;
    QTest::newRow("int 0") << QVariant(0) << false;
    QTest::newRow("double 0.0") << QVariant(0.0) << false;
    QTest::newRow("double -0.0") << QVariant(-0.0) << false;
    QTest::newRow("qlonglong 0") << QVariant(qlonglong(0)) << false;
    QTest::newRow("uint 0") << QVariant(0u) << false;
    QTest::newRow("float 0") << QVariant(0.0f) << false;
    QTest::newRow("int -1") << QVariant(-1) << true;
    QTest::newRow("double 0.5") << QVariant(0.5) << true;
    QTest::newRow("empty string") << QVariant(QString()) << false;
    QTest::newRow("'false' string") << QVariant(QStringLiteral("false")) << true;
    QTest::newRow("'0' string") << QVariant(QStringLiteral("0")) << true;
    QTest::newRow("space string") << QVariant(QStringLiteral(" ")) << true;
    QTest::newRow("empty list") << QVariant(QVariantList()) << false;
    QTest::newRow("list [0]") << QVariant(QVariantList{0}) << true;
    QTest::newRow("list [null]") << QVariant(QVariantList{nullValue()}) << true;
    QTest::newRow("empty map") << QVariant(QVariantMap()) << false;
    QTest::newRow("map {k: null}") << QVariant(makeMap({{"k", nullValue()}})) << true;
    QTest::newRow("empty string list") << QVariant(QStringList()) << false;
    QTest::newRow("string list ['']") << QVariant(QStringList{QString()}) << true;
    QTest::newRow("empty hash") << QVariant(QVariantHash()) << false;
    QVariantHash oneHash;
    oneHash.insert(QStringLiteral("a"), 0);
    QTest::newRow("hash {a: 0}") << QVariant(oneHash) << true;
    QTest::newRow("json false") << QVariant(QJsonValue(false)) << false;
    QTest::newRow("json true") << QVariant(QJsonValue(true)) << true;
    QTest::newRow("json 0") << QVariant(QJsonValue(0)) << false;
    QTest::newRow("json 2") << QVariant(QJsonValue(2)) << true;
    QTest::newRow("json empty string") << QVariant(QJsonValue(QString())) << false;
    QTest::newRow("json string") << QVariant(QJsonValue(QStringLiteral("x"))) << true;
    QTest::newRow("json null") << QVariant(QJsonValue(QJsonValue::Null)) << false;
    QTest::newRow("json empty array") << QVariant(QJsonArray()) << false;
    QTest::newRow("json array [0]") << QVariant(QJsonArray{0}) << true;
    QTest::newRow("json empty object") << QVariant(QJsonObject()) << false;
    QTest::newRow("json object") << QVariant(QJsonObject{{QStringLiteral("a"), 1}}) << true;
    QTest::newRow("json value empty array") << QVariant(QJsonValue(QJsonArray())) << false;
}

void TestExpression::truthiness()
{
    QFETCH(QVariant, value);
    QFETCH(bool, truthy);

    QVariantMap ctx;
    ctx.insert(QStringLiteral("v"), value);
    const struct
    {
        const char *text;
        bool expected;
    } cases[] = {
        {"NOT NOT v", truthy},
        {"!v", !truthy},
        {"v OR false", truthy},
        {"v AND true", truthy},
        {"v || v", truthy},
        {"true AND v", truthy},
        {"false OR v", truthy},
    };
    for (const auto &c : cases) {
        const Expression e = Expression::parse(u8(c.text));
        QVERIFY2(e.isValid(), c.text);
        const EvalResult r = e.evaluate(ctx);
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QVERIFY2(r.value.typeId() == QMetaType::Bool, c.text); // logic always yields a boolean
        QVERIFY2(r.value.toBool() == c.expected, c.text);
    }
}

// ---------------------------------------------------------------------------------------------

void TestExpression::deepEquality_data()
{
    QTest::addColumn<QVariant>("a");
    QTest::addColumn<QVariant>("b");
    QTest::addColumn<bool>("equal");

    const QVariantList l12{1, 2};
    QTest::newRow("[1,2] == [1,2]") << QVariant(l12) << QVariant(QVariantList{1, 2}) << true;
    QTest::newRow("[1,2] != [2,1]") << QVariant(l12) << QVariant(QVariantList{2, 1}) << false;
    QTest::newRow("[1] != [1,1]") << QVariant(QVariantList{1}) << QVariant(QVariantList{1, 1}) << false;
    QTest::newRow("[] == []") << QVariant(QVariantList()) << QVariant(QVariantList()) << true;
    QTest::newRow("int list == double list") << QVariant(l12) << QVariant(QVariantList{1.0, 2.0}) << true;
    QTest::newRow("nested equal") << QVariant(QVariantList{1, QVariantList{2, 3}})
                                  << QVariant(QVariantList{1, QVariantList{2, 3}}) << true;
    QTest::newRow("nested differs") << QVariant(QVariantList{1, QVariantList{2, 3}})
                                    << QVariant(QVariantList{1, QVariantList{2, 4}}) << false;
    QTest::newRow("string list == variant list")
        << QVariant(QStringList{QStringLiteral("a"), QStringLiteral("b")})
        << QVariant(QVariantList{QStringLiteral("a"), QStringLiteral("b")}) << true;
    QTest::newRow("json array == variant list") << QVariant(QJsonArray{1, QStringLiteral("a"), QJsonValue()})
                                                << QVariant(QVariantList{1, QStringLiteral("a"), nullValue()}) << true;
    QTest::newRow("json array != longer") << QVariant(QJsonArray{1}) << QVariant(QVariantList{1, 2}) << false;

    const QVariantMap m1 = makeMap({{"a", 1}, {"b", QVariantList{1, 2}}});
    QTest::newRow("map == map") << QVariant(m1) << QVariant(makeMap({{"b", QVariantList{1, 2}}, {"a", 1.0}})) << true;
    QTest::newRow("map nested value differs") << QVariant(m1) << QVariant(makeMap({{"a", 1}, {"b", QVariantList{1, 3}}}))
                                              << false;
    QTest::newRow("map extra key") << QVariant(makeMap({{"a", 1}})) << QVariant(makeMap({{"a", 1}, {"b", 2}})) << false;
    QTest::newRow("map same size other key") << QVariant(makeMap({{"a", 1}, {"b", 2}}))
                                             << QVariant(makeMap({{"a", 1}, {"c", 2}})) << false;
    QTest::newRow("map null vs missing") << QVariant(makeMap({{"a", 1}, {"b", nullValue()}}))
                                         << QVariant(makeMap({{"a", 1}, {"c", nullValue()}})) << false;
    QTest::newRow("map {a:null} == {a:null}") << QVariant(makeMap({{"a", nullValue()}}))
                                              << QVariant(makeMap({{"a", QVariant()}})) << true;
    QTest::newRow("{} == {}") << QVariant(QVariantMap()) << QVariant(QVariantMap()) << true;
    QTest::newRow("{} != []") << QVariant(QVariantMap()) << QVariant(QVariantList()) << false;
    QVariantHash h;
    h.insert(QStringLiteral("a"), 1);
    h.insert(QStringLiteral("b"), QVariantList{1, 2});
    QTest::newRow("hash == map") << QVariant(h) << QVariant(m1) << true;
    QTest::newRow("json object == map")
        << QVariant(QJsonObject{{QStringLiteral("a"), 1}, {QStringLiteral("b"), QJsonArray{1, 2}}}) << QVariant(m1) << true;
    QTest::newRow("json value object == map")
        << QVariant(QJsonValue(QJsonObject{{QStringLiteral("a"), 1}, {QStringLiteral("b"), QJsonArray{1, 2}}}))
        << QVariant(m1) << true;
    const QVariantMap deep = makeMap({{"m", makeMap({{"x", QVariantList{1, makeMap({{"y", nullValue()}})}}})}});
    QTest::newRow("deep nested equal") << QVariant(deep)
                                       << QVariant(makeMap({{"m", makeMap({{"x", QVariantList{1.0, makeMap({{"y", QVariant()}})}}})}}))
                                       << true;
    QTest::newRow("deep nested differs") << QVariant(deep)
                                         << QVariant(makeMap({{"m", makeMap({{"x", QVariantList{1, makeMap({{"y", 0}})}}})}}))
                                         << false;

    QTest::newRow("[1] != 1") << QVariant(QVariantList{1}) << QVariant(1) << false;
    QTest::newRow("'1' != 1") << QVariant(QStringLiteral("1")) << QVariant(1) << false;
    QTest::newRow("json 3 == int 3") << QVariant(QJsonValue(3)) << QVariant(3) << true;
    QTest::newRow("json 'x' == 'x'") << QVariant(QJsonValue(QStringLiteral("x"))) << QVariant(QStringLiteral("x")) << true;
    QTest::newRow("json null == null") << QVariant(QJsonValue(QJsonValue::Null)) << nullValue() << true;
    QTest::newRow("uint == double") << QVariant(7u) << QVariant(7.0) << true;
}

void TestExpression::deepEquality()
{
    QFETCH(QVariant, a);
    QFETCH(QVariant, b);
    QFETCH(bool, equal);

    QVariantMap ctx;
    ctx.insert(QStringLiteral("a"), a);
    ctx.insert(QStringLiteral("b"), b);
    const struct
    {
        const char *text;
        bool expected;
    } cases[] = {
        {"a == b", equal},
        {"b == a", equal},
        {"a != b", !equal},
        {"b != a", !equal},
        {"a in [b]", equal},
        {"a not in [0, b]", !equal},
        {"contains([b], a)", equal},
        {"a == a", true},
    };
    for (const auto &c : cases) {
        const Expression e = Expression::parse(u8(c.text));
        QVERIFY2(e.isValid(), c.text);
        const EvalResult r = e.evaluate(ctx);
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QVERIFY2(r.value == QVariant(c.expected), c.text);
    }
}

// ---------------------------------------------------------------------------------------------
// AND/OR short-circuit, seen from the context: the right side is not even looked up.

void TestExpression::shortCircuit_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("expected"); // canonical value, or "error@<column>"
    QTest::addColumn<QStringList>("lookups");

    const QStringList none;
    QTest::newRow("false AND boom") << QStringLiteral("false AND boom") << QStringLiteral("false") << none;
    QTest::newRow("true OR boom") << QStringLiteral("true OR boom") << QStringLiteral("true") << none;
    QTest::newRow("no && boom") << QStringLiteral("no && boom") << QStringLiteral("false") << QStringList{QStringLiteral("no")};
    QTest::newRow("yes || boom") << QStringLiteral("yes || boom") << QStringLiteral("true") << QStringList{QStringLiteral("yes")};
    QTest::newRow("nested") << QStringLiteral("(no AND boom) OR (yes OR boom2)") << QStringLiteral("true")
                            << QStringList{QStringLiteral("no"), QStringLiteral("yes")};
    QTest::newRow("exists guard") << QStringLiteral("exists(boom) AND boom > 1") << QStringLiteral("false")
                                  << QStringList{QStringLiteral("boom")};
    QTest::newRow("not") << QStringLiteral("NOT (yes OR boom)") << QStringLiteral("false") << QStringList{QStringLiteral("yes")};
    QTest::newRow("division skipped") << QStringLiteral("no AND n / 0 > 1") << QStringLiteral("false")
                                      << QStringList{QStringLiteral("no")};
    QTest::newRow("right side needed") << QStringLiteral("yes AND boom") << QStringLiteral("error@9")
                                       << QStringList{QStringLiteral("yes"), QStringLiteral("boom")};
    QTest::newRow("left side first") << QStringLiteral("boom OR yes") << QStringLiteral("error@1")
                                     << QStringList{QStringLiteral("boom")};
    QTest::newRow("default skips fallback") << QStringLiteral("default(n, boom)") << QStringLiteral("1")
                                            << QStringList{QStringLiteral("n")};
}

void TestExpression::shortCircuit()
{
    QFETCH(QString, expression);
    QFETCH(QString, expected);
    QFETCH(QStringList, lookups);

    CountingContext ctx(makeMap({{"yes", true}, {"no", false}, {"n", 1}}));
    const Expression e = Expression::parse(expression);
    QVERIFY2(e.isValid(), qPrintable(e.errorMessage()));
    const EvalResult r = e.evaluate(ctx);
    if (expected.startsWith(QStringLiteral("error@"))) {
        QVERIFY2(!r.ok(), qPrintable(describe(r)));
        QVERIFY(r.error.contains(QStringLiteral("unknown name 'boom'")));
        QCOMPARE(r.column, expected.mid(6).toInt());
    } else {
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QCOMPARE(canon(r.value), expected);
    }
    QCOMPARE(ctx.looked, lookups);
}

// ---------------------------------------------------------------------------------------------
// references(): "root.path@column" with a trailing "g" when guarded by exists()/default().

void TestExpression::references_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("expected");

    auto row = [](const char *expression, const char *expected) {
        QTest::newRow(expression) << u8(expression) << u8(expected);
    };
    row("input.type == 'pdf'", "input.type@1");
    row("result_count >= 10 OR iteration >= 3", "result_count@1 iteration@23");
    row("iteration % 3 == 0", "iteration@1");
    row("42 == 'x'", "");
    row("len('x') > 0", "");
    row("x.y.z", "x.y.z@1");
    row("exists(a.b) AND c > 1", "a.b@8g c@17");
    row("default(x.y.z, w) + 1", "x.y.z@9g w@16");
    row("default(a, b)", "a@9g b@12");
    row("items[i].name", "items@1 i@7");
    row("a.b[0].c", "a.b@1");
    row("a[0].b", "a@1");
    row("exists(m[k])", "m@8g k@10g");
    row("exists(a[b.c])", "a@8g b.c@10g");
    row("len(tags) > 0 AND 'x' in tags", "tags@5 tags@26");
    row("NOT exists(flag) OR flag", "flag@12g flag@21");
    row("[a, b.c, 1]", "a@2 b.c@5");
    row("(x).y", "x.y@2");
    row("input.in", "input.in@1");
    row("-x * (y + z.w)", "x@2 y@7 z.w@11");
    row("matches(text, pattern)", "text@9 pattern@15");
    row("default(a, default(b, c))", "a@9g b@20g c@23");
    row("a ==", ""); // invalid: no references
}

void TestExpression::references()
{
    QFETCH(QString, expression);
    QFETCH(QString, expected);

    const Expression e = Expression::parse(expression);
    const QList<NameReference> refs = e.references();
    QCOMPARE(describeRefs(refs), expected);
    for (const NameReference &r : refs)
        QCOMPARE(expression.mid(r.column - 1, r.root.size()), r.root);
}

// ---------------------------------------------------------------------------------------------

void TestExpression::invalidAndDefaultExpressions()
{
    const Expression none;
    QVERIFY(!none.isValid());
    QVERIFY(none.text().isEmpty());
    QVERIFY(none.references().isEmpty());
    EvalResult r = none.evaluate(fixture());
    QVERIFY(!r.ok());
    QVERIFY(!r.error.isEmpty());

    const Expression bad = Expression::parse(QStringLiteral("input.type =="));
    QVERIFY(!bad.isValid());
    QCOMPARE(bad.errorColumn(), 14);
    r = bad.evaluate(VariantMapContext(fixture()));
    QVERIFY(!r.ok());
    QCOMPARE(r.error, bad.errorMessage());
    QCOMPARE(r.column, 14);

    const Expression good = Expression::parse(QStringLiteral("1"));
    QVERIFY(good.isValid());
    QVERIFY(good.errorMessage().isEmpty());
    r = good.evaluate(QVariantMap());
    QVERIFY(r.ok());
    QCOMPARE(r.column, 0);
}

void TestExpression::parseOnceEvaluateMany()
{
    const Expression e = Expression::parse(QStringLiteral("x * 2 + default(y, 0)"));
    QVERIFY(e.isValid());
    const Expression copy = e; // cheap copy sharing the parsed form
    for (int x = -50; x <= 50; ++x) {
        QVariantMap ctx;
        ctx.insert(QStringLiteral("x"), x);
        if (x % 2)
            ctx.insert(QStringLiteral("y"), 1);
        const EvalResult a = e.evaluate(ctx);
        const EvalResult b = copy.evaluate(ctx);
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(a.value.toDouble(), double(x * 2 + (x % 2 ? 1 : 0)));
        QCOMPARE(canon(a.value), canon(b.value));
    }
    // An evaluation error does not poison later evaluations.
    QVERIFY(!e.evaluate(QVariantMap()).ok());
    QVariantMap ok;
    ok.insert(QStringLiteral("x"), 3);
    const EvalResult again = e.evaluate(ok);
    QVERIFY2(again.ok(), qPrintable(describe(again)));
    QCOMPARE(canon(again.value), QStringLiteral("6"));
}

void TestExpression::customContext()
{
    VariantMapContext ctx;
    ctx.values().insert(QStringLiteral("n"), 4);
    const Expression e = Expression::parse(QStringLiteral("n * n"));
    EvalResult r = e.evaluate(ctx);
    QVERIFY(r.ok());
    QCOMPARE(canon(r.value), QStringLiteral("16"));
    ctx.values().insert(QStringLiteral("n"), 5);
    r = e.evaluate(ctx);
    QCOMPARE(canon(r.value), QStringLiteral("25"));

    // A defined name holding null is not "missing".
    ctx.values().insert(QStringLiteral("z"), nullValue());
    r = Expression::parse(QStringLiteral("z == null AND exists(z)")).evaluate(ctx);
    QVERIFY(r.ok());
    QCOMPARE(r.value, QVariant(true));
}

// ---------------------------------------------------------------------------------------------
// Non-ASCII decimal digits (fullwidth digits typed with a Chinese IME, Arabic-Indic digits):
// the lexer's isDigit() accepts them as a number. Either they must be read as their value or
// rejected as a parse error; silently reading them as 0 is wrong.

void TestExpression::unicodeDigits_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("expected");

    QTest::newRow("fullwidth 10") << u8("１０") << QStringLiteral("10");
    QTest::newRow("fullwidth compare") << u8("result_count >= １０") << QStringLiteral("false");
    QTest::newRow("fullwidth 1.5") << u8("１.５") << QStringLiteral("1.5");
    QTest::newRow("arabic-indic 3") << u8("٣ + 1") << QStringLiteral("4");
}

void TestExpression::unicodeDigits()
{
    QFETCH(QString, expression);
    QFETCH(QString, expected);

    const Expression e = Expression::parse(expression);
    if (!e.isValid()) {
        QVERIFY(!e.errorMessage().isEmpty());
        QVERIFY(e.errorColumn() >= 1 && e.errorColumn() <= expression.size());
        return;
    }
    QVariantMap ctx;
    ctx.insert(QStringLiteral("result_count"), 3);
    const EvalResult r = e.evaluate(ctx);
    QVERIFY2(r.ok(), qPrintable(describe(r)));
    QCOMPARE(canon(r.value), expected);
}

// ---------------------------------------------------------------------------------------------
// Nesting: reasonable depths work; absurd depths are an error, never a crash.

void TestExpression::reasonableNesting_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("expected");

    const QString one = QStringLiteral("1");
    QTest::newRow("100 parentheses") << QString(100, QLatin1Char('(')) + one + QString(100, QLatin1Char(')')) << one;
    QTest::newRow("50 lists") << QString(50, QLatin1Char('[')) + one + QString(50, QLatin1Char(']'))
                              << repeated(QStringLiteral("["), 50) + one + repeated(QStringLiteral("]"), 50);
    QTest::newRow("51 minus") << QString(51, QLatin1Char('-')) + one << QStringLiteral("-1");
    QTest::newRow("60 NOT") << repeated(QStringLiteral("NOT "), 60) + QStringLiteral("true") << QStringLiteral("true");
    QTest::newRow("40 len(str())") << repeated(QStringLiteral("str("), 40) + QStringLiteral("'ab'") + QString(40, QLatin1Char(')'))
                                   << QStringLiteral("'ab'");
    QTest::newRow("100-term sum") << one + repeated(QStringLiteral(" + 1"), 99) << QStringLiteral("100");
    QTest::newRow("100-term OR") << QStringLiteral("false") + repeated(QStringLiteral(" OR false"), 98) + QStringLiteral(" OR true")
                                 << QStringLiteral("true");
    QTest::newRow("1000-item list length") << QStringLiteral("len([") + one + repeated(QStringLiteral(", 1"), 999) + QStringLiteral("])")
                                           << QStringLiteral("1000");
}

void TestExpression::reasonableNesting()
{
    QFETCH(QString, expression);
    QFETCH(QString, expected);
    const Expression e = Expression::parse(expression);
    QVERIFY2(e.isValid(), qPrintable(e.errorMessage()));
    const EvalResult r = e.evaluate(QVariantMap());
    QVERIFY2(r.ok(), qPrintable(describe(r)));
    QCOMPARE(canon(r.value), expected);
}

void TestExpression::deepNestingIsAnError_data()
{
    QTest::addColumn<QString>("expression");

    const int n = 10000;
    QTest::newRow("10000 '('") << QString(n, QLatin1Char('('));
    QTest::newRow("10000 '(' 1 ')'") << QString(n, QLatin1Char('(')) + QStringLiteral("1") + QString(n, QLatin1Char(')'));
    QTest::newRow("10000 '['") << QString(n, QLatin1Char('['));
    QTest::newRow("10000 '[' 1 ']'") << QString(n, QLatin1Char('[')) + QStringLiteral("1") + QString(n, QLatin1Char(']'));
    QTest::newRow("10000 '!'") << QString(n, QLatin1Char('!')) + QStringLiteral("true");
    QTest::newRow("10000 NOT") << repeated(QStringLiteral("NOT "), n) + QStringLiteral("true");
    QTest::newRow("10000 '-'") << QString(n, QLatin1Char('-')) + QStringLiteral("1");
    QTest::newRow("10000 '- ('") << repeated(QStringLiteral("-("), n) + QStringLiteral("1");
    QTest::newRow("10000 len(") << repeated(QStringLiteral("len("), n);
    QTest::newRow("10000 a[") << repeated(QStringLiteral("a["), n) + QStringLiteral("0") + QString(n, QLatin1Char(']'));
    QTest::newRow("10000 exists(a[") << repeated(QStringLiteral("exists(a["), n);
    QTest::newRow("100000 mixed") << repeated(QStringLiteral("([!-"), 25000);
}

void TestExpression::deepNestingIsAnError()
{
    QFETCH(QString, expression);
    const QString failure = runIsolated([&]() -> QString {
        const Expression e = Expression::parse(expression);
        if (e.isValid())
            return QStringLiteral("parsed as valid");
        if (e.errorMessage().isEmpty())
            return QStringLiteral("no error message");
        if (e.errorColumn() < 1 || e.errorColumn() > expression.size() + 1)
            return QStringLiteral("error column %1 out of range").arg(e.errorColumn());
        if (e.evaluate(QVariantMap()).ok())
            return QStringLiteral("evaluated although invalid");
        return QString();
    });
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

// Left-associative chains are not nested in the text but are deep in the syntax tree; neither
// parsing nor evaluation may overflow the stack. Acceptable outcomes: a parse error, an
// evaluation error, or the right value.
void TestExpression::longFlatChainsDoNotCrash_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("expected"); // canonical value when it evaluates

    const int n = 50000;
    QTest::newRow("50000-term sum") << QStringLiteral("1") + repeated(QStringLiteral("+1"), n) << QString::number(n + 1);
    QTest::newRow("50000-term AND") << QStringLiteral("true") + repeated(QStringLiteral(" AND true"), n) << QStringLiteral("true");
    QTest::newRow("50000-term OR") << QStringLiteral("false") + repeated(QStringLiteral(" OR false"), n) << QStringLiteral("false");
    QTest::newRow("50000-term concat") << QStringLiteral("''") + repeated(QStringLiteral("+'x'"), n) << QStringLiteral("'%1'").arg(QString(n, QLatin1Char('x')));
    QTest::newRow("50000 fields") << QStringLiteral("m") + repeated(QStringLiteral(".m"), n) << QString();
    QTest::newRow("50000 indexes") << QStringLiteral("l") + repeated(QStringLiteral("[0]"), n) << QString();
}

void TestExpression::longFlatChainsDoNotCrash()
{
    QFETCH(QString, expression);
    QFETCH(QString, expected);
    const QString failure = runIsolated([&]() -> QString {
        const Expression e = Expression::parse(expression);
        if (!e.isValid())
            return e.errorMessage().isEmpty() ? QStringLiteral("parse error without a message") : QString();
        (void)e.references();
        QVariantMap ctx;
        ctx.insert(QStringLiteral("m"), makeMap({{"m", makeMap({{"m", 1}})}}));
        ctx.insert(QStringLiteral("l"), QVariantList{QVariantList{1}});
        const EvalResult r = e.evaluate(ctx);
        if (!r.ok())
            return r.error.isEmpty() || r.column < 1 ? QStringLiteral("error without message/column") : QString();
        if (!expected.isEmpty() && canon(r.value) != expected)
            return QStringLiteral("wrong value %1").arg(canon(r.value).left(40));
        return QString();
    });
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

// ---------------------------------------------------------------------------------------------
// Fuzz: random token soup and random characters. Nothing may crash; invariants must hold.

static QString checkInvariants(const QString &text, const QVariantMap &ctx)
{
    const Expression e = Expression::parse(text);
    const Expression again = Expression::parse(text);
    if (e.isValid() != again.isValid() || e.errorColumn() != again.errorColumn() || e.errorMessage() != again.errorMessage())
        return QStringLiteral("parsing is not deterministic");
    if (!e.isValid()) {
        if (e.errorMessage().isEmpty())
            return QStringLiteral("invalid without a message");
        if (e.errorColumn() < 1 || e.errorColumn() > text.size() + 1)
            return QStringLiteral("parse error column %1 outside 1..%2").arg(e.errorColumn()).arg(text.size() + 1);
        if (!e.references().isEmpty())
            return QStringLiteral("invalid expression has references");
        const EvalResult r = e.evaluate(ctx);
        if (r.ok() || r.error != e.errorMessage() || r.column != e.errorColumn())
            return QStringLiteral("evaluating an invalid expression does not report its parse error");
        return QString();
    }
    if (!e.errorMessage().isEmpty())
        return QStringLiteral("valid with an error message");
    for (const NameReference &ref : e.references()) {
        if (ref.root.isEmpty() || ref.column < 1 || ref.column > text.size())
            return QStringLiteral("bad reference %1@%2").arg(ref.root).arg(ref.column);
        if (text.mid(ref.column - 1, ref.root.size()) != ref.root)
            return QStringLiteral("reference %1 does not point at its name (column %2)").arg(ref.root).arg(ref.column);
    }
    const EvalResult r1 = e.evaluate(ctx);
    const EvalResult r2 = e.evaluate(ctx);
    if (r1.ok() != r2.ok() || r1.error != r2.error || r1.column != r2.column || canon(r1.value) != canon(r2.value))
        return QStringLiteral("evaluation is not deterministic");
    if (!r1.ok() && (r1.column < 1 || r1.column > text.size()))
        return QStringLiteral("evaluation error column %1 outside 1..%2 (%3)").arg(r1.column).arg(text.size()).arg(r1.error);
    return QString();
}

void TestExpression::fuzzTokenSoup()
{
    static const char *const tokens[] = {
        "input", "input.type", "result_count", "iteration", "items", "items[0]", "text_zh", "nothing", "missing",
        "jobj", "jarr", "strlist", "hash", ".type", ".name", "[0]", "[-1]", "[", "]", "(", ")", ",", ".",
        "0", "1", "-1", "2.5", "1e3", ".5", "3", "10", "'pdf'", "\"x\"", "''", "'\\''", "'abc", "'我选择'",
        "AND", "OR", "NOT", "and", "or", "not", "in", "not in", "&&", "||", "!", "true", "false", "null", "TRUE",
        "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "=", "&", "|", "#", "@", "?", "我",
        "len(", "contains(", "matches(", "lower(", "upper(", "trim(", "startswith(", "endswith(", "str(",
        "num(", "abs(", "min(", "max(", "round(", "exists(", "default(", "foo(", "'('", "'[a-'", "'.*'",
        "１", "\u3000", "\t",
    };
    const int tokenCount = int(sizeof tokens / sizeof tokens[0]);
    const QVariantMap ctx = fixture();
    QRandomGenerator gen(20240611u);
    int valid = 0, evaluatedOk = 0;
    const int rounds = 4000;
    for (int round = 0; round < rounds; ++round) {
        const int length = 1 + int(gen.bounded(24));
        QString text;
        for (int t = 0; t < length; ++t) {
            text += u8(tokens[gen.bounded(tokenCount)]);
            if (gen.bounded(3) != 0)
                text += QLatin1Char(' ');
        }
        const QString failure = checkInvariants(text, ctx);
        QVERIFY2(failure.isEmpty(), qPrintable(QStringLiteral("round %1, `%2`: %3").arg(round).arg(text, failure)));
        const Expression e = Expression::parse(text);
        if (e.isValid()) {
            ++valid;
            if (e.evaluate(ctx).ok())
                ++evaluatedOk;
        }
    }
    // The soup must exercise the evaluator too, not only the parser's error paths.
    QVERIFY2(valid > 40, qPrintable(QStringLiteral("only %1 valid expressions").arg(valid)));
    QVERIFY2(evaluatedOk > 10, qPrintable(QStringLiteral("only %1 successful evaluations").arg(evaluatedOk)));
}

void TestExpression::fuzzRandomCharacters()
{
    const QString alphabet = u8("abxyz_019.,()[]'\"\\ +-*/%<>=!&|#我选\t\n\u3000１");
    const QVariantMap ctx = fixture();
    QRandomGenerator gen(7u);
    for (int round = 0; round < 3000; ++round) {
        const int length = int(gen.bounded(30));
        QString text;
        for (int i = 0; i < length; ++i) {
            if (gen.bounded(10) == 0)
                text += QChar(char16_t(gen.bounded(0x10000))); // anything, lone surrogates included
            else
                text += alphabet.at(gen.bounded(int(alphabet.size())));
        }
        const QString failure = checkInvariants(text, ctx);
        QVERIFY2(failure.isEmpty(), qPrintable(QStringLiteral("round %1, `%2`: %3").arg(round).arg(text, failure)));
    }
}

// What the studio's expression fields complete (ExpressionNames): at write-report's loop
// branch, the input fields the graph reads, the outputs of the nodes upstream as paths and as
// variables, the built-ins and the functions; never the outputs of nodes downstream; at an
// edge, its source's outputs too; typed by a capability when one describes them.
void TestExpression::namesForCompletion()
{
    const GraphLoadResult loaded = GraphYamlReader::readFile(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/write-report.yaml"));
    QVERIFY(loaded.ok());
    const auto texts = [](const QList<ExpressionName> &names) {
        QStringList out;
        for (const ExpressionName &n : names)
            out << n.text;
        return out;
    };
    const QStringList atBranch = texts(ExpressionNames::at(*loaded.graph, QStringLiteral("branch_enough"), false, nullptr));
    for (const char *expected : {"input", "input.type", "result_count", "search_literature.result_count", "results", "iteration", "run", "len(", "default("})
        QVERIFY2(atBranch.contains(QLatin1String(expected)), qPrintable(QLatin1String(expected) + QStringLiteral(" not in ") + atBranch.join(QLatin1Char(' '))));
    QVERIFY(!atBranch.contains(QStringLiteral("report")));             // write_report's, downstream
    QVERIFY(!atBranch.contains(QStringLiteral("confirm_selection.answer"))); // after the loop
    // The first branch runs before the search: none of its outputs.
    const QStringList first = texts(ExpressionNames::at(*loaded.graph, QStringLiteral("branch_input_type"), false, nullptr));
    QVERIFY(!first.contains(QStringLiteral("result_count")));
    QVERIFY(first.contains(QStringLiteral("input.type")));
    // A function shows its signature.
    for (const ExpressionName &n : ExpressionNames::at(*loaded.graph, QString(), false, nullptr))
        if (n.text == QLatin1String("round("))
            QCOMPARE(n.label, QStringLiteral("round(number[, digits])"));
    // Typed by a capability's output_schema.
    Graph g;
    g.id = QStringLiteral("g");
    Node quote;
    quote.id = QStringLiteral("quote");
    quote.type = QStringLiteral("skill");
    quote.kind = NodeKind::Skill;
    quote.skillId = QStringLiteral("finance.get_stock_price");
    quote.outputs = {QStringLiteral("price")};
    Node check;
    check.id = QStringLiteral("check");
    check.type = QStringLiteral("control.branch");
    check.kind = NodeKind::Branch;
    g.nodes = {quote, check};
    Edge e;
    e.from = QStringLiteral("quote");
    e.to = QStringLiteral("check");
    g.edges = {e};
    CapabilityRegistry registry;
    registry.add(*CapabilityReader::readFile(QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/capabilities/finance.get_stock_price.yaml")).capability);
    bool typed = false;
    for (const ExpressionName &n : ExpressionNames::at(g, QStringLiteral("check"), false, &registry))
        if (n.text == QLatin1String("quote.price")) {
            typed = true;
            QCOMPARE(n.detail, QStringLiteral("number"));
            QCOMPARE(n.from, QStringLiteral("quote"));
        }
    QVERIFY(typed);
    // At an edge out of quote (nodeRan): quote's own outputs; at quote itself: not.
    QVERIFY(texts(ExpressionNames::at(g, QStringLiteral("quote"), true, &registry)).contains(QStringLiteral("price")));
    QVERIFY(!texts(ExpressionNames::at(g, QStringLiteral("quote"), false, &registry)).contains(QStringLiteral("price")));
    // The word completion replaces.
    int start = -1;
    QCOMPARE(ExpressionNames::tokenBefore(QStringLiteral("len(search.res) > 2"), 14, &start), QStringLiteral("search.res"));
    QCOMPARE(start, 4);
    QCOMPARE(ExpressionNames::tokenBefore(QStringLiteral("a >= "), 5, &start), QString());
    QCOMPARE(start, 5);
}

QTEST_GUILESS_MAIN(TestExpression)
#include "tst_expression.moc"
