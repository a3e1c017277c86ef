#pragma once

#include "model/BranchCondition.h"
#include "model/ExtraFields.h"
#include "model/NodeKind.h"
#include "model/SourceLocation.h"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>

namespace capgraph {

// A node of a capability graph. Every field of seed 000 is here; which ones matter depends
// on the kind (the validator says when a needed one is missing). Fields that are unset stay
// unset on save, so a file is written back the way it was meant.
struct Node
{
    QString id;
    QString type;                 // as written: "control.start", "skill", or a bare "start"
    NodeKind kind = NodeKind::Unknown;
    QString label;                // shown on the card instead of the id (the id stays the key), optional

    // skill
    QString skillId;
    QString executionMode;        // single | iterative | parallel (empty = single)
    std::optional<int> maxIterations; // skill (iterative) and loop_start
    std::optional<double> timeout;    // seconds
    QStringList outputs;
    ExtraFields inputs;           // name -> value; strings may hold ${expression} templates
    QString forEach;              // parallel mode: expression giving the list to map over
    std::optional<int> concurrency; // parallel mode: at most this many calls at once
    std::optional<int> retryAttempts;   // retry: {max_attempts, backoff, multiplier}
    std::optional<double> retryBackoff; // seconds before the first retry
    std::optional<double> retryMultiplier;
    QString onError;              // fail (default) | continue

    // branch
    QList<BranchCondition> conditions;
    QString defaultTarget;        // `default`: taken when no condition holds
    // `select: optimal` (seed 000's dynamic composition): when no condition holds, the run takes
    // the way on the cheapest path to an end under its context (depth, budget) instead of the default.
    QString select;

    // loop_end
    QString loopStart;

    // interaction
    QString prompt;
    QString optionsFrom;          // select: a context path holding the options
    QStringList options;          // select: fixed options
    bool multiple = false;        // select: several options may be chosen (the answer is a list)
    std::optional<int> minChoices; // select with multiple: at least this many (`min`, default 1)
    std::optional<int> maxChoices; // select with multiple: at most this many (`max`, default all)

    // editor geometry (`position: {x, y}`), optional
    std::optional<QPointF> position;

    ExtraFields extra;

    SourceLocation location;                     // of the list entry
    QHash<QString, SourceLocation> fieldLocations; // YAML key -> where its value was written

    SourceLocation locationOf(const QString &field) const;
    // What a drawing calls the node: its label, else its id.
    const QString &caption() const { return label.isEmpty() ? id : label; }

    // Model equality: ignores where things were written.
    bool operator==(const Node &other) const;
    bool operator!=(const Node &other) const { return !(*this == other); }
};

} // namespace capgraph
