#include "handlers/DepthControlHandler.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonValue>
#include <QLocale>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <optional>

// Seed 001 (深度控制算法). Every rule, constant and text below comes from the seed unless a
// comment says otherwise; docs/depth-control.md explains the choices where the seed is
// silent or contradicts itself.

namespace capgraph {

namespace {

// Threshold comparisons forgive floating point noise: (0.7 + 0.7 + 0.7) / 3 is
// 0.6999999999999998 and must count as 0.7.
constexpr double kEpsilon = 1e-9;

bool atLeast(double value, double threshold)
{
    return value >= threshold - kEpsilon;
}

// --- reading inputs ---------------------------------------------------------------------

QString describe(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Bool:
        return QStringLiteral("a boolean (%1)").arg(v.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
    case QMetaType::QString: {
        QString text = v.toString();
        if (text.size() > 40)
            text = text.left(40) + QStringLiteral("…");
        return QStringLiteral("the text \"%1\"").arg(text);
    }
    case QMetaType::QVariantList:
    case QMetaType::QStringList:
    case QMetaType::QJsonArray:
        return QStringLiteral("a list");
    case QMetaType::QVariantMap:
    case QMetaType::QVariantHash:
    case QMetaType::QJsonObject:
        return QStringLiteral("a map");
    default:
        break;
    }
    if (v.canConvert<double>() && v.typeId() != QMetaType::QString)
        return QStringLiteral("%1").arg(v.toDouble());
    return QStringLiteral("a value of type %1").arg(QString::fromLatin1(v.typeName()));
}

QVariant unwrapJson(const QVariant &v)
{
    if (v.typeId() == QMetaType::QJsonValue)
        return v.toJsonValue().toVariant();
    if (v.typeId() == QMetaType::QJsonArray)
        return v.toJsonArray().toVariantList();
    return v;
}

// A number: any integer or floating type, or text that is a whole number in C notation.
// Booleans are not numbers here.
bool toNumber(const QVariant &raw, double *out)
{
    const QVariant v = unwrapJson(raw);
    switch (v.typeId()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::SChar:
    case QMetaType::UChar:
    case QMetaType::Char:
    case QMetaType::Float:
    case QMetaType::Double:
        *out = v.toDouble();
        break;
    case QMetaType::QString: {
        bool ok = false;
        *out = QLocale::c().toDouble(v.toString().trimmed(), &ok);
        if (!ok)
            return false;
        break;
    }
    default:
        return false;
    }
    return std::isfinite(*out);
}

class InputReader
{
public:
    explicit InputReader(const QVariantMap &inputs) : m_inputs(inputs) {}

    QString error;
    QStringList warnings;

    bool has(const QString &name) const
    {
        const auto it = m_inputs.constFind(name);
        return it != m_inputs.constEnd() && it->isValid() && !it->isNull();
    }

    void warn(const QString &message) { warnings.append(message); }

    bool fail(const QString &name, const QString &what)
    {
        error = QStringLiteral("input '%1' must be %2, got %3").arg(name, what, describe(m_inputs.value(name)));
        return false;
    }

    // Any non-negative number (counts may be fractional: half a defined term).
    bool count(const QString &name, std::optional<double> *out)
    {
        m_known.insert(name);
        if (!has(name))
            return true;
        double d = 0;
        if (!toNumber(m_inputs.value(name), &d) || d < 0)
            return fail(name, QStringLiteral("a non-negative number"));
        *out = d;
        return true;
    }

    // A number in [0, 1] (values a rounding error above 1 are taken as 1).
    bool ratio(const QString &name, std::optional<double> *out)
    {
        m_known.insert(name);
        if (!has(name))
            return true;
        double d = 0;
        if (!toNumber(m_inputs.value(name), &d) || d < 0 || d > 1 + kEpsilon)
            return fail(name, QStringLiteral("a number between 0 and 1"));
        *out = std::min(d, 1.0);
        return true;
    }

    bool integer(const QString &name, qint64 minimum, std::optional<qint64> *out)
    {
        m_known.insert(name);
        if (!has(name))
            return true;
        double d = 0;
        if (!toNumber(m_inputs.value(name), &d) || d != std::floor(d) || d < double(minimum) || d > 1e12) {
            return fail(name, minimum == 0 ? QStringLiteral("a whole number >= 0")
                                           : QStringLiteral("a whole number >= %1").arg(minimum));
        }
        *out = qint64(d);
        return true;
    }

