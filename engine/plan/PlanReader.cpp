#include "plan/PlanReader.h"

#include "plan/JsonOffsets.h"
#include "plan/PlanValidator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace capgraph {

namespace {

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

// An id: a string, or a whole number (some models write task ids as numbers).
QString idOf(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isDouble() && v.toDouble() == double(qint64(v.toDouble())))
        return QString::number(qint64(v.toDouble()));
    return QString();
}

class Reader
{
public:
    Reader(const QByteArray &json, const QString &source)
        : m_offsets(json)
        , m_source(source)
    {
    }

    PlanLoadResult result;

    void report(Severity severity, const QString &code, const QString &message, const QString &pointer, const QString &taskId = QString())
    {
        Diagnostic d;
        d.nodeId = taskId;
        d.severity = severity;
        d.code = code;
        d.message = message;
        d.file = m_source;
        // A pointer to a scalar has no offset of its own: use its container's.
        QString p = pointer;
        while (m_offsets.offset(p) < 0 && !p.isEmpty())
            p = p.left(p.lastIndexOf(QLatin1Char('/')));
        const auto [line, column] = m_offsets.lineColumn(p);
        d.line = line;
        d.column = column;
        result.diagnostics.append(d);
    }

    QString text(const QJsonObject &o, const char *key, const QString &pointer, bool required = false)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isString())
            return v.toString();
        if (v.isUndefined() || v.isNull()) {
            if (required)
                report(Severity::Warning, QStringLiteral("missing-field"), QStringLiteral("'%1' is missing").arg(QLatin1String(key)), pointer);
            return QString();
        }
        report(Severity::Warning, QStringLiteral("wrong-type"),
               QStringLiteral("'%1' should be a string, not %2").arg(QLatin1String(key), typeName(v)), pointer);
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
                           QStringLiteral("participant %1 should be an object, not %2").arg(i + 1).arg(typeName(list.at(i))), pointer);
                    continue;
                }
                const QJsonObject p = list.at(i).toObject();
                PlanParticipant part;
                part.agentId = idOf(p.value(QStringLiteral("agent_id")));
                if (part.agentId.isEmpty()) {
                    report(Severity::Error, QStringLiteral("missing-field"), QStringLiteral("participant %1 has no agent_id").arg(i + 1), pointer);
                    continue;
                }
                part.displayName = text(p, "display_name", pointer);
                part.avatarColor = text(p, "avatar_color", pointer);
                part.roleInPlan = text(p, "role_in_plan", pointer);
                std::tie(part.line, part.column) = m_offsets.lineColumn(pointer);
                plan.participants.append(part);
            }
        } else if (!participants.isUndefined() && !participants.isNull()) {
            report(Severity::Error, QStringLiteral("wrong-type"),
                   QStringLiteral("'participants' should be an array, not %1").arg(typeName(participants)), at);
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
                           QStringLiteral("task %1 should be an object, not %2").arg(i + 1).arg(typeName(list.at(i))), pointer);
                    continue;
                }
                const QJsonObject t = list.at(i).toObject();
                PlanTask task;
                task.id = idOf(t.value(QStringLiteral("id")));
                if (task.id.isEmpty()) {
                    report(Severity::Error, QStringLiteral("missing-field"), QStringLiteral("task %1 has no id").arg(i + 1), pointer);
                    continue;
                }
                task.title = text(t, "title", pointer, true);
                task.description = text(t, "description", pointer);
                const QJsonValue assignee = t.value(QStringLiteral("assignee_id"));
                task.assigneeId = idOf(assignee);
                if (task.assigneeId.isEmpty())
                    report(Severity::Warning, QStringLiteral("missing-field"),
                           QStringLiteral("task '%1' has no assignee_id").arg(task.id), pointer, task.id);
                const QJsonValue pre = t.value(QStringLiteral("prerequisites"));
                if (pre.isArray()) {
                    for (const QJsonValue &p : pre.toArray()) {
                        const QString id = idOf(p);
                        if (id.isEmpty())
                            report(Severity::Warning, QStringLiteral("wrong-type"),
                                   QStringLiteral("task '%1': a prerequisite should be a task id, not %2").arg(task.id, typeName(p)), pointer, task.id);
                        else if (!task.prerequisites.contains(id))
                            task.prerequisites.append(id);
                    }
                } else if (!pre.isUndefined() && !pre.isNull()) {
                    report(Severity::Warning, QStringLiteral("wrong-type"),
                           QStringLiteral("task '%1': 'prerequisites' should be an array, not %2").arg(task.id, typeName(pre)), pointer, task.id);
                }
                const QString status = text(t, "status", pointer);
                if (status == QLatin1String("in_progress"))
                    task.status = PlanTaskStatus::InProgress;
                else if (status == QLatin1String("done"))
                    task.status = PlanTaskStatus::Done;
                else if (!status.isEmpty() && status != QLatin1String("pending"))
                    report(Severity::Warning, QStringLiteral("unknown-status"),
                           QStringLiteral("task '%1': status '%2' is not pending, in_progress or done; shown as pending").arg(task.id, status),
                           pointer, task.id);
                std::tie(task.line, task.column) = m_offsets.lineColumn(pointer);
                // A repeated id's dependencies would land on the first task of that id (the
                // validator reports the duplicate): the second task gets none.
                if (!taskIds.contains(task.id))
                    for (const QString &p : std::as_const(task.prerequisites))
                        addDependency(p, task.id, true);
                taskIds.insert(task.id);
                plan.tasks.append(task);
            }
        } else if (!tasks.isUndefined() && !tasks.isNull()) {
            report(Severity::Error, QStringLiteral("wrong-type"), QStringLiteral("'tasks' should be an array, not %1").arg(typeName(tasks)), at);
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
                               QStringLiteral("topology edge %1 needs 'from' and 'to' task ids").arg(i + 1), pointer);
                        continue;
                    }
                    addDependency(from, to, false);
                }
            } else if (!edges.isUndefined() && !edges.isNull()) {
                report(Severity::Warning, QStringLiteral("wrong-type"),
                       QStringLiteral("'topology.edges' should be an array, not %1").arg(typeName(edges)), at + QStringLiteral("/topology"));
            }
        } else if (!topology.isUndefined() && !topology.isNull()) {
            report(Severity::Warning, QStringLiteral("wrong-type"),
                   QStringLiteral("'topology' should be an object, not %1").arg(typeName(topology)), at);
        }
    }

    void readEnvelope(const QJsonObject &o, const QString &at, Plan &plan)
    {
        plan.planText = text(o, "plan_text", at);
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
            // The object sent as a string: its own positions are lost, the key's are kept.
            QJsonParseError error;
            const QJsonDocument inner = QJsonDocument::fromJson(pj.toString().toUtf8(), &error);
            if (inner.isObject())
                readPlanJson(inner.object(), at + QStringLiteral("/plan_json"), plan);
            else
                report(Severity::Error, QStringLiteral("json-syntax"),
                       QStringLiteral("plan_json is a string that is not a JSON object (%1)").arg(error.errorString()), at);
        } else if (!pj.isUndefined() && !pj.isNull()) {
            report(Severity::Error, QStringLiteral("wrong-type"), QStringLiteral("'plan_json' should be an object, not %1").arg(typeName(pj)), at);
        }
    }

