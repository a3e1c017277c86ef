#include "plan/PlanReader.h"

#include "plan/JsonOffsets.h"
#include "plan/PlanValidator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <optional>

namespace capgraph {

namespace {

TranslatableText typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return TranslatableText::verbatim(QStringLiteral("null"));
    case QJsonValue::Bool: return CAPGRAPH_TR("capgraph::PlanFile", "a boolean");
    case QJsonValue::Double: return CAPGRAPH_TR("capgraph::PlanFile", "a number");
    case QJsonValue::String: return CAPGRAPH_TR("capgraph::PlanFile", "a string");
    case QJsonValue::Array: return CAPGRAPH_TR("capgraph::PlanFile", "an array");
    case QJsonValue::Object: return CAPGRAPH_TR("capgraph::PlanFile", "an object");
    case QJsonValue::Undefined: break;
    }
    return CAPGRAPH_TR("capgraph::PlanFile", "nothing");
}

// An id: a string, or a whole number (some models write task ids as numbers).
QString idOf(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    // Whole numbers that fit a 64-bit integer (2^63 itself does not; a cast of it would be UB).
    if (const double d = v.toDouble(); v.isDouble() && std::abs(d) < 9.2e18 && d == std::trunc(d))
        return QString::number(qint64(d));
    return QString();
}

class Reader
{
public:
    Reader(const QByteArray &json, const QString &source)
        : m_json(json)
        , m_offsets(json)
        , m_source(source)
    {
    }

    PlanLoadResult result;

    // Line and column of what `pointer` names: its own start for objects and arrays, its
    // container's for a scalar; inside a plan_json sent as a JSON string, the place in the
    // file where that part of the string is written.
    QPair<int, int> lineColumnOf(const QString &pointer) const
    {
        if (m_inner && (pointer == m_innerPrefix || pointer.startsWith(m_innerPrefix + QLatin1Char('/')))) {
            QString p = pointer.mid(m_innerPrefix.size());
            while (m_inner->offsets.offset(p) < 0 && !p.isEmpty())
                p = p.left(p.lastIndexOf(QLatin1Char('/')));
            const qsizetype inside = m_inner->offsets.offset(p);
            return JsonOffsets::lineColumnIn(m_json, inside >= 0 && inside < m_inner->map.size() ? m_inner->map.at(inside) : m_inner->start);
        }
        QString p = pointer;
        while (m_offsets.offset(p) < 0 && !p.isEmpty())
            p = p.left(p.lastIndexOf(QLatin1Char('/')));
        return m_offsets.lineColumn(p);
    }

    void report(Severity severity, const QString &code, const TranslatableText &message, const QString &pointer, const QString &taskId = QString())
    {
        const auto [line, column] = lineColumnOf(pointer);
        Diagnostic d = Diagnostic::make(severity, code, message, m_source, line, column);
        d.nodeId = taskId;
        result.diagnostics.append(d);
    }

