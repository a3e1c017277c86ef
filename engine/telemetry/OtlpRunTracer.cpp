#include "telemetry/OtlpRunTracer.h"

#include "telemetry/OtlpExporter.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonValue>
#include <QRandomGenerator>

#include <algorithm>

namespace capgraph {

namespace {
QByteArray randomId(int bytes) // 8 or 16
{
    quint32 words[4] = {};
    do {
        QRandomGenerator::global()->generate(words, words + bytes / 4);
    } while (std::all_of(words, words + bytes / 4, [](quint32 w) { return w == 0; })); // an id of zeros is invalid
    return QByteArray(reinterpret_cast<const char *>(words), bytes);
}

QString json(const QVariant &v)
{
    return QString::fromUtf8(QJsonDocument::fromVariant(v).isNull()
                                 ? QJsonDocument(QJsonObject{{QStringLiteral("value"), QJsonValue::fromVariant(v)}}).toJson(QJsonDocument::Compact)
                                 : QJsonDocument::fromVariant(v).toJson(QJsonDocument::Compact));
}
} // namespace

OtlpRunTracer::OtlpRunTracer(OtlpExporter *exporter, QString workflow, QString runId)
    : m_exporter(exporter)
    , m_content(exporter->content())
    , m_workflow(std::move(workflow))
    , m_runId(std::move(runId))
    , m_traceId(randomId(16))
{
}

OtlpRunTracer::~OtlpRunTracer()
{
    // A run given up before it ended (a server stopping): what it has is sent, unfinished
    // spans ended now.
    if (m_rootOpen) {
        const qint64 now = QDateTime::currentMSecsSinceEpoch() * 1'000'000;
        for (Open &o : m_open) {
            o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.node.status"), QStringLiteral("interrupted")));
            close(o, now);
        }
        m_open.clear();
        m_root.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.run.status"), QStringLiteral("interrupted")));
        close(m_root, now);
        m_rootOpen = false;
    }
    send();
}

RunEventTypes OtlpRunTracer::wantedEvents() const
{
    // Only what spans are made of: the executor builds no other event for this observer.
    return runEventBit(RunEventType::RunStarted) | runEventBit(RunEventType::RunFinished) | runEventBit(RunEventType::RunFailed)
         | runEventBit(RunEventType::RunCancelled) | runEventBit(RunEventType::NodeStarted) | runEventBit(RunEventType::NodeFinished)
         | runEventBit(RunEventType::NodeFailed) | runEventBit(RunEventType::NodeUsage) | runEventBit(RunEventType::NodeRetry);
}

QString OtlpRunTracer::nodeOfPrefix(const QString &prefix)
{
    qsizetype end = prefix.size();
    if (const qsizetype hash = prefix.lastIndexOf(QLatin1Char('#')); hash > 0)
        end = hash;
    if (const qsizetype bracket = prefix.indexOf(QLatin1Char('[')); bracket > 0 && bracket < end)
        end = bracket;
    return prefix.left(end);
}

QString OtlpRunTracer::key(const QStringList &path, const QString &node, int token)
{
    return path.join(QLatin1Char('/')) + QLatin1Char('\n') + node + QLatin1Char('\n') + QString::number(token);
}

qint64 OtlpRunTracer::ns(const RunEvent &e)
{
    // Each level (the run, each child run) counts elapsed time from its own start: its epoch
    // is taken from its first event, for microseconds where the wall clock gives milliseconds.
    const QString level = e.path.join(QLatin1Char('/'));
    auto it = m_base.find(level);
    if (it == m_base.end())
        it = m_base.insert(level, e.time * 1'000'000 - e.elapsedUs * 1000);
    return *it + e.elapsedUs * 1000;
}

void OtlpRunTracer::onRunEvent(const RunEvent &e)
{
    // A run resumed from a checkpoint has no run.started: its root begins with what it does.
    if (!m_rootOpen && !m_ended && e.path.isEmpty() && e.type != RunEventType::RunStarted && e.type != RunEventType::RunFinished
        && e.type != RunEventType::RunFailed && e.type != RunEventType::RunCancelled)
        startRoot(e);
    switch (e.type) {
    case RunEventType::RunStarted:
        if (e.path.isEmpty()) {
            startRoot(e);
        } else { // a child run (again): its elapsed times count from its own start
            m_base.remove(e.path.join(QLatin1Char('/')));
            ns(e);
        }
        break;
    case RunEventType::NodeStarted:
        startNode(e);
        break;
    case RunEventType::NodeFinished:
        endNode(e, QStringLiteral("finished"));
        break;
    case RunEventType::NodeFailed:
        endNode(e, QStringLiteral("failed"));
        break;
    case RunEventType::NodeUsage:
        usage(e);
        break;
    case RunEventType::NodeRetry: {
        auto it = m_open.find(key(e.path, e.nodeId, e.token));
        if (it != m_open.end())
            it->span.events.append(QJsonObject{{QStringLiteral("timeUnixNano"), QString::number(ns(e))},
                                               {QStringLiteral("name"), QStringLiteral("retry")},
                                               {QStringLiteral("attributes"), QJsonArray{OtlpSpan::attribute(QStringLiteral("message"), e.message)}}});
        break;
    }
    case RunEventType::RunFinished:
    case RunEventType::RunFailed:
    case RunEventType::RunCancelled:
        if (e.path.isEmpty())
            endRun(e);
        else
            endChildRun(e);
        break;
    default:
        break;
    }
}

void OtlpRunTracer::startRoot(const RunEvent &e)
{
    if (m_rootOpen)
        return; // (a resumed run's second start)
    m_root = Open();
    m_root.kind = QStringLiteral("CHAIN");
    m_root.span.traceId = m_traceId;
    m_root.span.spanId = randomId(8);
    m_root.span.name = QStringLiteral("invoke_workflow %1").arg(m_workflow);
    m_root.span.startNs = ns(e);
    m_root.span.attributes = {OtlpSpan::attribute(QStringLiteral("gen_ai.operation.name"), QStringLiteral("invoke_workflow")),
                              OtlpSpan::attribute(QStringLiteral("gen_ai.workflow.name"), m_workflow),
                              OtlpSpan::attribute(QStringLiteral("openinference.span.kind"), QStringLiteral("CHAIN")),
                              OtlpSpan::attribute(QStringLiteral("graph.node.id"), m_workflow)};
    if (!m_runId.isEmpty())
        m_root.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.run.id"), m_runId));
    if (m_content && e.data.isValid())
        m_root.span.attributes.append(OtlpSpan::attribute(QStringLiteral("input.value"), json(e.data)));
    m_rootOpen = true;
}

void OtlpRunTracer::startNode(const RunEvent &e)
{
    if (!m_rootOpen)
        return;
    Open o;
    o.span.traceId = m_traceId;
    o.span.spanId = randomId(8);
    // A child run's node hangs under the composite node running it, in the level above.
    QString parentNode = m_workflow;
    o.span.parentSpanId = m_root.span.spanId;
    qint64 notBefore = 0; // the span it hangs under began then
    if (!e.path.isEmpty()) {
        // The level's address ends with the calling node's id, with an item ("pair[2]") or
        // a second caller ("pair#2") after it.
        parentNode = nodeOfPrefix(e.path.last());
        const QString above = e.path.mid(0, e.path.size() - 1).join(QLatin1Char('/')) + QLatin1Char('\n') + parentNode;
        o.span.parentSpanId = m_lastSpan.value(above, m_root.span.spanId);
        auto parent = m_open.end();
        for (auto it = m_open.begin(); it != m_open.end(); ++it)
            if (it->span.spanId == o.span.parentSpanId)
                parent = it;
        if (parent != m_open.end() && parent->kind == QLatin1String("TOOL"))
            parent->kind = QStringLiteral("CHAIN"); // a composite capability: a chain of its own nodes
        if (parent != m_open.end())
            notBefore = parent->span.startNs;
    }
    o.span.name = e.nodeId;
    // A child run's clock starts from the wall clock's milliseconds, its caller's from its own:
    // a child's node does not seem to begin before the node that runs it.
    o.span.startNs = std::max(ns(e), notBefore);
    const bool skill = e.nodeKind == NodeKind::Skill;
    o.kind = skill ? QStringLiteral("TOOL") : QStringLiteral("CHAIN");
    o.span.attributes = {OtlpSpan::attribute(QStringLiteral("graph.node.id"), e.nodeId),
                         OtlpSpan::attribute(QStringLiteral("graph.node.parent_id"), parentNode),
                         OtlpSpan::attribute(QStringLiteral("capgraph.node.kind"), canonicalTypeName(e.nodeKind)),
                         OtlpSpan::attribute(QStringLiteral("capgraph.iteration"), qint64(e.iteration)),
                         OtlpSpan::attribute(QStringLiteral("capgraph.token"), qint64(e.token))};
    if (!e.skillId.isEmpty())
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.skill_id"), e.skillId));
    if (!e.path.isEmpty())
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.path"), e.path.join(QLatin1Char('/'))));
    if (m_content) {
        const QVariant input = e.data.toMap().value(QStringLiteral("input"));
        if (input.isValid()) {
            o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("input.value"), json(input)));
            o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("input.mime_type"), QStringLiteral("application/json")));
        }
    }
    const QString k = key(e.path, e.nodeId, e.token);
    m_lastSpan.insert(e.path.join(QLatin1Char('/')) + QLatin1Char('\n') + e.nodeId, o.span.spanId);
    auto old = m_open.find(k);
    if (old != m_open.end()) // (started again without an end: the earlier one ends here)
        close(*old, o.span.startNs);
    m_open.insert(k, o);
}

