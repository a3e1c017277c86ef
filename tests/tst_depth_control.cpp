// builtin.depth_control: seed 001's depth control (docs/depth-control.md). The seed's worked
// examples (the vector database discussion, convergence examples 1-4), its formulas,
// thresholds, decision rule and round limits, and how the ambiguities were resolved.
#include "handlers/DepthControlHandler.h"
#include "exec/SkillCall.h"

#include <QtTest>

#include <cmath>
#include <initializer_list>
#include <utility>

using namespace capgraph;

namespace {

QString s(const char *utf8)
{
    return QString::fromUtf8(utf8);
}

// Inputs from {"name", value} pairs (names are ASCII).
QVariantMap in(std::initializer_list<std::pair<const char *, QVariant>> items)
{
    QVariantMap m;
    for (const auto &[k, v] : items)
        m.insert(QString::fromLatin1(k), v);
    return m;
}

QVariantMap eval(const QVariantMap &inputs)
{
    QVariantMap out;
    QString error;
    if (!DepthControlHandler::evaluate(inputs, &out, &error)) {
        qWarning("evaluate failed: %s", qPrintable(error));
        return {};
    }
    return out;
}

double round2(double v)
{
    return std::round(v * 100.0) / 100.0;
}

QStringList names(const QVariant &list)
{
    QStringList out;
    for (const QVariant &v : list.toList())
        out.append(v.typeId() == QMetaType::QVariantMap ? v.toMap().value(QStringLiteral("name")).toString() : v.toString());
    return out;
}

QStringList strings(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *i : items)
        out.append(QString::fromUtf8(i));
    return out;
}

bool warnsAbout(const QVariantMap &out, const QString &fragment)
{
    for (const QVariant &w : out.value(QStringLiteral("warnings")).toList()) {
        if (w.toString().contains(fragment))
            return true;
    }
    return false;
}

bool isPlain(const QVariant &v, QString *where, const QString &path)
{
    switch (v.typeId()) {
    case QMetaType::Double:
    case QMetaType::Bool:
    case QMetaType::QString:
    case QMetaType::Int:
    case QMetaType::LongLong:
        return true;
    case QMetaType::QVariantList: {
        const QVariantList l = v.toList();
        for (qsizetype i = 0; i < l.size(); ++i) {
            if (!isPlain(l.at(i), where, path + QStringLiteral("[%1]").arg(i)))
                return false;
        }
        return true;
    }
    case QMetaType::QVariantMap: {
        const QVariantMap m = v.toMap();
        for (auto it = m.begin(); it != m.end(); ++it) {
            if (!isPlain(it.value(), where, path + QLatin1Char('.') + it.key()))
                return false;
        }
        return true;
    }
    default:
        *where = path + QStringLiteral(" (") + QString::fromLatin1(v.typeName()) + QLatin1Char(')');
        return false;
    }
}

} // namespace

class TestDepthControl : public QObject
{
    Q_OBJECT

private slots:
    // seed's worked example: 向量数据库选择
    void fuzzinessSeedExample();
    void fuzzinessFromRatios();
    void coverageSeedExample();
    void coverageSeedExampleFromAngleLists();
    void consensusSeedExample();
    void vectorDatabaseDiscussion();

    // formulas
    void fuzzinessIsTheMeanOfItsComponents();
    void defaultAngles();
    void consensusFormula_data();
    void consensusFormula();
    void explicitChoicePattern_data();
    void explicitChoicePattern();
    void explicitChoiceInputOverridesMessage();
    void uniqueSolution();
    void directMetricsOverrideComputed();
    void zeroDivisionAndClamping();
    void numericTextAccepted();

    // depth
    void depthClassification_data();
    void depthClassification();
    void depthActionsAndGuidance_data();
    void depthActionsAndGuidance();
    void thresholdsTolerateRounding();

    // convergence detection
    void convergenceSeedExamples_data();
    void convergenceSeedExamples();
    void checksListsAllFourWithWeights();
    void decisionRule_data();
    void decisionRule();

    // rounds
    void roundLimitsPerMode_data();
    void roundLimitsPerMode();
    void stateLimits_data();
    void stateLimits();
    void forceOptions();

    // inputs and outputs
    void invalidInputs_data();
    void invalidInputs();
    void unknownInputsWarn();
    void outputsArePlainTypes();
    void startFinishes();
    void startTakesTheCallRound();
    void startFails();
};

// --- the seed's example -------------------------------------------------------------------