    bool boolean(const QString &name, std::optional<bool> *out)
    {
        m_known.insert(name);
        if (!has(name))
            return true;
        const QVariant v = unwrapJson(m_inputs.value(name));
        if (v.typeId() == QMetaType::Bool) {
            *out = v.toBool();
            return true;
        }
        if (v.typeId() == QMetaType::QString) {
            const QString s = v.toString().trimmed().toLower();
            if (s == QLatin1String("true")) {
                *out = true;
                return true;
            }
            if (s == QLatin1String("false")) {
                *out = false;
                return true;
            }
        }
        return fail(name, QStringLiteral("true or false"));
    }

    bool string(const QString &name, std::optional<QString> *out)
    {
        m_known.insert(name);
        if (!has(name))
            return true;
        const QVariant v = unwrapJson(m_inputs.value(name));
        if (v.typeId() != QMetaType::QString)
            return fail(name, QStringLiteral("text"));
        *out = v.toString();
        return true;
    }

    // A list of names, or one text with the names separated by commas.
    bool stringList(const QString &name, std::optional<QStringList> *out)
    {
        m_known.insert(name);
        if (!has(name))
            return true;
        const QVariant v = unwrapJson(m_inputs.value(name));
        QStringList result;
        if (v.typeId() == QMetaType::QString) {
            static const QRegularExpression separators(QStringLiteral("[,，、;；]"));
            for (const QString &part : v.toString().split(separators, Qt::SkipEmptyParts)) {
                if (!part.trimmed().isEmpty())
                    result.append(part.trimmed());
            }
        } else if (v.typeId() == QMetaType::QStringList) {
            result = v.toStringList();
        } else if (v.typeId() == QMetaType::QVariantList) {
            for (const QVariant &item : v.toList()) {
                const QVariant e = unwrapJson(item);
                if (e.typeId() != QMetaType::QString)
                    return fail(name, QStringLiteral("a list of names"));
                result.append(e.toString());
            }
        } else {
            return fail(name, QStringLiteral("a list of names"));
        }
        *out = result;
        return true;
    }

    bool map(const QString &name, std::optional<QVariantMap> *out)
    {
        m_known.insert(name);
        if (!has(name))
            return true;
        const QVariant v = m_inputs.value(name);
        if (v.typeId() == QMetaType::QVariantMap) {
            *out = v.toMap();
        } else if (v.typeId() == QMetaType::QVariantHash) {
            QVariantMap m;
            const QVariantHash h = v.toHash();
            for (auto it = h.begin(); it != h.end(); ++it)
                m.insert(it.key(), it.value());
            *out = m;
        } else if (v.typeId() == QMetaType::QJsonObject || v.typeId() == QMetaType::QJsonValue) {
            const QVariant u = unwrapJson(v);
            if (u.typeId() != QMetaType::QVariantMap)
                return fail(name, QStringLiteral("a map"));
            *out = u.toMap();
        } else {
            return fail(name, QStringLiteral("a map"));
        }
        return true;
    }