void OtlpRunTracer::usage(const RunEvent &e)
{
    auto it = m_open.find(key(e.path, e.nodeId, e.token));
    if (it == m_open.end())
        return;
    const QVariantMap u = e.data.toMap();
    it->prompt += u.value(QStringLiteral("prompt_tokens")).toLongLong();
    it->completion += u.value(QStringLiteral("completion_tokens")).toLongLong();
    if (const QString model = u.value(QStringLiteral("model")).toString(); !model.isEmpty()) {
        it->model = model;
        it->kind = QStringLiteral("LLM");
    }
    it->finishReasons += u.value(QStringLiteral("finish_reasons")).toStringList();
}

void OtlpRunTracer::endNode(const RunEvent &e, const QString &status)
{
    auto it = m_open.find(key(e.path, e.nodeId, e.token));
    if (it == m_open.end()) {
        if (!m_rootOpen)
            return;
        // It began before this tracer saw it (a run resumed while this node waited): its span
        // starts with the run's.
        RunEvent begun = e;
        begun.type = RunEventType::NodeStarted;
        begun.data = QVariant();
        startNode(begun);
        it = m_open.find(key(e.path, e.nodeId, e.token));
        if (it == m_open.end())
            return;
        it->span.startNs = m_root.span.startNs;
    }
    Open o = *it;
    m_open.erase(it);
    if (e.nodeKind == NodeKind::Merge || e.nodeKind == NodeKind::ParallelJoin) {
        // The tokens that reached a join before the one that goes on end here with it.
        const QString level = e.path.join(QLatin1Char('/')) + QLatin1Char('\n') + e.nodeId + QLatin1Char('\n');
        for (auto other = m_open.begin(); other != m_open.end();) {
            if (other.key().startsWith(level)) {
                other->span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.node.status"), QStringLiteral("joined")));
                other->span.statusCode = 1;
                close(*other, ns(e));
                other = m_open.erase(other);
            } else {
                ++other;
            }
        }
    }
    o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.node.status"), status));
    if (status == QLatin1String("failed")) {
        o.span.statusCode = 2;
        o.span.statusMessage = e.message;
    } else {
        o.span.statusCode = 1;
        if (m_content && e.data.isValid()) {
            o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("output.value"), json(e.data)));
            o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("output.mime_type"), QStringLiteral("application/json")));
        }
    }
    close(o, ns(e));
    send(); // handed over as it ends: a run that waits for days has sent what it did
}

