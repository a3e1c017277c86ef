#include "exec/RunEvent.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <array>

namespace capgraph {

namespace {
struct TypeName { RunEventType type; const char *name; };
constexpr std::array<TypeName, 24> kNames{{
    {RunEventType::RunStarted, "run.started"},
    {RunEventType::RunFinished, "run.finished"},
    {RunEventType::RunFailed, "run.failed"},
    {RunEventType::RunCancelled, "run.cancelled"},
    {RunEventType::MainPathFinished, "run.main_path_finished"},
    {RunEventType::NodeStarted, "node.started"},
    {RunEventType::NodeFinished, "node.finished"},
    {RunEventType::NodeFailed, "node.failed"},
    {RunEventType::NodeSkipped, "node.skipped"},
    {RunEventType::NodeWaiting, "node.waiting"},
    {RunEventType::NodeRetry, "node.retry"},
    {RunEventType::NodeProgress, "node.progress"},
    {RunEventType::EdgeTraversed, "edge.traversed"},
    {RunEventType::VariableChanged, "variable.changed"},
    {RunEventType::Warning, "warning"},
    {RunEventType::Log, "log"},
    {RunEventType::InteractionRequested, "interaction.requested"},
    {RunEventType::InteractionAnswered, "interaction.answered"},
    {RunEventType::Paused, "run.paused"},
    {RunEventType::Resumed, "run.resumed"},
    {RunEventType::BreakpointHit, "breakpoint.hit"},
    {RunEventType::NodeUsage, "node.usage"},
    {RunEventType::RunForked, "run.forked"},
    {RunEventType::NodeItem, "node.item"},
}};
const char *typeName(RunEventType type)
{
    for (const auto &n : kNames)
        if (n.type == type)
            return n.name;
    return "";
}

// `value` as Qt's compact JSON writes it, inside an array: its text is what follows "[".
QByteArray qtCompact(const QJsonValue &value)
{
    QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return text.mid(1, text.size() - 2);
}

// A JSON string as Qt writes it: printable ASCII but the quote and the backslash as it is
// (what node ids, edge ends and event names are), anything else as Qt escapes it.
void appendString(QByteArray &out, QStringView s)
{
    for (const QChar c : s)
        if (c.unicode() < 0x20 || c.unicode() > 0x7e || c == u'"' || c == u'\\') {
            out += qtCompact(QJsonValue(s.toString()));
            return;
        }
    out += '"';
    out += s.toLatin1();
    out += '"';
}

void appendKey(QByteArray &out, const char *key)
{
    if (out.size() > 1)
        out += ',';
    out += '"';
    out += key;
    out += "\":";
}
} // namespace

QString runEventTypeName(RunEventType type)
{
    return QString::fromLatin1(typeName(type));
}

bool runEventTypeFromName(const QString &name, RunEventType *type)
{
    for (const auto &n : kNames)
        if (name == QLatin1String(n.name)) {
            *type = n.type;
            return true;
        }
    return false;
}

QJsonObject RunEvent::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("event"), runEventTypeName(type));
    o.insert(QStringLiteral("time"), time);
    o.insert(QStringLiteral("elapsed_us"), elapsedUs);
    o.insert(QStringLiteral("step"), step);
    if (token >= 0)
        o.insert(QStringLiteral("token"), token);
    if (iteration > 0)
        o.insert(QStringLiteral("iteration"), iteration);
    if (!path.isEmpty())
        o.insert(QStringLiteral("path"), QJsonArray::fromStringList(path));
    if (!nodeId.isEmpty())
        o.insert(QStringLiteral("node"), nodeId);
    if (!from.isEmpty())
        o.insert(QStringLiteral("from"), from);
    if (!to.isEmpty())
        o.insert(QStringLiteral("to"), to);
    if (!message.isEmpty())
        o.insert(QStringLiteral("message"), message);
    if (data.isValid())
        o.insert(QStringLiteral("data"), QJsonValue::fromVariant(data));
    return o;
}

QByteArray RunEvent::toCompactJson() const
{
    // The keys in the order QJsonObject keeps them (sorted), each value written as Qt writes
    // it: the bytes are those of QJsonDocument(toJson()).toJson(Compact) (tst_executor
    // compares them), without a QJsonObject, which costs more than the rest of a node's run.
    QByteArray out;
    out.reserve(160);
    out += '{';
    if (data.isValid()) {
        if (const QJsonValue value = QJsonValue::fromVariant(data); !value.isUndefined()) { // (Undefined: no key)
            appendKey(out, "data");
            out += qtCompact(value);
        }
    }
    appendKey(out, "elapsed_us");
    out += QByteArray::number(elapsedUs);
    appendKey(out, "event");
    out += '"';
    out += typeName(type); // (plain ASCII names)
    out += '"';
    if (!from.isEmpty()) {
        appendKey(out, "from");
        appendString(out, from);
    }
    if (iteration > 0) {
        appendKey(out, "iteration");
        out += QByteArray::number(iteration);
    }
    if (!message.isEmpty()) {
        appendKey(out, "message");
        appendString(out, message);
    }
    if (!nodeId.isEmpty()) {
        appendKey(out, "node");
        appendString(out, nodeId);
    }
    if (!path.isEmpty()) {
        appendKey(out, "path");
        out += '[';
        for (qsizetype i = 0; i < path.size(); ++i) {
            if (i)
                out += ',';
            appendString(out, path.at(i));
        }
        out += ']';
    }
    appendKey(out, "step");
    out += QByteArray::number(step);
    appendKey(out, "time");
    out += QByteArray::number(time);
    if (!to.isEmpty()) {
        appendKey(out, "to");
        appendString(out, to);
    }
    if (token >= 0) {
        appendKey(out, "token");
        out += QByteArray::number(token);
    }
    out += '}';
    return out;
}

bool RunEvent::fromJson(const QJsonObject &o, RunEvent *e)
{
    if (!runEventTypeFromName(o.value(QStringLiteral("event")).toString(), &e->type))
        return false;
    e->time = qint64(o.value(QStringLiteral("time")).toDouble());
    e->elapsedUs = qint64(o.value(QStringLiteral("elapsed_us")).toDouble());
    e->step = qint64(o.value(QStringLiteral("step")).toDouble());
    e->token = o.value(QStringLiteral("token")).toInt(-1);
    e->iteration = o.value(QStringLiteral("iteration")).toInt(0);
    e->nodeId = o.value(QStringLiteral("node")).toString();
    e->path.clear();
    for (const QJsonValue &v : o.value(QStringLiteral("path")).toArray())
        e->path.append(v.toString());
    e->from = o.value(QStringLiteral("from")).toString();
    e->to = o.value(QStringLiteral("to")).toString();
    e->message = o.value(QStringLiteral("message")).toString();
    if (o.contains(QStringLiteral("data")))
        e->data = o.value(QStringLiteral("data")).toVariant();
    return true;
}

} // namespace capgraph