    void warnAboutUnknownInputs()
    {
        for (auto it = m_inputs.constBegin(); it != m_inputs.constEnd(); ++it) {
            if (!m_known.contains(it.key()))
                warn(QStringLiteral("unknown input '%1' ignored").arg(it.key()));
        }
    }

private:
    const QVariantMap &m_inputs;
    QSet<QString> m_known;
};

// numerator / denominator for a component, guarded and clamped to [0, 1]: 0/0 is 0, n/0
// with n > 0 and n > d are clamped to 1 (with a warning: the counts disagree).
double guardedRatio(InputReader &r, double numerator, double denominator, const QString &numeratorName,
                    const QString &denominatorName)
{
    if (denominator <= 0) {
        if (numerator > 0) {
            r.warn(QStringLiteral("'%1' is %2 but '%3' is 0; the ratio is taken as 1")
                       .arg(numeratorName)
                       .arg(numerator)
                       .arg(denominatorName));
            return 1.0;
        }
        return 0.0;
    }
    if (numerator > denominator) {
        r.warn(QStringLiteral("'%1' (%2) exceeds '%3' (%4); the ratio is clamped to 1")
                   .arg(numeratorName)
                   .arg(numerator)
                   .arg(denominatorName)
                   .arg(denominator));
        return 1.0;
    }
    return numerator / denominator;
}

// One component: its ratio given directly wins over the counts it would be computed from.
bool component(InputReader &r, const QString &ratioName, const QString &numeratorName, const QString &denominatorName,
               double *out)
{
    std::optional<double> direct, numerator, denominator;
    if (!r.ratio(ratioName, &direct) || !r.count(numeratorName, &numerator) || !r.count(denominatorName, &denominator))
        return false;
    if (direct) {
        if (numerator || denominator) {
            r.warn(QStringLiteral("'%1' is given, so '%2' / '%3' are ignored")
                       .arg(ratioName, numeratorName, denominatorName));
        }
        *out = *direct;
        return true;
    }
    *out = guardedRatio(r, numerator.value_or(0), denominator.value_or(0), numeratorName, denominatorName);
    return true;
}

// --- angles -------------------------------------------------------------------------------

QStringList defaultAngles()
{
    return {QStringLiteral("business"), QStringLiteral("technical"), QStringLiteral("user"), QStringLiteral("operations")};
}

// The seed names the angles in Chinese (业务/技术/用户/运维); both spellings, and the
// traditional characters, name the same four angles.
QString canonicalAngle(const QString &name)
{
    const QString s = name.trimmed().toLower();
    if (s == QStringLiteral(u"业务") || s == QStringLiteral(u"業務"))
        return QStringLiteral("business");
    if (s == QStringLiteral(u"技术") || s == QStringLiteral(u"技術"))
        return QStringLiteral("technical");
    if (s == QStringLiteral(u"用户") || s == QStringLiteral(u"用戶"))
        return QStringLiteral("user");
    if (s == QStringLiteral(u"运维") || s == QStringLiteral(u"運維"))
        return QStringLiteral("operations");
    return s;
}

QStringList canonicalUnique(const QStringList &names)
{
    QStringList out;
    for (const QString &n : names) {
        const QString c = canonicalAngle(n);
        if (!c.isEmpty() && !out.contains(c))
            out.append(c);
    }
    return out;
}

// --- the seed's tables --------------------------------------------------------------------

QString seedGuidanceShallow()
{
    return QStringLiteral(u"我们还需要了解更多信息才能做决策。");
}

QString seedGuidanceAdequate()
{
    return QStringLiteral(u"信息基本充分，可以开始对比方案了。");
}

QString seedGuidanceDeep()
{
    return QStringLiteral(u"我们已经讨论得足够充分了，建议现在做决策。");
}

QString seedGuidanceForce()
{
    return QStringLiteral(u"为了效率，我们需要在接下来几轮内做出决策。");
}

QString seedActionExplore()
{
    return QStringLiteral(u"继续探索，不收敛");
}

struct Check
{
    QString name;
    QString label;
    QString condition;
    double weight;
};

} // namespace

bool DepthControlHandler::evaluate(const QVariantMap &inputs, QVariantMap *outputs, QString *error)
{
    InputReader r(inputs);
    const auto failed = [&]() {
        if (error)
            *error = r.error;
        return false;
    };

    // --- fuzziness: (term + constraint + scope) / 3 --------------------------------------
    double termFuzziness = 0, constraintFuzziness = 0;
    std::optional<double> scopeFuzziness, directFuzziness;
    if (!component(r, QStringLiteral("term_fuzziness"), QStringLiteral("undefined_terms"), QStringLiteral("total_terms"),
                   &termFuzziness)
        || !component(r, QStringLiteral("constraint_fuzziness"), QStringLiteral("unspecified_constraints"),
                      QStringLiteral("expected_constraints"), &constraintFuzziness)
        || !r.ratio(QStringLiteral("scope_fuzziness"), &scopeFuzziness) || !r.ratio(QStringLiteral("fuzziness"), &directFuzziness))
        return failed();
    const double computedFuzziness = (termFuzziness + constraintFuzziness + scopeFuzziness.value_or(0)) / 3.0;
    const double fuzziness = directFuzziness.value_or(computedFuzziness);

    // --- coverage: (topic + angle + constraint) / 3 ----------------------------------------
    double topicCoverage = 0, constraintCoverage = 0;
    if (!component(r, QStringLiteral("topic_coverage"), QStringLiteral("topics_discussed"), QStringLiteral("expected_topics"),
                   &topicCoverage)
        || !component(r, QStringLiteral("constraint_coverage"), QStringLiteral("verified_constraints"),
                      QStringLiteral("total_constraints"), &constraintCoverage))
        return failed();

    std::optional<double> directAngle, directCoverage;
    std::optional<QStringList> coveredInput, expectedInput;
    if (!r.ratio(QStringLiteral("angle_coverage"), &directAngle) || !r.stringList(QStringLiteral("covered_angles"), &coveredInput)
        || !r.stringList(QStringLiteral("expected_angles"), &expectedInput) || !r.ratio(QStringLiteral("coverage"), &directCoverage))
        return failed();
    const QStringList expectedAngles = expectedInput ? canonicalUnique(*expectedInput) : defaultAngles();
    if (expectedInput && expectedAngles.isEmpty())
        r.warn(QStringLiteral("'expected_angles' is empty; angle coverage is 0"));
    QStringList coveredAngles, missingAngles;
    if (coveredInput || !directAngle) {
        const QStringList covered = canonicalUnique(coveredInput.value_or(QStringList()));
        for (const QString &a : covered) {
            if (!expectedAngles.contains(a))
                r.warn(QStringLiteral("covered angle '%1' is not one of the expected angles; ignored").arg(a));
        }
        for (const QString &a : expectedAngles)
            (covered.contains(a) ? coveredAngles : missingAngles).append(a);
    }
    double angleCoverage = 0;
    if (directAngle) {
        if (coveredInput)
            r.warn(QStringLiteral("'angle_coverage' is given, so 'covered_angles' does not change the angle coverage"));
        angleCoverage = *directAngle;
    } else if (!expectedAngles.isEmpty()) {
        angleCoverage = double(coveredAngles.size()) / double(expectedAngles.size());
    }
    const double computedCoverage = (topicCoverage + angleCoverage + constraintCoverage) / 3.0;
    const double coverage = directCoverage.value_or(computedCoverage);

    // --- consensus: min(1, 0.5 choice + 0.3 converging + 0.2 unique) ------------------------
    std::optional<bool> explicitInput, converging, uniqueInput;
    std::optional<QString> message;
    std::optional<qint64> feasibleOptions;
    std::optional<double> directConsensus;
    if (!r.boolean(QStringLiteral("explicit_choice"), &explicitInput) || !r.string(QStringLiteral("last_user_message"), &message)
        || !r.boolean(QStringLiteral("options_converging"), &converging)
        || !r.boolean(QStringLiteral("unique_solution"), &uniqueInput)
        || !r.integer(QStringLiteral("feasible_options"), 0, &feasibleOptions)
        || !r.ratio(QStringLiteral("consensus"), &directConsensus))
        return failed();

    // The seed's pattern, in Simplified and in Traditional Chinese (seeds 000-003 are written in both).
    static const QRegularExpression choicePattern(QStringLiteral(u"我选择|我選擇|决定用|決定用|就用|采用|採用"));
    QString choiceMatch;
    if (message) {
        const QRegularExpressionMatch m = choicePattern.match(*message);
        if (m.hasMatch())
            choiceMatch = m.captured(0);
    }
    const bool messageChoice = !choiceMatch.isEmpty();
    bool explicitChoice = messageChoice;
    if (explicitInput) {
        if (message && *explicitInput != messageChoice) {
            r.warn(QStringLiteral("'explicit_choice' is %1 but 'last_user_message' %2; using 'explicit_choice'")
                       .arg(*explicitInput ? QStringLiteral("true") : QStringLiteral("false"),
                            messageChoice ? QStringLiteral("matches '%1'").arg(choiceMatch)
                                          : QStringLiteral("does not match the choice pattern")));
        }
        explicitChoice = *explicitInput;
    }

    bool uniqueSolution = feasibleOptions && *feasibleOptions == 1;
    if (uniqueInput) {
        if (feasibleOptions && *uniqueInput != uniqueSolution) {
            r.warn(QStringLiteral("'unique_solution' is %1 but 'feasible_options' is %2; using 'unique_solution'")
                       .arg(*uniqueInput ? QStringLiteral("true") : QStringLiteral("false"))
                       .arg(*feasibleOptions));
        }
        uniqueSolution = *uniqueInput;
    }
    if (feasibleOptions && *feasibleOptions == 0)
        r.warn(QStringLiteral("'feasible_options' is 0: no option satisfies the constraints"));

    const double computedConsensus =
        std::min(1.0, (explicitChoice ? 0.5 : 0.0) + (converging.value_or(false) ? 0.3 : 0.0) + (uniqueSolution ? 0.2 : 0.0));
    const double consensus = directConsensus.value_or(computedConsensus);

    // --- rounds -------------------------------------------------------------------------------
    std::optional<QString> modeInput, stateInput;
    std::optional<qint64> maxRoundsInput, roundInput, stateRoundInput;
    std::optional<QVariantMap> stateLimitsInput;
    if (!r.string(QStringLiteral("mode"), &modeInput) || !r.integer(QStringLiteral("max_rounds"), 1, &maxRoundsInput)
        || !r.integer(QStringLiteral("round"), 0, &roundInput) || !r.string(QStringLiteral("state"), &stateInput)
        || !r.integer(QStringLiteral("state_round"), 0, &stateRoundInput)
        || !r.map(QStringLiteral("state_limits"), &stateLimitsInput))
        return failed();

    // Seed: problem 10, requirements 15, technical 8. Without a mode: requirements (our choice).
    QString mode = QStringLiteral("requirements");
    if (modeInput) {
        mode = modeInput->trimmed().toLower();
        if (mode != QLatin1String("problem") && mode != QLatin1String("requirements") && mode != QLatin1String("technical")) {
            r.error = QStringLiteral("input 'mode' must be one of problem, requirements, technical, got \"%1\"").arg(*modeInput);
            return failed();
        }
    }
    const qint64 modeMaxRounds = mode == QLatin1String("problem") ? 10 : mode == QLatin1String("technical") ? 8 : 15;
    const qint64 maxRounds = maxRoundsInput.value_or(modeMaxRounds);
    const qint64 round = roundInput.value_or(0);
    // round >= max_rounds * 0.8, in integers so that 12 >= 15 * 0.8 holds exactly.
    const bool forceConverge = round * 10 >= maxRounds * 8;
    if (round > maxRounds)
        r.warn(QStringLiteral("'round' (%1) is past max_rounds (%2)").arg(round).arg(maxRounds));

    // Seed: per-state limits CLARIFY 3, EXPLORE 5, CONVERGE 3; `state_limits` may override or add.
    QMap<QString, qint64> stateLimits{{QStringLiteral("CLARIFY"), 3}, {QStringLiteral("EXPLORE"), 5}, {QStringLiteral("CONVERGE"), 3}};
    if (stateLimitsInput) {
        for (auto it = stateLimitsInput->constBegin(); it != stateLimitsInput->constEnd(); ++it) {
            double d = 0;
            if (!toNumber(it.value(), &d) || d != std::floor(d) || d < 1 || d > 1e12) {
                r.error = QStringLiteral("input 'state_limits' must map state names to whole numbers >= 1, got %1 for '%2'")
                              .arg(describe(it.value()), it.key());
                return failed();
            }
            stateLimits.insert(it.key().trimmed().toUpper(), qint64(d));
        }
    }
    const QString state = stateInput ? stateInput->trimmed().toUpper() : QString();
    const qint64 stateRound = stateRoundInput.value_or(0);
    const qint64 stateLimit = stateLimits.value(state, 0);
    const bool stateLimitReached = stateLimit > 0 && stateRound >= stateLimit;
    if (stateRoundInput && state.isEmpty())
        r.warn(QStringLiteral("'state_round' is given without 'state'; no state limit applies"));

    // --- depth ----------------------------------------------------------------------------------
    // The seed's tree checks adequate before deep (so deep could never be reached) and says
    // nothing about coverage >= 0.5 with consensus < 0.5. Here: deep before adequate, the gap
    // is "unsettled", and the round limit overrides everything (docs/depth-control.md).
    QString metricDepth, action, guidance;
    if (atLeast(coverage, 0.7) && atLeast(consensus, 0.7)) {
        metricDepth = QStringLiteral("deep");
        action = QStringLiteral(u"应该收敛");
        guidance = seedGuidanceDeep();
    } else if (atLeast(coverage, 0.5) && atLeast(consensus, 0.5)) {
        metricDepth = QStringLiteral("adequate");
        action = QStringLiteral(u"可以开始收敛");
        guidance = seedGuidanceAdequate();
    } else if (!atLeast(coverage, 0.5)) {
        metricDepth = QStringLiteral("shallow");
        action = seedActionExplore();
        guidance = seedGuidanceShallow();
    } else {
        // Enough coverage, no consensus yet: do not converge (the seed's shallow action), and
        // compare the options to build consensus (the seed's mid-phase guidance).
        metricDepth = QStringLiteral("unsettled");
        action = seedActionExplore();
        guidance = seedGuidanceAdequate();
    }
    QString depth = metricDepth;
    QVariantList forceOptions;
    if (forceConverge) {
        depth = QStringLiteral("force_converge");
        action = QStringLiteral(u"强制收敛");
        guidance = seedGuidanceForce();
        forceOptions = {QStringLiteral(u"强制选择最优方案"), QStringLiteral(u"放宽约束"), QStringLiteral(u"分解问题")};
    }

    // --- convergence detection -------------------------------------------------------------------
    const QList<Check> seedChecks{
        {QStringLiteral("explicit_choice"), QStringLiteral(u"用户明确选择"), QStringLiteral(u"我选择|我選擇|决定用|決定用|就用|采用|採用"), 1.0},
        {QStringLiteral("high_consensus"), QStringLiteral(u"高共识度"), QStringLiteral("consensus >= 0.7"), 0.8},
        {QStringLiteral("round_near_limit"), QStringLiteral(u"轮次接近上限"), QStringLiteral("round >= max_rounds * 0.8"), 0.6},
        {QStringLiteral("unique_solution"), QStringLiteral(u"约束导致唯一解"), QStringLiteral("feasible_options == 1"), 0.9},
    };
    QHash<QString, double> weights;
    for (const Check &c : seedChecks)
        weights.insert(c.name, c.weight);
    std::optional<QVariantMap> weightsInput;
    if (!r.map(QStringLiteral("check_weights"), &weightsInput))
        return failed();
    if (weightsInput) {
        for (auto it = weightsInput->constBegin(); it != weightsInput->constEnd(); ++it) {
            if (!weights.contains(it.key())) {
                r.error = QStringLiteral("input 'check_weights' has an unknown check '%1' (known: explicit_choice, "
                                         "high_consensus, round_near_limit, unique_solution)")
                              .arg(it.key());
                return failed();
            }
            double d = 0;
            if (!toNumber(it.value(), &d) || d < 0) {
                r.error = QStringLiteral("input 'check_weights' must map checks to non-negative numbers, got %1 for '%2'")
                              .arg(describe(it.value()), it.key());
                return failed();
            }
            weights.insert(it.key(), d);
        }
    }

    const bool triggered[] = {explicitChoice, atLeast(consensus, 0.7), forceConverge, uniqueSolution};
    QVariantList checks, triggeredChecks;
    double total = 0, strongest = 0;
    for (qsizetype i = 0; i < seedChecks.size(); ++i) {
        const Check &c = seedChecks.at(i);
        const double w = weights.value(c.name);
        checks.append(QVariantMap{{QStringLiteral("name"), c.name},
                                  {QStringLiteral("label"), c.label},
                                  {QStringLiteral("condition"), c.condition},
                                  {QStringLiteral("weight"), w},
                                  {QStringLiteral("triggered"), triggered[i]}});
        if (triggered[i]) {
            triggeredChecks.append(QVariantMap{{QStringLiteral("name"), c.name}, {QStringLiteral("weight"), w}});
            total += w;
            strongest = std::max(strongest, w);
        }
    }
    // Seed: any single check >= 0.8, or the sum >= 1.0, converges; otherwise continue. Its
    // example 3 (sum 0.6, "接近") suggests converging and asks the user: sum >= 0.6 here.
    QString decision, decisionRule, decisionText;
    if (!triggeredChecks.isEmpty() && atLeast(strongest, 0.8)) {
        decision = QStringLiteral("converge");
        decisionRule = QStringLiteral("single_check");
        decisionText = QStringLiteral(u"触发收敛");
    } else if (!triggeredChecks.isEmpty() && atLeast(total, 1.0)) {
        decision = QStringLiteral("converge");
        decisionRule = QStringLiteral("combined_weight");
        decisionText = QStringLiteral(u"触发收敛");
    } else if (!triggeredChecks.isEmpty() && atLeast(total, 0.6)) {
        decision = QStringLiteral("suggest_converge");
        decisionRule = QStringLiteral("near_threshold");
        decisionText = QStringLiteral(u"建议收敛，询问用户是否准备决策");
    } else {
        decision = QStringLiteral("continue");
        decisionRule = QStringLiteral("none");
        decisionText = QStringLiteral(u"继续当前状态");
    }
    const bool converge = decision == QLatin1String("converge");

    r.warnAboutUnknownInputs();

    QVariantList warnings;
    for (const QString &w : std::as_const(r.warnings))
        warnings.append(w);
    QVariantList coveredList, missingList, expectedList;
    for (const QString &a : std::as_const(coveredAngles))
        coveredList.append(a);
    for (const QString &a : std::as_const(missingAngles))
        missingList.append(a);
    for (const QString &a : expectedAngles)
        expectedList.append(a);

    if (outputs) {
        *outputs = QVariantMap{
            // fuzziness
            {QStringLiteral("fuzziness"), fuzziness},
            {QStringLiteral("fuzziness_source"), directFuzziness ? QStringLiteral("input") : QStringLiteral("computed")},
            {QStringLiteral("term_fuzziness"), termFuzziness},
            {QStringLiteral("constraint_fuzziness"), constraintFuzziness},
            {QStringLiteral("scope_fuzziness"), scopeFuzziness.value_or(0)},
            // coverage
            {QStringLiteral("coverage"), coverage},
            {QStringLiteral("coverage_source"), directCoverage ? QStringLiteral("input") : QStringLiteral("computed")},
            {QStringLiteral("topic_coverage"), topicCoverage},
            {QStringLiteral("angle_coverage"), angleCoverage},
            {QStringLiteral("constraint_coverage"), constraintCoverage},
            {QStringLiteral("expected_angles"), expectedList},
            {QStringLiteral("covered_angles"), coveredList},
            {QStringLiteral("missing_angles"), missingList},
            // consensus
            {QStringLiteral("consensus"), consensus},
            {QStringLiteral("consensus_source"), directConsensus ? QStringLiteral("input") : QStringLiteral("computed")},
            {QStringLiteral("explicit_choice"), explicitChoice},
            {QStringLiteral("explicit_choice_match"), choiceMatch},
            {QStringLiteral("options_converging"), converging.value_or(false)},
            {QStringLiteral("unique_solution"), uniqueSolution},
            // depth
            {QStringLiteral("depth"), depth},
            {QStringLiteral("metric_depth"), metricDepth},
            {QStringLiteral("action"), action},
            {QStringLiteral("guidance"), guidance},
            // rounds
            {QStringLiteral("mode"), mode},
            {QStringLiteral("max_rounds"), maxRounds},
            {QStringLiteral("round"), round},
            {QStringLiteral("rounds_left"), std::max<qint64>(0, maxRounds - round)},
            {QStringLiteral("force_converge_round"), double(maxRounds) * 0.8},
            {QStringLiteral("force_converge"), forceConverge},
            {QStringLiteral("round_limit_reached"), round >= maxRounds},
            {QStringLiteral("force_options"), forceOptions},
            {QStringLiteral("state"), state},
            {QStringLiteral("state_round"), stateRound},
            {QStringLiteral("state_limit"), stateLimit},
            {QStringLiteral("state_limit_reached"), stateLimitReached},
            // convergence
            {QStringLiteral("checks"), checks},
            {QStringLiteral("triggered_checks"), triggeredChecks},
            {QStringLiteral("convergence_weight"), total},
            {QStringLiteral("decision"), decision},
            {QStringLiteral("decision_rule"), decisionRule},
            {QStringLiteral("decision_text"), decisionText},
            {QStringLiteral("converge"), converge},
            {QStringLiteral("next_state"), converge ? QStringLiteral("SUMMARY") : state},
            {QStringLiteral("warnings"), warnings},
        };
    }
    if (error)
        error->clear();
    return true;
}

void DepthControlHandler::start(const SkillCallPtr &call)
{
    QVariantMap inputs = call->inputs;
    // Without a `round` input, the call's own round (an iterative node's call number).
    const QVariant round = inputs.value(QStringLiteral("round"));
    if (!round.isValid() || round.isNull())
        inputs.insert(QStringLiteral("round"), call->round);
    QVariantMap outputs;
    QString error;
    if (!evaluate(inputs, &outputs, &error)) {
        call->fail(QStringLiteral("builtin.depth_control: ") + error);
        return;
    }
    for (const QVariant &w : outputs.value(QStringLiteral("warnings")).toList())
        call->log(QStringLiteral("builtin.depth_control: ") + w.toString());
    call->finish(outputs);
}

} // namespace capgraph
