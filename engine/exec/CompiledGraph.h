#pragma once

#include "expr/ExprTemplate.h"
#include "expr/Expression.h"
#include "model/Graph.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace capgraph {

class SkillHandler;

// A graph prepared for running: indexes instead of ids, expressions and templates parsed
// once, handlers resolved. Built by Executor::prepare(); read-only while a run goes on.
struct CompiledGraph
{
    struct Condition
    {
        QString name;
        Expression expression;
        int target = -1;
    };
    struct InputTemplate
    {
        QString name;
        ExprTemplate text;     // string values: ${...} templates
        QVariant literal;      // other values: passed as they are
        bool isTemplate = false;
    };
    struct CNode
    {
        QString id;
        NodeKind kind = NodeKind::Unknown;
        QString skillId;
        SkillHandler *handler = nullptr;
        const QVariantMap *pinned = nullptr; // its pinned outputs (RunOptions::pinned), resolved once
        const QVariantMap *settings = nullptr; // its call's given settings (RunOptions::given)
        enum class Mode { Single, Iterative, Parallel } mode = Mode::Single;
        int maxIterations = 0;       // 0 = unbounded
        double timeoutMs = 0;        // 0 = none
        QList<InputTemplate> inputs;
        Expression forEach;
        int concurrency = 4;
        int retryAttempts = 1;
        double retryBackoffMs = 1000;
        double retryMultiplier = 2;
        bool continueOnError = false;
        int pricing = -1;            // skill: index into `prices` when its tokens are priced (set by Executor::prepare)
        QList<Condition> conditions;
        int defaultTarget = -1;
        bool selectOptimal = false;  // branch: `select: optimal` (ExecutorRoute) when no condition holds
        int loopStart = -1;          // loop_end: its loop_start
        QList<int> loopEnds;         // loop_start: the loop_ends naming it
        QList<bool> loopBody;        // loop_start: nodes on a cycle through it (empty otherwise)
        int pairedJoin = -1;         // parallel_split: the join that closes it (nearest post-dominating join)
        QStringList outputs;         // declared output names
        QString prompt;
        ExprTemplate promptTemplate; // ${...} holes filled when the question is asked
        Expression optionsFrom;
        QVariantList options;
        bool multiple = false; // select: the answer is a list of minChoices..maxChoices options
        int minChoices = 1;
        int maxChoices = 0;    // 0: as many as there are options
        QList<int> out;              // edge indexes, file order
        QList<int> in;
    };
    struct CEdge
    {
        int from = -1, to = -1;
        EdgeKind kind = EdgeKind::Sequence;
        Expression condition;        // conditional
        int maxCount = 0;            // iteration: 0 = unbounded
        Expression exitCondition;    // iteration
        bool background = false;     // parallel with sync_required: false
        // Iteration edge into an ordinary node: the loop it closes, i.e. every node reachable
        // from its target that can reach its source (the target is the loop's header).
        QList<bool> body;
    };

    QList<CNode> nodes;
    QList<CEdge> edges;
    QList<QList<int>> headerOf;      // node -> iteration edges (into ordinary nodes) it heads
    QHash<QString, int> index;
    QList<Pricing> prices;           // the distinct prices skill nodes use
    int start = -1;

    // Compiles; every problem that would stop a run is returned as a message naming its
    // node (expressions that do not parse, no start node, unknown types).
    static CompiledGraph compile(const Graph &graph, QStringList *errors);
};

} // namespace capgraph
