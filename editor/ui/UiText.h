#pragma once

#include "diagnostics/Diagnostic.h"
#include "exec/RunEvent.h"
#include "metrics/GraphMetrics.h"

#include <QCoreApplication>
#include <QString>

namespace capgraph::editor {

// The engine's names for what it reports (`error`, `node.finished`), as the studio shows them:
// in words, translated. The engine and the command line keep their English names.
class UiText
{
    Q_DECLARE_TR_FUNCTIONS(capgraph::editor::UiText)

public:
    static QString severity(Severity severity);
    // "node finished", "waiting for an answer", …
    static QString runEvent(RunEventType type);
    // Seed 000's complexity levels in the user's language; the seed's own (English) name is
    // complexityLevelName().
    static QString complexityLevel(ComplexityLevel level);
    // A JSON Schema type in words: "text", "number", "whole number", "true or false", "list",
    // "object" (anything else as written).
    static QString jsonType(const QString &type);
};

} // namespace capgraph::editor
