#pragma once

#include "diagnostics/TranslatableText.h"
#include "model/Pricing.h"

#include <QJsonObject>
#include <QString>
#include <QVariantMap>

#include <functional>
#include <memory>
#include <optional>

namespace capgraph {

class Executor;

// One invocation of a skill handler. The executor creates it; the handler ends it with
// finish() or fail(), at once (synchronous handlers) or later from the event loop
// (asynchronous ones). After cancel(), whatever the handler reports is ignored; a handler
// that holds resources registers an onCancel callback to release them.
class SkillCall
{
public:
    QString nodeId;
    QString skillId;
    QVariantMap inputs;
    int attempt = 1;   // 1-based; > 1 when retrying
    int round = 1;     // iterative mode: which call of the node this is
    int item = -1;     // parallel mode: index of the list item, else -1
    // Handler settings for this call only, as SkillHandler::settingsFor gives them and a
    // person edited them before running a node alone (RunOptions::given): the llm handler's
    // rendered `messages` and its model settings. Empty in a run: the handler's own apply.
    QVariantMap settings;
    // The state of the child run this call had when a checkpoint was taken (a composite
    // capability waiting for an answer inside its graph): the sub-graph handler restores it
    // instead of starting afresh. Empty otherwise.
    std::optional<QJsonObject> childState;

    // `done` = false asks an iterative node to call again (up to max_iterations).
    void finish(const QVariantMap &outputs, bool done = true);
    void fail(const QString &error);
    void log(const QString &message); // a line in the handler's own words, shown as it is
    void log(const TranslatableText &message); // the engine's words, shown translated where a translator is installed
    // A line about the call's child run (a composite capability's node finished, failed, logged):
    // observers that take the child's own events (the trace, the studio) get those instead.
    void logChild(const TranslatableText &message);
    void progress(double fraction, const QString &message = QString());
    // Tokens an LLM call consumed (seed 002 counts them per agent): summed per node and per run.
    // Tokens an LLM call consumed; `model` and `finishReasons` as the answer gave them (empty:
    // not known, as for a mock or a composite capability's sum).
    void usage(qint64 promptTokens, qint64 completionTokens, const QString &model = QString(), const QStringList &finishReasons = {});
    // A composite capability's handler hands over the child run it started: the calling run
    // then shows its events one level down, asks its questions, pauses and checkpoints it.
    // False when nothing takes it (a call outside a run): the handler goes on alone.
    bool adoptChild(Executor *child);

    bool isFinished() const { return m_finished; }
    bool isCancelled() const { return m_cancelled; }
    void onCancel(std::function<void()> callback) { m_cancelCallback = std::move(callback); }

    // Executor side.
    struct Hooks
    {
        std::function<void(const QVariantMap &outputs, bool done)> finished;
        std::function<void(const QString &error)> failed;
        std::function<void(const TranslatableText &message, bool aboutChild)> log;
        std::function<void(double fraction, const QString &message)> progress;
        std::function<void(qint64 promptTokens, qint64 completionTokens, const QString &model, const QStringList &finishReasons)> usage;
    };
    // Who takes the child runs of this call's handler (the run's skill calls), and as which
    // call (a handler that wraps another's call, ValidatingHandler, hands its own call's).
    // Plain pointers, not a hook: set on every call, they cost nothing on the way.
    class ChildAdopter
    {
    public:
        virtual bool adopt(const SkillCall *call, Executor *child) = 0;

    protected:
        ~ChildAdopter() = default;
    };
    void setAdopter(ChildAdopter *adopter, const SkillCall *as)
    {
        m_adopter = adopter;
        m_adoptAs = as;
    }
    ChildAdopter *adopter() const { return m_adopter; }
    const SkillCall *adoptedAs() const { return m_adoptAs ? m_adoptAs : this; }
    void setHooks(Hooks hooks) { m_hooks = std::move(hooks); }
    void cancel();

    // A call made on behalf of `outer` by a handler that wraps another (ValidatingHandler,
    // builtin.llm, builtin.code): the same node, inputs, attempt, settings and child state;
    // its logs, progress, usage, failure and child runs go to `outer`, and cancelling `outer`
    // cancels it. `finished` sees its outputs first (it ends `outer` itself); without it they
    // end `outer` as they are.
    using Finished = std::function<void(const std::shared_ptr<SkillCall> &outer, const QVariantMap &outputs, bool done)>;
    static std::shared_ptr<SkillCall> forwarding(const std::shared_ptr<SkillCall> &outer, Finished finished = {});

private:
    Hooks m_hooks;
    ChildAdopter *m_adopter = nullptr;
    const SkillCall *m_adoptAs = nullptr;
    std::function<void()> m_cancelCallback;
    bool m_finished = false;
    bool m_cancelled = false;
};

using SkillCallPtr = std::shared_ptr<SkillCall>;

// What a skill_id resolves to. start() must not block on I/O: work that waits belongs on
// the event loop (timers, network replies, processes) and ends the call when done.
class SkillHandler
{
public:
    virtual ~SkillHandler() = default;
    virtual void start(const SkillCallPtr &call) = 0;
    // The inputs a call given `inputs` works with (what a trace records as the node's input):
    // a handler that completes them (a capability's schema defaults) says so here.
    virtual QVariantMap resolvedInputs(const QVariantMap &inputs) const { return inputs; }
    // What the handler would do with `inputs` beyond the inputs themselves, to be shown and
    // edited before a node runs alone, and given back in SkillCall::settings: the llm
    // handler's rendered messages and model settings. Empty: nothing to edit (the default),
    // or `inputs` that cannot be rendered (*error says why).
    virtual QVariantMap settingsFor(const QVariantMap &inputs, QString *error = nullptr) const
    {
        Q_UNUSED(inputs);
        Q_UNUSED(error);
        return {};
    }
    // The price of the tokens its calls report, when the handler knows one (a capability's
    // `pricing:`); asked once per node when a run is prepared.
    virtual const Pricing *pricing() const { return nullptr; }
    // Whether a call cut short — the process stopped while it was under way, so that nobody
    // knows whether it acted — may be made again when the run goes on from its checkpoint
    // (docs/execution.md, "Checkpoints"). Yes by default (reads, computations, mocks); an api
    // handler's POST or PATCH without `idempotent: true` and a command without it say no.
    virtual bool repeatable() const { return true; }
};

} // namespace capgraph