void OtlpRunTracer::endChildRun(const RunEvent &e)
{
    // What the child run still had going (it failed, was cancelled, or timed out) ends with it.
    const QString level = e.path.join(QLatin1Char('/'));
    const qint64 end = ns(e);
    for (auto it = m_open.begin(); it != m_open.end();) {
        const QString itsLevel = it.key().section(QLatin1Char('\n'), 0, 0);
        if (itsLevel == level || itsLevel.startsWith(level + QLatin1Char('/'))) {
            it->span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.node.status"), QStringLiteral("cancelled")));
            close(*it, end);
            it = m_open.erase(it);
        } else {
            ++it;
        }
    }
    send();
}

void OtlpRunTracer::close(Open &o, qint64 endNs)
{
    o.span.endNs = std::max(endNs, o.span.startNs); // (a start moved to its caller's)
    if (o.kind == QLatin1String("LLM")) {
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("gen_ai.operation.name"), QStringLiteral("chat")));
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("gen_ai.request.model"), o.model));
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("llm.model_name"), o.model));
        if (!o.finishReasons.isEmpty())
            o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("gen_ai.response.finish_reasons"), o.finishReasons));
    } else if (o.kind == QLatin1String("TOOL")) {
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("gen_ai.operation.name"), QStringLiteral("execute_tool")));
    }
    if (o.kind == QLatin1String("LLM") && (o.prompt > 0 || o.completion > 0)) { // (a composite node's sum would count twice)
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("gen_ai.usage.input_tokens"), o.prompt));
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("gen_ai.usage.output_tokens"), o.completion));
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("llm.token_count.prompt"), o.prompt));
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("llm.token_count.completion"), o.completion));
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("llm.token_count.total"), o.prompt + o.completion));
    }
    if (&o != &m_root)
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("openinference.span.kind"), o.kind));
    m_done.append(o.span);
}

