#pragma once

#include "exec/RunEvent.h"
#include "telemetry/OtlpSpan.h"

#include <QHash>
#include <QPointer>

namespace capgraph {

class OtlpExporter;

// One run's events as OpenTelemetry spans (docs/observability.md): a root span for the run
// (gen_ai.operation.name invoke_workflow), a child span per node execution with its id, kind,
// status and iteration, child runs of composite capabilities nested under their node's span,
// and for llm calls the OpenTelemetry GenAI and OpenInference attributes. Each span goes to
// the exporter when it ends; the work here is bookkeeping only, on the run's thread.
class OtlpRunTracer : public RunObserver
{
public:
    OtlpRunTracer(OtlpExporter *exporter, QString workflow, QString runId);
    ~OtlpRunTracer() override;

    void onRunEvent(const RunEvent &event) override;
    RunEventTypes wantedEvents() const override;
    bool wantsChildEvents() const override { return true; }

private:
    struct Open
    {
        OtlpSpan span;
        QString kind;          // openinference.span.kind: CHAIN, TOOL, LLM
        qint64 prompt = 0, completion = 0;
        QString model;
        QStringList finishReasons;
    };
    void startRoot(const RunEvent &e);
    void startNode(const RunEvent &e);
    void endNode(const RunEvent &e, const QString &status);
    void usage(const RunEvent &e);
    void endRun(const RunEvent &e);
    void endChildRun(const RunEvent &e); // a child run ended: its spans still open end with it
    static QString nodeOfPrefix(const QString &prefix); // "pair[2]", "pair#2" → "pair"
    void close(Open &open, qint64 endNs);
    qint64 ns(const RunEvent &e);
    static QString key(const QStringList &path, const QString &node, int token);
    void send();

    QPointer<OtlpExporter> m_exporter;
    bool m_content = false;
    QString m_workflow;
    QString m_runId;
    QByteArray m_traceId;
    Open m_root;
    bool m_rootOpen = false;
    bool m_ended = false;
    QHash<QString, Open> m_open;             // node executions going on, by path, node and token
    QHash<QString, QByteArray> m_lastSpan;   // the latest span of a node at a level (its children's parent)
    QHash<QString, qint64> m_base;           // per level: the epoch in ns its elapsed times count from
    QList<OtlpSpan> m_done;                  // ended, not handed over yet
};

} // namespace capgraph