void TestDepthControl::fuzzinessSeedExample()
{
    // 术语模糊度 0/5, 约束模糊度 1/4 (成本未定), 范围模糊度 0.1 -> (0 + 0.25 + 0.1) / 3 = 0.12
    const QVariantMap out = eval(in({{"undefined_terms", 0},
                                     {"total_terms", 5},
                                     {"unspecified_constraints", 1},
                                     {"expected_constraints", 4},
                                     {"scope_fuzziness", 0.1}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("term_fuzziness")).toDouble(), 0.0);
    QCOMPARE(out.value(QStringLiteral("constraint_fuzziness")).toDouble(), 0.25);
    QCOMPARE(out.value(QStringLiteral("scope_fuzziness")).toDouble(), 0.1);
    QCOMPARE(out.value(QStringLiteral("fuzziness")).toDouble(), (0.0 + 0.25 + 0.1) / 3.0);
    QCOMPARE(round2(out.value(QStringLiteral("fuzziness")).toDouble()), 0.12);
    QCOMPARE(out.value(QStringLiteral("fuzziness_source")).toString(), QStringLiteral("computed"));
    QVERIFY(out.value(QStringLiteral("warnings")).toList().isEmpty());
}

void TestDepthControl::fuzzinessFromRatios()
{
    const QVariantMap out = eval(in({{"term_fuzziness", 0.0}, {"constraint_fuzziness", 0.25}, {"scope_fuzziness", 0.1}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("fuzziness")).toDouble(), 0.35 / 3.0);
    QCOMPARE(round2(out.value(QStringLiteral("fuzziness")).toDouble()), 0.12);
}

void TestDepthControl::coverageSeedExample()
{
    // 话题覆盖 3/4, 角度覆盖 0.67 (缺运维角度), 约束覆盖 3/4 -> (0.75 + 0.67 + 0.75) / 3 = 0.72
    const QVariantMap out = eval(in({{"topics_discussed", 3},
                                     {"expected_topics", 4},
                                     {"angle_coverage", 0.67},
                                     {"verified_constraints", 3},
                                     {"total_constraints", 4}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("topic_coverage")).toDouble(), 0.75);
    QCOMPARE(out.value(QStringLiteral("angle_coverage")).toDouble(), 0.67);
    QCOMPARE(out.value(QStringLiteral("constraint_coverage")).toDouble(), 0.75);
    QCOMPARE(out.value(QStringLiteral("coverage")).toDouble(), (0.75 + 0.67 + 0.75) / 3.0);
    QCOMPARE(round2(out.value(QStringLiteral("coverage")).toDouble()), 0.72);
}

void TestDepthControl::coverageSeedExampleFromAngleLists()
{
    // 0.67 is 2/3: three angles were in view and 运维 was missing. (Out of the four default
    // angles, missing only operations is 3/4 = 0.75.)
    const QVariantMap out = eval(in({{"topics_discussed", 3},
                                     {"expected_topics", 4},
                                     {"expected_angles", strings({"业务", "技术", "运维"})},
                                     {"covered_angles", strings({"业务", "技术"})},
                                     {"verified_constraints", 3},
                                     {"total_constraints", 4}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("angle_coverage")).toDouble(), 2.0 / 3.0);
    QCOMPARE(round2(out.value(QStringLiteral("angle_coverage")).toDouble()), 0.67);
    QCOMPARE(round2(out.value(QStringLiteral("coverage")).toDouble()), 0.72);
    QCOMPARE(names(out.value(QStringLiteral("covered_angles"))), strings({"business", "technical"}));
    QCOMPARE(names(out.value(QStringLiteral("missing_angles"))), strings({"operations"}));
    QCOMPARE(names(out.value(QStringLiteral("expected_angles"))), strings({"business", "technical", "operations"}));
}

void TestDepthControl::consensusSeedExample()
{
    // 用户明确选择 0 (未选择), 方案对比收敛 0.3 (已讨论优缺点), 约束导致唯一解 0 (仍有2个可行方案)
    const QVariantMap out = eval(in({{"last_user_message", s("Milvus 和 Qdrant 各有优缺点，我再想想。")},
                                     {"options_converging", true},
                                     {"feasible_options", 2}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("explicit_choice")).toBool(), false);
    QCOMPARE(out.value(QStringLiteral("unique_solution")).toBool(), false);
    QCOMPARE(out.value(QStringLiteral("consensus")).toDouble(), 0.3);
    QCOMPARE(out.value(QStringLiteral("consensus_source")).toString(), QStringLiteral("computed"));
}

void TestDepthControl::vectorDatabaseDiscussion()
{
    // The whole example at once. Coverage 0.72 with consensus 0.3 is the case the seed's
    // decision tree leaves open: enough coverage, no consensus -> "unsettled", keep going.
    const QVariantMap out = eval(in({{"undefined_terms", 0},
                                     {"total_terms", 5},
                                     {"unspecified_constraints", 1},
                                     {"expected_constraints", 4},
                                     {"scope_fuzziness", 0.1},
                                     {"topics_discussed", 3},
                                     {"expected_topics", 4},
                                     {"angle_coverage", 0.67},
                                     {"verified_constraints", 3},
                                     {"total_constraints", 4},
                                     {"options_converging", true},
                                     {"feasible_options", 2},
                                     {"mode", QStringLiteral("technical")},
                                     {"round", 3},
                                     {"state", QStringLiteral("EXPLORE")},
                                     {"state_round", 2}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(round2(out.value(QStringLiteral("fuzziness")).toDouble()), 0.12);
    QCOMPARE(round2(out.value(QStringLiteral("coverage")).toDouble()), 0.72);
    QCOMPARE(out.value(QStringLiteral("consensus")).toDouble(), 0.3);
    QCOMPARE(out.value(QStringLiteral("depth")).toString(), QStringLiteral("unsettled"));
    QCOMPARE(out.value(QStringLiteral("action")).toString(), s("继续探索，不收敛"));
    QCOMPARE(out.value(QStringLiteral("guidance")).toString(), s("信息基本充分，可以开始对比方案了。"));
    QCOMPARE(out.value(QStringLiteral("decision")).toString(), QStringLiteral("continue"));
    QCOMPARE(out.value(QStringLiteral("converge")).toBool(), false);
    QCOMPARE(out.value(QStringLiteral("convergence_weight")).toDouble(), 0.0);
    QVERIFY(out.value(QStringLiteral("triggered_checks")).toList().isEmpty());
    QCOMPARE(out.value(QStringLiteral("max_rounds")).toLongLong(), 8);
    QCOMPARE(out.value(QStringLiteral("force_converge")).toBool(), false);
    QCOMPARE(out.value(QStringLiteral("state_limit")).toLongLong(), 5);
    QCOMPARE(out.value(QStringLiteral("state_limit_reached")).toBool(), false);
    QCOMPARE(out.value(QStringLiteral("next_state")).toString(), QStringLiteral("EXPLORE"));
    QVERIFY(out.value(QStringLiteral("warnings")).toList().isEmpty());

    // The user then says "就用 Milvus": consensus 0.8, deep, converge (docs' follow-up).
    const QVariantMap next = eval(in({{"undefined_terms", 0},
                                      {"total_terms", 5},
                                      {"unspecified_constraints", 1},
                                      {"expected_constraints", 4},
                                      {"scope_fuzziness", 0.1},
                                      {"topics_discussed", 3},
                                      {"expected_topics", 4},
                                      {"angle_coverage", 0.67},
                                      {"verified_constraints", 3},
                                      {"total_constraints", 4},
                                      {"options_converging", true},
                                      {"feasible_options", 2},
                                      {"mode", QStringLiteral("technical")},
                                      {"round", 4},
                                      {"state", QStringLiteral("EXPLORE")},
                                      {"state_round", 3},
                                      {"last_user_message", s("就用 Milvus")}}));
    QVERIFY(!next.isEmpty());
    QCOMPARE(next.value(QStringLiteral("explicit_choice_match")).toString(), s("就用"));
    QCOMPARE(next.value(QStringLiteral("consensus")).toDouble(), 0.8);
    QCOMPARE(next.value(QStringLiteral("depth")).toString(), QStringLiteral("deep"));
    QCOMPARE(names(next.value(QStringLiteral("triggered_checks"))), strings({"explicit_choice", "high_consensus"}));
    QCOMPARE(next.value(QStringLiteral("convergence_weight")).toDouble(), 1.8);
    QCOMPARE(next.value(QStringLiteral("decision")).toString(), QStringLiteral("converge"));
    QCOMPARE(next.value(QStringLiteral("next_state")).toString(), QStringLiteral("SUMMARY"));
}

// --- formulas -----------------------------------------------------------------------------

void TestDepthControl::fuzzinessIsTheMeanOfItsComponents()
{
    const QVariantMap out = eval(in({{"undefined_terms", 2},
                                     {"total_terms", 8},
                                     {"unspecified_constraints", 3},
                                     {"expected_constraints", 3},
                                     {"scope_fuzziness", 0.5}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("fuzziness")).toDouble(), (0.25 + 1.0 + 0.5) / 3.0);
    // Fuzziness is reported; no threshold of the seed uses it.
    QCOMPARE(out.value(QStringLiteral("depth")).toString(), QStringLiteral("shallow"));
}

void TestDepthControl::defaultAngles()
{
    // Default: business / technical / user / operations; Chinese names are aliases.
    QVariantMap out = eval(in({{"covered_angles", strings({"business", "技术", "USER"})}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(names(out.value(QStringLiteral("expected_angles"))), strings({"business", "technical", "user", "operations"}));
    QCOMPARE(out.value(QStringLiteral("angle_coverage")).toDouble(), 0.75);
    QCOMPARE(names(out.value(QStringLiteral("missing_angles"))), strings({"operations"}));

    // A comma separated text, duplicates counted once, unknown angles ignored with a warning.
    out = eval(in({{"covered_angles", s("业务、business, 運維, marketing")}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("angle_coverage")).toDouble(), 0.5);
    QCOMPARE(names(out.value(QStringLiteral("covered_angles"))), strings({"business", "operations"}));
    QVERIFY(warnsAbout(out, QStringLiteral("marketing")));

    // No angle input at all: nothing covered.
    out = eval({});
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("angle_coverage")).toDouble(), 0.0);
    QCOMPARE(names(out.value(QStringLiteral("missing_angles"))).size(), 4);

    // An angle ratio without lists: the lists are unknown, so they stay empty.
    out = eval(in({{"angle_coverage", 0.5}}));
    QVERIFY(!out.isEmpty());
    QVERIFY(out.value(QStringLiteral("covered_angles")).toList().isEmpty());
    QVERIFY(out.value(QStringLiteral("missing_angles")).toList().isEmpty());
}

void TestDepthControl::consensusFormula_data()
{
    QTest::addColumn<bool>("choice");
    QTest::addColumn<bool>("converging");
    QTest::addColumn<bool>("unique");
    QTest::addColumn<double>("consensus");
    QTest::newRow("none") << false << false << false << 0.0;
    QTest::newRow("unique") << false << false << true << 0.2;
    QTest::newRow("converging") << false << true << false << 0.3;
    QTest::newRow("converging+unique") << false << true << true << 0.5;
    QTest::newRow("choice") << true << false << false << 0.5;
    QTest::newRow("choice+unique") << true << false << true << 0.7;
    QTest::newRow("choice+converging") << true << true << false << 0.8;
    QTest::newRow("all") << true << true << true << 1.0;
}

void TestDepthControl::consensusFormula()
{
    QFETCH(bool, choice);
    QFETCH(bool, converging);
    QFETCH(bool, unique);
    QFETCH(double, consensus);
    const QVariantMap out = eval(in({{"explicit_choice", choice}, {"options_converging", converging}, {"unique_solution", unique}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("consensus")).toDouble(), consensus);
    QVERIFY(out.value(QStringLiteral("consensus")).toDouble() <= 1.0);
}

void TestDepthControl::explicitChoicePattern_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("choice");
    QTest::addColumn<QString>("match");
    QTest::newRow("我选择") << s("好的，我选择 Milvus。") << true << s("我选择");
    QTest::newRow("决定用") << s("那我们决定用 Qdrant") << true << s("决定用");
    QTest::newRow("就用") << s("就用 pgvector 吧") << true << s("就用");
    QTest::newRow("采用") << s("我们采用 Milvus 方案") << true << s("采用");
    // Traditional Chinese, as seeds 000-003 write.
    QTest::newRow("我選擇") << s("好的，我選擇 Milvus。") << true << s("我選擇");
    QTest::newRow("決定用") << s("那我們決定用 Qdrant") << true << s("決定用");
    QTest::newRow("就用 (zh_TW)") << s("就用 pgvector 吧") << true << s("就用");
    QTest::newRow("採用") << s("我們採用 Milvus 方案") << true << s("採用");
    QTest::newRow("still thinking (zh_TW)") << s("我還在考慮兩個方案的成本") << false << QString();
    QTest::newRow("still thinking") << s("我还在考虑两个方案的成本") << false << QString();
    QTest::newRow("english") << s("Let's go with Milvus") << false << QString();
    QTest::newRow("empty") << QString() << false << QString();
}

void TestDepthControl::explicitChoicePattern()
{
    QFETCH(QString, message);
    QFETCH(bool, choice);
    QFETCH(QString, match);
    const QVariantMap out = eval(in({{"last_user_message", message}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("explicit_choice")).toBool(), choice);
    QCOMPARE(out.value(QStringLiteral("explicit_choice_match")).toString(), match);
    QCOMPARE(out.value(QStringLiteral("consensus")).toDouble(), choice ? 0.5 : 0.0);
}

void TestDepthControl::explicitChoiceInputOverridesMessage()
{
    // The seed's pattern also matches "不采用"; an explicit boolean overrides the text.
    QVariantMap out = eval(in({{"last_user_message", s("我们不采用 Milvus")}, {"explicit_choice", false}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("explicit_choice")).toBool(), false);
    QCOMPARE(out.value(QStringLiteral("explicit_choice_match")).toString(), s("采用"));
    QVERIFY(warnsAbout(out, QStringLiteral("explicit_choice")));
    QCOMPARE(out.value(QStringLiteral("decision")).toString(), QStringLiteral("continue"));

    out = eval(in({{"explicit_choice", true}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("explicit_choice")).toBool(), true);
    QCOMPARE(out.value(QStringLiteral("decision")).toString(), QStringLiteral("converge"));
}

void TestDepthControl::uniqueSolution()
{
    QVariantMap out = eval(in({{"feasible_options", 1}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("unique_solution")).toBool(), true);
    QCOMPARE(out.value(QStringLiteral("consensus")).toDouble(), 0.2);

    out = eval(in({{"feasible_options", 2}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("unique_solution")).toBool(), false);

    out = eval(in({{"feasible_options", 0}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("unique_solution")).toBool(), false);
    QVERIFY(warnsAbout(out, QStringLiteral("no option")));

    out = eval(in({{"feasible_options", 3}, {"unique_solution", true}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("unique_solution")).toBool(), true);
    QVERIFY(warnsAbout(out, QStringLiteral("unique_solution")));
}

void TestDepthControl::directMetricsOverrideComputed()
{
    QVariantMap out = eval(in({{"coverage", 0.9}, {"topics_discussed", 1}, {"expected_topics", 4}, {"consensus", 0.6}, {"fuzziness", 0.4}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("coverage")).toDouble(), 0.9);
    QCOMPARE(out.value(QStringLiteral("coverage_source")).toString(), QStringLiteral("input"));
    QCOMPARE(out.value(QStringLiteral("topic_coverage")).toDouble(), 0.25); // still reported
    QCOMPARE(out.value(QStringLiteral("consensus")).toDouble(), 0.6);
    QCOMPARE(out.value(QStringLiteral("consensus_source")).toString(), QStringLiteral("input"));
    QCOMPARE(out.value(QStringLiteral("fuzziness")).toDouble(), 0.4);
    QCOMPARE(out.value(QStringLiteral("fuzziness_source")).toString(), QStringLiteral("input"));
    QCOMPARE(out.value(QStringLiteral("depth")).toString(), QStringLiteral("adequate"));

    // A component ratio given next to its counts wins, with a warning.
    out = eval(in({{"topic_coverage", 0.5}, {"topics_discussed", 1}, {"expected_topics", 4}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("topic_coverage")).toDouble(), 0.5);
    QVERIFY(warnsAbout(out, QStringLiteral("topic_coverage")));
}

void TestDepthControl::zeroDivisionAndClamping()
{
    // Nothing given: every component 0 (0/0 = 0).
    QVariantMap out = eval({});
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("fuzziness")).toDouble(), 0.0);
    QCOMPARE(out.value(QStringLiteral("coverage")).toDouble(), 0.0);
    QCOMPARE(out.value(QStringLiteral("consensus")).toDouble(), 0.0);
    QCOMPARE(out.value(QStringLiteral("depth")).toString(), QStringLiteral("shallow"));

    out = eval(in({{"undefined_terms", 0}, {"total_terms", 0}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("term_fuzziness")).toDouble(), 0.0);
    QVERIFY(out.value(QStringLiteral("warnings")).toList().isEmpty());

    // n / 0 with n > 0 and n > d: clamped to 1, with a warning.
    out = eval(in({{"undefined_terms", 3}, {"topics_discussed", 5}, {"expected_topics", 4}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("term_fuzziness")).toDouble(), 1.0);
    QCOMPARE(out.value(QStringLiteral("topic_coverage")).toDouble(), 1.0);
    QVERIFY(warnsAbout(out, QStringLiteral("total_terms")));
    QVERIFY(warnsAbout(out, QStringLiteral("expected_topics")));

    // A ratio a rounding error above 1 is 1.
    out = eval(in({{"scope_fuzziness", 1.0 + 1e-12}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("scope_fuzziness")).toDouble(), 1.0);
}

void TestDepthControl::numericTextAccepted()
{
    const QVariantMap out = eval(in({{"topics_discussed", QStringLiteral("3")},
                                     {"expected_topics", QStringLiteral(" 4 ")},
                                     {"round", QStringLiteral("12")},
                                     {"options_converging", QStringLiteral("true")}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("topic_coverage")).toDouble(), 0.75);
    QCOMPARE(out.value(QStringLiteral("round")).toLongLong(), 12);
    QCOMPARE(out.value(QStringLiteral("options_converging")).toBool(), true);
}

// --- depth --------------------------------------------------------------------------------

void TestDepthControl::depthClassification_data()
{
    QTest::addColumn<double>("coverage");
    QTest::addColumn<double>("consensus");
    QTest::addColumn<int>("round"); // of 15 (requirements)
    QTest::addColumn<QString>("depth");
    QTest::addColumn<QString>("metricDepth");

    QTest::newRow("shallow") << 0.3 << 0.0 << 1 << "shallow" << "shallow";
    QTest::newRow("shallow despite consensus") << 0.49 << 1.0 << 1 << "shallow" << "shallow";
    QTest::newRow("gap: seed example 0.72/0.3") << 0.72 << 0.3 << 1 << "unsettled" << "unsettled";
    QTest::newRow("gap: 0.5/0.49") << 0.5 << 0.49 << 1 << "unsettled" << "unsettled";
    QTest::newRow("adequate at 0.5/0.5") << 0.5 << 0.5 << 1 << "adequate" << "adequate";
    QTest::newRow("adequate: coverage short of deep") << 0.69 << 1.0 << 1 << "adequate" << "adequate";
    QTest::newRow("adequate: consensus short of deep") << 1.0 << 0.69 << 1 << "adequate" << "adequate";
    // The seed's tree would stop at adequate here; deep is checked first.
    QTest::newRow("deep at 0.7/0.7") << 0.7 << 0.7 << 1 << "deep" << "deep";
    QTest::newRow("deep at 1/1") << 1.0 << 1.0 << 11 << "deep" << "deep";
    // round >= 15 * 0.8 = 12 overrides whatever the metrics say.
    QTest::newRow("force over deep") << 1.0 << 1.0 << 12 << "force_converge" << "deep";
    QTest::newRow("force over shallow") << 0.1 << 0.0 << 12 << "force_converge" << "shallow";
    QTest::newRow("force past the limit") << 0.6 << 0.2 << 20 << "force_converge" << "unsettled";
}

void TestDepthControl::depthClassification()
{
    QFETCH(double, coverage);
    QFETCH(double, consensus);
    QFETCH(int, round);
    QFETCH(QString, depth);
    QFETCH(QString, metricDepth);
    const QVariantMap out = eval(in({{"coverage", coverage}, {"consensus", consensus}, {"round", round}, {"mode", QStringLiteral("requirements")}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("depth")).toString(), depth);
    QCOMPARE(out.value(QStringLiteral("metric_depth")).toString(), metricDepth);
    QCOMPARE(out.value(QStringLiteral("force_converge")).toBool(), depth == QLatin1String("force_converge"));
}

void TestDepthControl::depthActionsAndGuidance_data()
{
    QTest::addColumn<double>("coverage");
    QTest::addColumn<double>("consensus");
    QTest::addColumn<int>("round");
    QTest::addColumn<QString>("depth");
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("guidance");
    QTest::newRow("shallow") << 0.2 << 0.0 << 0 << "shallow" << s("继续探索，不收敛") << s("我们还需要了解更多信息才能做决策。");
    QTest::newRow("adequate") << 0.6 << 0.5 << 0 << "adequate" << s("可以开始收敛") << s("信息基本充分，可以开始对比方案了。");
    QTest::newRow("deep") << 0.8 << 0.8 << 0 << "deep" << s("应该收敛") << s("我们已经讨论得足够充分了，建议现在做决策。");
    QTest::newRow("force_converge") << 0.8 << 0.8 << 13 << "force_converge" << s("强制收敛")
                                    << s("为了效率，我们需要在接下来几轮内做出决策。");
    QTest::newRow("unsettled") << 0.8 << 0.3 << 0 << "unsettled" << s("继续探索，不收敛") << s("信息基本充分，可以开始对比方案了。");
}

void TestDepthControl::depthActionsAndGuidance()
{
    QFETCH(double, coverage);
    QFETCH(double, consensus);
    QFETCH(int, round);
    QFETCH(QString, depth);
    QFETCH(QString, action);
    QFETCH(QString, guidance);
    const QVariantMap out = eval(in({{"coverage", coverage}, {"consensus", consensus}, {"round", round}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("depth")).toString(), depth);
    QCOMPARE(out.value(QStringLiteral("action")).toString(), action);
    QCOMPARE(out.value(QStringLiteral("guidance")).toString(), guidance);
}

void TestDepthControl::thresholdsTolerateRounding()
{
    // (0.7 + 0.7 + 0.7) / 3 is 0.6999999999999998 in doubles; it is 0.7.
    const QVariantMap out = eval(in({{"topic_coverage", 0.7},
                                     {"angle_coverage", 0.7},
                                     {"constraint_coverage", 0.7},
                                     {"explicit_choice", true},
                                     {"unique_solution", true}}));
    QVERIFY(!out.isEmpty());
    QVERIFY(out.value(QStringLiteral("coverage")).toDouble() < 0.7);
    QCOMPARE(out.value(QStringLiteral("consensus")).toDouble(), 0.7);
    QCOMPARE(out.value(QStringLiteral("depth")).toString(), QStringLiteral("deep"));
    QVERIFY(names(out.value(QStringLiteral("triggered_checks"))).contains(QStringLiteral("high_consensus")));
}

// --- convergence detection ----------------------------------------------------------------

void TestDepthControl::convergenceSeedExamples_data()
{
    QTest::addColumn<QVariantMap>("inputs");
    QTest::addColumn<QStringList>("triggered");
    QTest::addColumn<double>("total");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("decisionText");
    QTest::addColumn<QString>("nextState");

    // 示例 1: 用户明确选择 ✅ (权重 1.0) -> 触发收敛, 进入 SUMMARY
    QTest::newRow("1 explicit choice") << in({{"last_user_message", s("我选择 Milvus")}, {"state", QStringLiteral("CONVERGE")}})
                                       << strings({"explicit_choice"}) << 1.0 << "converge" << s("触发收敛") << "SUMMARY";
    // 示例 2: 高共识度 ✅ consensus = 0.8 (权重 0.8) -> 触发收敛, 进入 SUMMARY
    QTest::newRow("2 high consensus") << in({{"consensus", 0.8}, {"state", QStringLiteral("CONVERGE")}})
                                      << strings({"high_consensus"}) << 0.8 << "converge" << s("触发收敛") << "SUMMARY";
    // 示例 3: consensus = 0.6 (未达), round = 12/15 (权重 0.6) -> 0.6, 接近: 建议收敛，询问用户
    QTest::newRow("3 combined, near")
        << in({{"consensus", 0.6}, {"round", 12}, {"mode", QStringLiteral("requirements")}, {"state", QStringLiteral("EXPLORE")}})
        << strings({"round_near_limit"}) << 0.6 << "suggest_converge" << s("建议收敛，询问用户是否准备决策") << "EXPLORE";
    // 示例 4: consensus = 0.4, round = 5/15 -> 继续探索
    QTest::newRow("4 no convergence")
        << in({{"consensus", 0.4}, {"round", 5}, {"mode", QStringLiteral("requirements")}, {"state", QStringLiteral("EXPLORE")}})
        << QStringList() << 0.0 << "continue" << s("继续当前状态") << "EXPLORE";
}

void TestDepthControl::convergenceSeedExamples()
{
    QFETCH(QVariantMap, inputs);
    QFETCH(QStringList, triggered);
    QFETCH(double, total);
    QFETCH(QString, decision);
    QFETCH(QString, decisionText);
    QFETCH(QString, nextState);
    const QVariantMap out = eval(inputs);
    QVERIFY(!out.isEmpty());
    QCOMPARE(names(out.value(QStringLiteral("triggered_checks"))), triggered);
    QCOMPARE(out.value(QStringLiteral("convergence_weight")).toDouble(), total);
    QCOMPARE(out.value(QStringLiteral("decision")).toString(), decision);
    QCOMPARE(out.value(QStringLiteral("decision_text")).toString(), decisionText);
    QCOMPARE(out.value(QStringLiteral("converge")).toBool(), decision == QLatin1String("converge"));
    QCOMPARE(out.value(QStringLiteral("next_state")).toString(), nextState);
    for (const QVariant &t : out.value(QStringLiteral("triggered_checks")).toList())
        QVERIFY(t.toMap().contains(QStringLiteral("weight")));
}

void TestDepthControl::checksListsAllFourWithWeights()
{
    const QVariantMap out = eval(in({{"consensus", 0.6}, {"round", 12}, {"mode", QStringLiteral("requirements")}}));
    QVERIFY(!out.isEmpty());
    const QVariantList checks = out.value(QStringLiteral("checks")).toList();
    QCOMPARE(checks.size(), 4);
    const QStringList expectedNames = strings({"explicit_choice", "high_consensus", "round_near_limit", "unique_solution"});
    const QStringList labels = strings({"用户明确选择", "高共识度", "轮次接近上限", "约束导致唯一解"});
    const double weights[] = {1.0, 0.8, 0.6, 0.9};
    const bool triggered[] = {false, false, true, false};
    for (qsizetype i = 0; i < 4; ++i) {
        const QVariantMap c = checks.at(i).toMap();
        QCOMPARE(c.value(QStringLiteral("name")).toString(), expectedNames.at(i));
        QCOMPARE(c.value(QStringLiteral("label")).toString(), labels.at(i));
        QCOMPARE(c.value(QStringLiteral("weight")).toDouble(), weights[i]);
        QCOMPARE(c.value(QStringLiteral("triggered")).toBool(), triggered[i]);
    }
    QCOMPARE(checks.at(0).toMap().value(QStringLiteral("condition")).toString(), s("我选择|我選擇|决定用|決定用|就用|采用|採用"));
    const QVariantList t = out.value(QStringLiteral("triggered_checks")).toList();
    QCOMPARE(t.size(), 1);
    QCOMPARE(t.at(0).toMap().value(QStringLiteral("weight")).toDouble(), 0.6);
}

void TestDepthControl::decisionRule_data()
{
    QTest::addColumn<QVariantMap>("inputs");
    QTest::addColumn<double>("total");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("rule");

    QTest::newRow("unique solution alone (0.9)") << in({{"feasible_options", 1}}) << 0.9 << "converge" << "single_check";
    QTest::newRow("consensus 0.7 exactly") << in({{"consensus", 0.7}}) << 0.8 << "converge" << "single_check";
    QTest::newRow("consensus 0.69") << in({{"consensus", 0.69}}) << 0.0 << "continue" << "none";
    QTest::newRow("everything") << in({{"explicit_choice", true}, {"options_converging", true}, {"feasible_options", 1}, {"round", 15}})
                                << 1.0 + 0.8 + 0.6 + 0.9 << "converge" << "single_check";
    // The sum rule cannot fire with the seed's weights (only 0.6 is below 0.8); with custom
    // weights it can.
    QTest::newRow("sum >= 1.0, each < 0.8")
        << in({{"round", 12}, {"feasible_options", 1}, {"check_weights", in({{"round_near_limit", 0.5}, {"unique_solution", 0.5}})}})
        << 1.0 << "converge" << "combined_weight";
    QTest::newRow("sum 0.9: near")
        << in({{"round", 12}, {"feasible_options", 1}, {"check_weights", in({{"unique_solution", 0.3}})}}) << 0.9
        << "suggest_converge" << "near_threshold";
    QTest::newRow("sum 0.5: below near")
        << in({{"round", 12}, {"check_weights", in({{"round_near_limit", 0.5}})}}) << 0.5 << "continue" << "none";
}

void TestDepthControl::decisionRule()
{
    QFETCH(QVariantMap, inputs);
    QFETCH(double, total);
    QFETCH(QString, decision);
    QFETCH(QString, rule);
    const QVariantMap out = eval(inputs);
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("convergence_weight")).toDouble(), total);
    QCOMPARE(out.value(QStringLiteral("decision")).toString(), decision);
    QCOMPARE(out.value(QStringLiteral("decision_rule")).toString(), rule);
}

// --- rounds -------------------------------------------------------------------------------

void TestDepthControl::roundLimitsPerMode_data()
{
    QTest::addColumn<QVariantMap>("inputs");
    QTest::addColumn<qint64>("maxRounds");
    QTest::addColumn<bool>("force");

    QTest::newRow("problem 7/10") << in({{"mode", QStringLiteral("problem")}, {"round", 7}}) << qint64(10) << false;
    QTest::newRow("problem 8/10") << in({{"mode", QStringLiteral("problem")}, {"round", 8}}) << qint64(10) << true;
    QTest::newRow("requirements 11/15") << in({{"mode", QStringLiteral("requirements")}, {"round", 11}}) << qint64(15) << false;
    QTest::newRow("requirements 12/15") << in({{"mode", QStringLiteral("requirements")}, {"round", 12}}) << qint64(15) << true;
    QTest::newRow("technical 6/8 (6 < 6.4)") << in({{"mode", QStringLiteral("technical")}, {"round", 6}}) << qint64(8) << false;
    QTest::newRow("technical 7/8") << in({{"mode", QStringLiteral("Technical ")}, {"round", 7}}) << qint64(8) << true;
    QTest::newRow("no mode: requirements") << in({{"round", 11}}) << qint64(15) << false;
    QTest::newRow("max_rounds overrides mode 15/20")
        << in({{"mode", QStringLiteral("technical")}, {"max_rounds", 20}, {"round", 15}}) << qint64(20) << false;
    QTest::newRow("max_rounds overrides mode 16/20")
        << in({{"mode", QStringLiteral("technical")}, {"max_rounds", 20}, {"round", 16}}) << qint64(20) << true;
    QTest::newRow("round 0") << in({{"max_rounds", 1}}) << qint64(1) << false;
    QTest::newRow("round 1 of 1") << in({{"max_rounds", 1}, {"round", 1}}) << qint64(1) << true;
}

void TestDepthControl::roundLimitsPerMode()
{
    QFETCH(QVariantMap, inputs);
    QFETCH(qint64, maxRounds);
    QFETCH(bool, force);
    const QVariantMap out = eval(inputs);
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("max_rounds")).toLongLong(), maxRounds);
    QCOMPARE(out.value(QStringLiteral("force_converge_round")).toDouble(), double(maxRounds) * 0.8);
    QCOMPARE(out.value(QStringLiteral("force_converge")).toBool(), force);
    QCOMPARE(out.value(QStringLiteral("depth")).toString() == QLatin1String("force_converge"), force);
    const qint64 round = out.value(QStringLiteral("round")).toLongLong();
    QCOMPARE(out.value(QStringLiteral("rounds_left")).toLongLong(), std::max<qint64>(0, maxRounds - round));
    QCOMPARE(out.value(QStringLiteral("round_limit_reached")).toBool(), round >= maxRounds);
    QCOMPARE(names(out.value(QStringLiteral("triggered_checks"))).contains(QStringLiteral("round_near_limit")), force);
}

void TestDepthControl::stateLimits_data()
{
    QTest::addColumn<QVariantMap>("inputs");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<bool>("reached");

    QTest::newRow("CLARIFY 2/3") << in({{"state", QStringLiteral("CLARIFY")}, {"state_round", 2}}) << qint64(3) << false;
    QTest::newRow("CLARIFY 3/3") << in({{"state", QStringLiteral("CLARIFY")}, {"state_round", 3}}) << qint64(3) << true;
    QTest::newRow("EXPLORE 4/5") << in({{"state", QStringLiteral("EXPLORE")}, {"state_round", 4}}) << qint64(5) << false;
    QTest::newRow("EXPLORE 5/5") << in({{"state", QStringLiteral("EXPLORE")}, {"state_round", 5}}) << qint64(5) << true;
    QTest::newRow("CONVERGE 2/3") << in({{"state", QStringLiteral("CONVERGE")}, {"state_round", 2}}) << qint64(3) << false;
    QTest::newRow("CONVERGE 4/3") << in({{"state", QStringLiteral("CONVERGE")}, {"state_round", 4}}) << qint64(3) << true;
    QTest::newRow("lower case") << in({{"state", QStringLiteral("clarify")}, {"state_round", 3}}) << qint64(3) << true;
    QTest::newRow("no limit for SUMMARY") << in({{"state", QStringLiteral("SUMMARY")}, {"state_round", 9}}) << qint64(0) << false;
    QTest::newRow("no state") << in({}) << qint64(0) << false;
    QTest::newRow("state_limits override")
        << in({{"state", QStringLiteral("EXPLORE")}, {"state_round", 2}, {"state_limits", in({{"explore", 2}})}}) << qint64(2) << true;
    QTest::newRow("state_limits adds a state")
        << in({{"state", QStringLiteral("SUMMARY")}, {"state_round", 1}, {"state_limits", in({{"SUMMARY", 1}})}}) << qint64(1) << true;
}

void TestDepthControl::stateLimits()
{
    QFETCH(QVariantMap, inputs);
    QFETCH(qint64, limit);
    QFETCH(bool, reached);
    const QVariantMap out = eval(inputs);
    QVERIFY(!out.isEmpty());
    QCOMPARE(out.value(QStringLiteral("state_limit")).toLongLong(), limit);
    QCOMPARE(out.value(QStringLiteral("state_limit_reached")).toBool(), reached);
}

void TestDepthControl::forceOptions()
{
    QVariantMap out = eval(in({{"mode", QStringLiteral("problem")}, {"round", 8}}));
    QVERIFY(!out.isEmpty());
    QCOMPARE(names(out.value(QStringLiteral("force_options"))), strings({"强制选择最优方案", "放宽约束", "分解问题"}));
    QCOMPARE(out.value(QStringLiteral("guidance")).toString(), s("为了效率，我们需要在接下来几轮内做出决策。"));

    out = eval(in({{"mode", QStringLiteral("problem")}, {"round", 7}}));
    QVERIFY(!out.isEmpty());
    QVERIFY(out.value(QStringLiteral("force_options")).toList().isEmpty());
}

// --- inputs and outputs -------------------------------------------------------------------

void TestDepthControl::invalidInputs_data()
{
    QTest::addColumn<QVariantMap>("inputs");
    QTest::addColumn<QString>("input");

    QTest::newRow("negative count") << in({{"undefined_terms", -1}}) << "undefined_terms";
    QTest::newRow("negative denominator") << in({{"expected_topics", -4}}) << "expected_topics";
    QTest::newRow("text count") << in({{"total_terms", QStringLiteral("five")}}) << "total_terms";
    QTest::newRow("boolean count") << in({{"verified_constraints", true}}) << "verified_constraints";
    QTest::newRow("list count") << in({{"total_constraints", QVariantList{1, 2}}}) << "total_constraints";
    QTest::newRow("NaN") << in({{"unspecified_constraints", std::nan("")}}) << "unspecified_constraints";
    QTest::newRow("ratio above 1") << in({{"scope_fuzziness", 1.5}}) << "scope_fuzziness";
    QTest::newRow("negative ratio") << in({{"angle_coverage", -0.1}}) << "angle_coverage";
    QTest::newRow("percent consensus") << in({{"consensus", 80}}) << "consensus";
    QTest::newRow("fractional round") << in({{"round", 2.5}}) << "round";
    QTest::newRow("negative round") << in({{"round", -1}}) << "round";
    QTest::newRow("max_rounds 0") << in({{"max_rounds", 0}}) << "max_rounds";
    QTest::newRow("unknown mode") << in({{"mode", QStringLiteral("design")}}) << "mode";
    QTest::newRow("number as state") << in({{"state", 5}}) << "state";
    QTest::newRow("negative state_round") << in({{"state_round", -2}}) << "state_round";
    QTest::newRow("explicit_choice maybe") << in({{"explicit_choice", QStringLiteral("maybe")}}) << "explicit_choice";
    QTest::newRow("options_converging number") << in({{"options_converging", 1}}) << "options_converging";
    QTest::newRow("fractional feasible_options") << in({{"feasible_options", 1.5}}) << "feasible_options";
    QTest::newRow("message not text") << in({{"last_user_message", QVariantList{}}}) << "last_user_message";
    QTest::newRow("covered_angles number") << in({{"covered_angles", 3}}) << "covered_angles";
    QTest::newRow("expected_angles with a number") << in({{"expected_angles", QVariantList{QStringLiteral("a"), 2}}})
                                                   << "expected_angles";
    QTest::newRow("check_weights unknown check") << in({{"check_weights", in({{"speed", 1}})}}) << "check_weights";
    QTest::newRow("check_weights negative") << in({{"check_weights", in({{"high_consensus", -1}})}}) << "check_weights";
    QTest::newRow("state_limits 0") << in({{"state_limits", in({{"CLARIFY", 0}})}}) << "state_limits";
    QTest::newRow("state_limits not a map") << in({{"state_limits", 3}}) << "state_limits";
}

void TestDepthControl::invalidInputs()
{
    QFETCH(QVariantMap, inputs);
    QFETCH(QString, input);
    QVariantMap out;
    QString error;
    QVERIFY(!DepthControlHandler::evaluate(inputs, &out, &error));
    QVERIFY2(error.contains(QLatin1Char('\'') + input + QLatin1Char('\'')), qPrintable(error));
}

void TestDepthControl::unknownInputsWarn()
{
    const QVariantMap out = eval(in({{"undefined_term", 2}, {"total_terms", 4}}));
    QVERIFY(!out.isEmpty());
    QVERIFY(warnsAbout(out, QStringLiteral("'undefined_term'")));
    QCOMPARE(out.value(QStringLiteral("term_fuzziness")).toDouble(), 0.0);

    // Null values count as absent.
    const QVariantMap nulls = eval(in({{"round", QVariant()}, {"consensus", QVariant::fromValue(nullptr)}}));
    QVERIFY(!nulls.isEmpty());
    QCOMPARE(nulls.value(QStringLiteral("round")).toLongLong(), 0);
    QCOMPARE(nulls.value(QStringLiteral("consensus_source")).toString(), QStringLiteral("computed"));
}

void TestDepthControl::outputsArePlainTypes()
{
    const QVariantMap out = eval(in({{"undefined_terms", 1},
                                     {"total_terms", 3},
                                     {"covered_angles", strings({"business"})},
                                     {"last_user_message", s("就用 Milvus")},
                                     {"round", 9},
                                     {"mode", QStringLiteral("problem")},
                                     {"state", QStringLiteral("CLARIFY")},
                                     {"state_round", 3},
                                     {"bogus", 1}}));
    QVERIFY(!out.isEmpty());
    QString where;
    QVERIFY2(isPlain(out, &where, QStringLiteral("outputs")), qPrintable(where));
    static const QRegularExpression snake(QStringLiteral("^[a-z][a-z0-9]*(_[a-z0-9]+)*$"));
    const QStringList expectedKeys = strings(
        {"fuzziness", "fuzziness_source", "term_fuzziness", "constraint_fuzziness", "scope_fuzziness", "coverage",
         "coverage_source", "topic_coverage", "angle_coverage", "constraint_coverage", "expected_angles", "covered_angles",
         "missing_angles", "consensus", "consensus_source", "explicit_choice", "explicit_choice_match", "options_converging",
         "unique_solution", "depth", "metric_depth", "action", "guidance", "mode", "max_rounds", "round", "rounds_left",
         "force_converge_round", "force_converge", "round_limit_reached", "force_options", "state", "state_round", "state_limit",
         "state_limit_reached", "checks", "triggered_checks", "convergence_weight", "decision", "decision_rule", "decision_text",
         "converge", "next_state", "warnings"});
    QStringList keys = out.keys();
    QStringList sortedExpected = expectedKeys;
    keys.sort();
    sortedExpected.sort();
    QCOMPARE(keys, sortedExpected);
    for (const QString &k : std::as_const(keys))
        QVERIFY2(snake.match(k).hasMatch(), qPrintable(k));
    // Numbers are not rounded: 1/3 stays 1/3.
    QCOMPARE(out.value(QStringLiteral("term_fuzziness")).toDouble(), 1.0 / 3.0);
    QCOMPARE(out.value(QStringLiteral("fuzziness")).typeId(), int(QMetaType::Double));
    QCOMPARE(out.value(QStringLiteral("converge")).typeId(), int(QMetaType::Bool));
}

void TestDepthControl::startFinishes()
{
    auto call = std::make_shared<SkillCall>();
    call->inputs = in({{"consensus", 0.6}, {"round", 12}, {"mode", QStringLiteral("requirements")}, {"typo_input", 1}});
    QVariantMap finished;
    bool gotFinished = false, gotDone = false;
    QString failure;
    QStringList logs;
    call->setHooks({[&](const QVariantMap &outputs, bool done) {
                        gotFinished = true;
                        gotDone = done;
                        finished = outputs;
                    },
                    [&](const QString &error) { failure = error; },
                    [&](const TranslatableText &message, bool) { logs.append(message.english()); },
                    {}, {}});
    DepthControlHandler handler;
    handler.start(call);
    QVERIFY(call->isFinished()); // synchronous
    QVERIFY(gotFinished);
    QVERIFY(gotDone);
    QVERIFY(failure.isEmpty());
    QCOMPARE(finished.value(QStringLiteral("decision")).toString(), QStringLiteral("suggest_converge"));
    QCOMPARE(finished.value(QStringLiteral("depth")).toString(), QStringLiteral("force_converge"));
    QCOMPARE(logs.size(), 1); // the unknown input
    QVERIFY(logs.first().contains(QStringLiteral("typo_input")));

    QVariantMap direct;
    QString error;
    QVERIFY(DepthControlHandler::evaluate(call->inputs, &direct, &error));
    QCOMPARE(finished, direct);
}

void TestDepthControl::startTakesTheCallRound()
{
    auto call = std::make_shared<SkillCall>();
    call->inputs = in({{"mode", QStringLiteral("problem")}});
    call->round = 8;
    QVariantMap finished;
    call->setHooks({[&](const QVariantMap &outputs, bool) { finished = outputs; }, {}, {}, {}, {}});
    DepthControlHandler().start(call);
    QCOMPARE(finished.value(QStringLiteral("round")).toLongLong(), 8);
    QCOMPARE(finished.value(QStringLiteral("force_converge")).toBool(), true);

    // An explicit `round` input wins over the call's round.
    auto call2 = std::make_shared<SkillCall>();
    call2->inputs = in({{"mode", QStringLiteral("problem")}, {"round", 2}});
    call2->round = 8;
    call2->setHooks({[&](const QVariantMap &outputs, bool) { finished = outputs; }, {}, {}, {}, {}});
    DepthControlHandler().start(call2);
    QCOMPARE(finished.value(QStringLiteral("round")).toLongLong(), 2);
    QCOMPARE(finished.value(QStringLiteral("force_converge")).toBool(), false);
}

void TestDepthControl::startFails()
{
    auto call = std::make_shared<SkillCall>();
    call->inputs = in({{"total_terms", -3}});
    bool gotFinished = false;
    QString failure;
    call->setHooks({[&](const QVariantMap &, bool) { gotFinished = true; }, [&](const QString &error) { failure = error; }, {}, {}, {}});
    DepthControlHandler().start(call);
    QVERIFY(call->isFinished());
    QVERIFY(!gotFinished);
    QVERIFY(failure.startsWith(QStringLiteral("builtin.depth_control: ")));
    QVERIFY2(failure.contains(QStringLiteral("'total_terms'")), qPrintable(failure));
    QVERIFY2(failure.contains(QStringLiteral("non-negative")), qPrintable(failure));
}

QTEST_GUILESS_MAIN(TestDepthControl)
#include "tst_depth_control.moc"