void OtlpRunTracer::endRun(const RunEvent &e)
{
    if (!m_rootOpen)
        return;
    const qint64 end = ns(e);
    for (Open &o : m_open) { // (background branches cancelled at the end)
        o.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.node.status"), QStringLiteral("cancelled")));
        close(o, end);
    }
    m_open.clear();
    const QString status = e.type == RunEventType::RunFinished ? QStringLiteral("finished")
                         : e.type == RunEventType::RunFailed   ? QStringLiteral("failed")
                                                               : QStringLiteral("cancelled");
    m_root.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.run.status"), status));
    m_root.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.steps"), e.step));
    const QVariantMap data = e.data.toMap();
    if (const qint64 tokens = data.value(QStringLiteral("total_tokens")).toLongLong(); tokens > 0) // (not llm.*: back ends add those up)
        m_root.span.attributes.append(OtlpSpan::attribute(QStringLiteral("capgraph.total_tokens"), tokens));
    if (e.type == RunEventType::RunFailed) {
        m_root.span.statusCode = 2;
        m_root.span.statusMessage = e.message;
    } else {
        m_root.span.statusCode = e.type == RunEventType::RunFinished ? 1 : 0;
    }
    close(m_root, end);
    m_rootOpen = false;
    m_ended = true;
    send();
}

void OtlpRunTracer::send()
{
    if (!m_done.isEmpty() && m_exporter)
        m_exporter->enqueue(m_done);
    m_done.clear();
}

} // namespace capgraph