private:
    JsonOffsets m_offsets;
    QString m_source;
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
        Diagnostic d;
        d.code = QStringLiteral("json-syntax");
        d.file = source;
        const bool empty = json.trimmed().isEmpty();
        d.message = empty ? QStringLiteral("the file is empty; expected a plan as JSON") : QStringLiteral("malformed JSON: %1").arg(error.errorString());
        std::tie(d.line, d.column) = JsonOffsets::lineColumnIn(json, empty ? 0 : error.offset);
        r.result.diagnostics.append(d);
        // The text may still be whole: "plan_text": "..." as a JSON string on its own.
        static const QRegularExpression text(QStringLiteral(R"re("plan_text"\s*:\s*("(?:[^"\\]|\\.)*"))re"));
        if (const QRegularExpressionMatch m = text.match(QString::fromUtf8(json)); m.hasMatch())
            r.result.recoveredText = QJsonDocument::fromJson((QLatin1Char('[') + m.captured(1) + QLatin1Char(']')).toUtf8()).array().at(0).toString();
        return r.result;
    }
    if (!doc.isObject()) {
        r.report(Severity::Error, QStringLiteral("not-a-plan"),
                 QStringLiteral("expected a JSON object (a plan_json or a plan.ready event), not %1")
                     .arg(doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a scalar")),
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
                     QStringLiteral("this is a '%1' event, not plan.ready").arg(type.toString()), QString());
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
                 QStringLiteral("expected a plan_json (tasks, participants, topology) or a plan.ready event (plan_text, plan_json)"), at);
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
    return parse(f.readAll(), path);
}

} // namespace capgraph