    // A text field; `missing` (when given) is the warning for a field seed 004's schema
    // requires ("task 'x' has no 'title'"), reported at `pointer` for task `taskId`.
    QString text(const QJsonObject &o, const char *key, const QString &pointer, const TranslatableText &missing = {},
                 const QString &taskId = QString())
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isString())
            return v.toString();
        if (v.isUndefined() || v.isNull()) {
            if (!missing.isEmpty())
                report(Severity::Warning, QStringLiteral("missing-field"), missing, pointer, taskId);
            return QString();
        }
        report(Severity::Warning, QStringLiteral("wrong-type"),
               CAPGRAPH_TR("capgraph::PlanFile", "'%1' should be a string, not %2").arg(QLatin1String(key), typeName(v)), pointer);
        return QString();
    }

    void readPlanJson(const QJsonObject &o, const QString &at, Plan &plan)
    {
        plan.hasPlanJson = true;
        plan.summary = text(o, "summary", at);
        const QJsonValue participants = o.value(QStringLiteral("participants"));
        if (participants.isArray()) {
            const QJsonArray list = participants.toArray();
            for (int i = 0; i < list.size(); ++i) {
                const QString pointer = at + QStringLiteral("/participants/%1").arg(i);
                if (!list.at(i).isObject()) {
                    report(Severity::Error, QStringLiteral("wrong-type"),
                           CAPGRAPH_TR("capgraph::PlanFile", "participant %1 should be an object, not %2").arg(i + 1).arg(typeName(list.at(i))), pointer);
                    continue;
                }
                const QJsonObject p = list.at(i).toObject();
                PlanParticipant part;
                part.agentId = idOf(p.value(QStringLiteral("agent_id")));
                if (part.agentId.isEmpty()) {
                    report(Severity::Error, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::PlanFile", "participant %1 has no agent_id").arg(i + 1), pointer);
                    continue;
                }
                part.displayName = text(p, "display_name", pointer,
                                        CAPGRAPH_TR("capgraph::PlanFile", "participant '%1' has no display_name").arg(part.agentId));
                part.avatarColor = text(p, "avatar_color", pointer);
                part.roleInPlan = text(p, "role_in_plan", pointer,
                                       CAPGRAPH_TR("capgraph::PlanFile", "participant '%1' has no role_in_plan").arg(part.agentId));
                std::tie(part.line, part.column) = lineColumnOf(pointer);
                plan.participants.append(part);
            }
        } else if (!participants.isUndefined() && !participants.isNull()) {
            report(Severity::Error, QStringLiteral("wrong-type"),
                   CAPGRAPH_TR("capgraph::PlanFile", "'participants' should be an array, not %1").arg(typeName(participants)), at);
        }

        QList<PlanDependency> &deps = plan.dependencies;
        QHash<QPair<QString, QString>, int> depIndex;
        const auto addDependency = [&](const QString &from, const QString &to, bool fromPrerequisites) {
            const auto key = qMakePair(from, to);
            int k = depIndex.value(key, -1);
            if (k < 0) {
                k = int(deps.size());
                depIndex.insert(key, k);
                deps.append(PlanDependency{from, to, false, false});
            }
            (fromPrerequisites ? deps[k].inPrerequisites : deps[k].inTopology) = true;
        };

        QSet<QString> taskIds;
        const QJsonValue tasks = o.value(QStringLiteral("tasks"));
        if (tasks.isArray()) {
            const QJsonArray list = tasks.toArray();
            for (int i = 0; i < list.size(); ++i) {
                const QString pointer = at + QStringLiteral("/tasks/%1").arg(i);
                if (!list.at(i).isObject()) {
                    report(Severity::Error, QStringLiteral("wrong-type"),
                           CAPGRAPH_TR("capgraph::PlanFile", "task %1 should be an object, not %2").arg(i + 1).arg(typeName(list.at(i))), pointer);
                    continue;
                }
                const QJsonObject t = list.at(i).toObject();
                PlanTask task;
                task.id = idOf(t.value(QStringLiteral("id")));
                if (task.id.isEmpty()) {
                    report(Severity::Error, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::PlanFile", "task %1 has no id").arg(i + 1), pointer);
                    continue;
                }
                task.title = text(t, "title", pointer, CAPGRAPH_TR("capgraph::PlanFile", "task '%1' has no title").arg(task.id), task.id);
                task.description = text(t, "description", pointer);
                const QJsonValue assignee = t.value(QStringLiteral("assignee_id"));
                task.assigneeId = idOf(assignee);
                if (task.assigneeId.isEmpty())
                    report(Severity::Warning, QStringLiteral("missing-field"),
                           CAPGRAPH_TR("capgraph::PlanFile", "task '%1' has no assignee_id").arg(task.id), pointer, task.id);
                const QJsonValue pre = t.value(QStringLiteral("prerequisites"));
                if (pre.isArray()) {
                    for (const QJsonValue &p : pre.toArray()) {
                        const QString id = idOf(p);
                        if (id.isEmpty())
                            report(Severity::Warning, QStringLiteral("wrong-type"),
                                   CAPGRAPH_TR("capgraph::PlanFile", "task '%1': a prerequisite should be a task id, not %2").arg(task.id, typeName(p)), pointer, task.id);
                        else if (!task.prerequisites.contains(id))
                            task.prerequisites.append(id);
                    }
                } else if (!pre.isUndefined() && !pre.isNull()) {
                    report(Severity::Warning, QStringLiteral("wrong-type"),
                           CAPGRAPH_TR("capgraph::PlanFile", "task '%1': 'prerequisites' should be an array, not %2").arg(task.id, typeName(pre)), pointer, task.id);
                }
                const QString status = text(t, "status", pointer);
                if (status == QLatin1String("in_progress"))
                    task.status = PlanTaskStatus::InProgress;
                else if (status == QLatin1String("done"))
                    task.status = PlanTaskStatus::Done;
                else if (!status.isEmpty() && status != QLatin1String("pending"))
                    report(Severity::Warning, QStringLiteral("unknown-status"),
                           CAPGRAPH_TR("capgraph::PlanFile", "task '%1': status '%2' is not pending, in_progress or done; shown as pending").arg(task.id, status),
                           pointer, task.id);
                std::tie(task.line, task.column) = lineColumnOf(pointer);
                // A repeated id's dependencies would land on the first task of that id (the
                // validator reports the duplicate): the second task gets none.
                if (!taskIds.contains(task.id))
                    for (const QString &p : std::as_const(task.prerequisites))
                        addDependency(p, task.id, true);
                taskIds.insert(task.id);
                plan.tasks.append(task);
            }
        } else if (!tasks.isUndefined() && !tasks.isNull()) {
            report(Severity::Error, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::PlanFile", "'tasks' should be an array, not %1").arg(typeName(tasks)), at);
        }

        const QJsonValue topology = o.value(QStringLiteral("topology"));
        if (topology.isObject()) {
            const QJsonValue edges = topology.toObject().value(QStringLiteral("edges"));
            if (edges.isArray()) {
                const QJsonArray list = edges.toArray();
                for (int i = 0; i < list.size(); ++i) {
                    const QString pointer = at + QStringLiteral("/topology/edges/%1").arg(i);
                    const QJsonObject e = list.at(i).toObject();
                    const QString from = idOf(e.value(QStringLiteral("from")));
                    const QString to = idOf(e.value(QStringLiteral("to")));
                    if (from.isEmpty() || to.isEmpty()) {
                        report(Severity::Warning, QStringLiteral("wrong-type"),
                               CAPGRAPH_TR("capgraph::PlanFile", "topology edge %1 needs 'from' and 'to' task ids").arg(i + 1), pointer);
                        continue;
                    }
                    addDependency(from, to, false);
                }
            } else if (!edges.isUndefined() && !edges.isNull()) {
                report(Severity::Warning, QStringLiteral("wrong-type"),
                       CAPGRAPH_TR("capgraph::PlanFile", "'topology.edges' should be an array, not %1").arg(typeName(edges)), at + QStringLiteral("/topology"));
            }
        } else if (!topology.isUndefined() && !topology.isNull()) {
            report(Severity::Warning, QStringLiteral("wrong-type"),
                   CAPGRAPH_TR("capgraph::PlanFile", "'topology' should be an object, not %1").arg(typeName(topology)), at);
        }
    }

    void readEnvelope(const QJsonObject &o, const QString &at, Plan &plan)
    {
        plan.planText = text(o, "plan_text", at, CAPGRAPH_TR("capgraph::PlanFile", "the plan.ready has no plan_text (the plan as text)"));
        const QJsonValue rounds = o.value(QStringLiteral("center_rounds"));
        if (rounds.isDouble())
            plan.centerRounds = rounds.toInt();
        for (const QJsonValue &a : o.value(QStringLiteral("participating_agents")).toArray())
            if (const QString id = idOf(a); !id.isEmpty())
                plan.participatingAgents.append(id);
        const QJsonValue pj = o.value(QStringLiteral("plan_json"));
        if (pj.isObject()) {
            readPlanJson(pj.toObject(), at + QStringLiteral("/plan_json"), plan);
        } else if (pj.isString()) {
            // The object sent as a string (as a tool call may): read it as JSON of its own, with
            // every position in it mapped back to where the string spells it in the file.
            const qsizetype quote = stringValueStart(at, "plan_json");
            Inner inner = decodeString(quote);
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(inner.text, &error);
            inner.offsets = JsonOffsets(inner.text);
            m_inner = std::move(inner);
            m_innerPrefix = at + QStringLiteral("/plan_json");
            if (doc.isObject()) {
                readPlanJson(doc.object(), m_innerPrefix, plan);
            } else {
                const qsizetype inside = error.error != QJsonParseError::NoError ? error.offset : 0;
                const auto [line, column] = JsonOffsets::lineColumnIn(
                    m_json, inside >= 0 && inside < m_inner->map.size() ? m_inner->map.at(inside) : m_inner->start);
                result.diagnostics.append(Diagnostic::make(
                    Severity::Error, QStringLiteral("json-syntax"),
                    error.error != QJsonParseError::NoError
                        ? CAPGRAPH_TR("capgraph::PlanFile", "plan_json is a string whose JSON is malformed: %1").arg(error.errorString())
                        : CAPGRAPH_TR("capgraph::PlanFile", "plan_json is a string that holds no JSON object"),
                    m_source, line, column));
            }
        } else if (!pj.isUndefined() && !pj.isNull()) {
            report(Severity::Error, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::PlanFile", "'plan_json' should be an object, not %1").arg(typeName(pj)), at);
        }
    }

private:
    // A JSON string value of the file, decoded, and for each byte of it the file's offset of
    // the character (or escape) that wrote it.
    struct Inner
    {
        QByteArray text;
        QList<qsizetype> map;
        qsizetype start = 0; // the opening quote
        JsonOffsets offsets{QByteArray()};
    };

    // The opening quote of the string value of `key` in the object at `objectPointer`.
    qsizetype stringValueStart(const QString &objectPointer, const char *key) const
    {
        const qsizetype from = std::max<qsizetype>(0, m_offsets.offset(objectPointer));
        static const QRegularExpression keyed(QStringLiteral(R"re("%1"\s*:\s*")re"));
        const QRegularExpression re(keyed.pattern().arg(QLatin1String(key)));
        const QString tail = QString::fromLatin1(m_json.mid(from)); // byte offsets: Latin-1 is one char a byte
        const QRegularExpressionMatch m = re.match(tail);
        return m.hasMatch() ? from + m.capturedEnd() - 1 : from;
    }

    Inner decodeString(qsizetype quote) const
    {
        Inner in;
        in.start = quote;
        const auto hex = [this](qsizetype at) {
            bool ok = false;
            const uint v = m_json.mid(at, 4).toUInt(&ok, 16);
            return ok ? v : 0xFFFDu;
        };
        for (qsizetype i = quote + 1; i < m_json.size() && m_json.at(i) != '"';) {
            const qsizetype from = i;
            QByteArray bytes;
            if (m_json.at(i) == '\\' && i + 1 < m_json.size()) {
                const char e = m_json.at(i + 1);
                i += 2;
                switch (e) {
                case 'n': bytes = "\n"; break;
                case 't': bytes = "\t"; break;
                case 'r': bytes = "\r"; break;
                case 'b': bytes = "\b"; break;
                case 'f': bytes = "\f"; break;
                case 'u': {
                    char32_t c = hex(i);
                    i += 4;
                    if (c >= 0xD800 && c < 0xDC00 && m_json.mid(i, 2) == "\\u") { // a surrogate pair
                        const char32_t low = hex(i + 2);
                        if (low >= 0xDC00 && low < 0xE000) {
                            c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                            i += 6;
                        }
                    }
                    bytes = QString::fromUcs4(&c, 1).toUtf8();
                    break;
                }
                default: bytes = QByteArray(1, e); break; // \" \\ \/
                }
            } else {
                bytes = QByteArray(1, m_json.at(i));
                ++i;
            }
            in.text += bytes;
            for (qsizetype k = 0; k < bytes.size(); ++k)
                in.map.append(from);
        }
        return in;
    }

    QByteArray m_json;
    JsonOffsets m_offsets;
    QString m_source;
    std::optional<Inner> m_inner;
    QString m_innerPrefix;
};

} // namespace

QString PlanLoadResult::errorText() const
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        if (d.severity == Severity::Error)
            lines.append(d.format());
    return lines.join(QLatin1Char('\n'));
}

PlanLoadResult PlanReader::parse(const QByteArray &bytes, const QString &source)
{
    // A UTF-8 byte order mark (editors on Windows write one) is not part of the JSON.
    const QByteArray json = bytes.startsWith("\xEF\xBB\xBF") ? bytes.mid(3) : bytes;
    Reader r(json, source);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        const bool empty = json.trimmed().isEmpty();
        const auto [line, column] = JsonOffsets::lineColumnIn(json, empty ? 0 : error.offset);
        r.result.diagnostics.append(Diagnostic::make(Severity::Error, QStringLiteral("json-syntax"),
                                                     empty ? CAPGRAPH_TR("capgraph::PlanFile", "the file is empty; expected a plan as JSON")
                                                           : CAPGRAPH_TR("capgraph::PlanFile", "malformed JSON: %1").arg(error.errorString()),
                                                     source, line, column));
        // The text may still be whole: "plan_text": "..." as a JSON string on its own.
        static const QRegularExpression text(QStringLiteral(R"re("plan_text"\s*:\s*("(?:[^"\\]|\\.)*"))re"));
        if (const QRegularExpressionMatch m = text.match(QString::fromUtf8(json)); m.hasMatch())
            r.result.recoveredText = QJsonDocument::fromJson((QLatin1Char('[') + m.captured(1) + QLatin1Char(']')).toUtf8()).array().at(0).toString();
        return r.result;
    }
    if (!doc.isObject()) {
        r.report(Severity::Error, QStringLiteral("not-a-plan"),
                 CAPGRAPH_TR("capgraph::PlanFile", "expected a JSON object (a plan_json or a plan.ready event), not %1")
                     .arg(doc.isArray() ? CAPGRAPH_TR("capgraph::PlanFile", "an array") : CAPGRAPH_TR("capgraph::PlanFile", "a scalar")),
                 QString());
        return r.result;
    }
    QJsonObject o = doc.object();
    QString at;
    // The event itself: unwrap its data.
    for (const char *key : {"event_type", "event", "type"}) {
        const QJsonValue type = o.value(QLatin1String(key));
        if (!type.isString() || !o.value(QStringLiteral("data")).isObject())
            continue;
        if (type.toString() != QLatin1String("plan.ready")) {
            r.report(Severity::Error, QStringLiteral("not-a-plan"),
                     CAPGRAPH_TR("capgraph::PlanFile", "this is a '%1' event, not plan.ready").arg(type.toString()), QString());
            return r.result;
        }
        o = o.value(QStringLiteral("data")).toObject();
        at = QStringLiteral("/data");
        break;
    }
    Plan plan;
    if (o.contains(QStringLiteral("plan_text")) || o.contains(QStringLiteral("plan_json")))
        r.readEnvelope(o, at, plan);
    else if (o.contains(QStringLiteral("tasks")) || o.contains(QStringLiteral("participants")))
        r.readPlanJson(o, at, plan);
    else {
        r.report(Severity::Error, QStringLiteral("not-a-plan"),
                 CAPGRAPH_TR("capgraph::PlanFile", "expected a plan_json (tasks, participants, topology) or a plan.ready event (plan_text, plan_json)"), at);
        return r.result;
    }
    r.result.diagnostics.append(PlanValidator::check(plan, source));
    r.result.plan = plan;
    return r.result;
}

PlanLoadResult PlanReader::readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        PlanLoadResult r;
        r.diagnostics.append(unreadableFile(path, f.errorString()));
        return r;
    }
    if (f.size() > MaxPlanBytes) {
        PlanLoadResult r;
        r.diagnostics.append(Diagnostic::make(Severity::Error, QStringLiteral("too-large"),
                                              CAPGRAPH_TR("capgraph::PlanFile", "the file is larger than %1 MiB, the limit for a plan").arg(MaxPlanBytes / (1024 * 1024)),
                                              path, 1, 1));
        return r;
    }
    return parse(f.readAll(), path);
}

} // namespace capgraph
