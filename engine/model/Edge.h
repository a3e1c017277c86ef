#pragma once

#include "model/EdgeKind.h"
#include "model/ExtraFields.h"
#include "model/SourceLocation.h"

#include <QHash>
#include <QString>

#include <optional>

namespace capgraph {

// An edge of a capability graph (seed 000). A missing `type` loads as "sequence".
struct Edge
{
    QString from;
    QString to;
    QString type = QStringLiteral("sequence"); // as written
    EdgeKind kind = EdgeKind::Sequence;

    std::optional<double> weight;   // sequence: execution cost; conditional: probability x cost
    QString condition;              // conditional
    std::optional<int> maxCount;    // iteration
    QString exitCondition;          // iteration
    std::optional<bool> syncRequired; // parallel (default true)

    ExtraFields extra;

    SourceLocation location;
    QHash<QString, SourceLocation> fieldLocations;

    SourceLocation locationOf(const QString &field) const;
    bool isBackground() const { return kind == EdgeKind::Parallel && syncRequired == false; }

    bool operator==(const Edge &other) const;
    bool operator!=(const Edge &other) const { return !(*this == other); }
};

} // namespace capgraph
