#include "ui/UiText.h"

namespace capgraph::editor {

QString UiText::severity(Severity severity)
{
    switch (severity) {
    case Severity::Error: return tr("error");
    case Severity::Warning: return tr("warning");
    case Severity::Info: return tr("info");
    }
    return tr("error");
}

QString UiText::jsonType(const QString &type)
{
    if (type == QLatin1String("string"))
        return tr("text");
    if (type == QLatin1String("number"))
        return tr("number");
    if (type == QLatin1String("integer"))
        return tr("whole number");
    if (type == QLatin1String("boolean"))
        return tr("true or false");
    if (type == QLatin1String("array"))
        return tr("list");
    if (type == QLatin1String("object"))
        return tr("object");
    return type;
}

QString UiText::complexityLevel(ComplexityLevel level)
{
    switch (level) {
    case ComplexityLevel::Trivial: return tr("trivial", "complexity level, score 0-20");
    case ComplexityLevel::Simple: return tr("simple", "complexity level, score 21-40");
    case ComplexityLevel::Moderate: return tr("moderate", "complexity level, score 41-60");
    case ComplexityLevel::Complex: return tr("complex", "complexity level, score 61-80");
    case ComplexityLevel::VeryComplex: return tr("very complex", "complexity level, score 81-100");
    }
    return complexityLevelName(level);
}

QString UiText::runEvent(RunEventType type)
{
    switch (type) {
    case RunEventType::RunStarted: return tr("run started");
    case RunEventType::RunFinished: return tr("run finished");
    case RunEventType::RunFailed: return tr("run failed");
    case RunEventType::RunCancelled: return tr("run stopped");
    case RunEventType::MainPathFinished: return tr("main path finished");
    case RunEventType::NodeStarted: return tr("started");
    case RunEventType::NodeFinished: return tr("finished");
    case RunEventType::NodeFailed: return tr("failed");
    case RunEventType::NodeSkipped: return tr("skipped");
    case RunEventType::NodeWaiting: return tr("waiting");
    case RunEventType::NodeRetry: return tr("retry");
    case RunEventType::NodeProgress: return tr("progress");
    case RunEventType::EdgeTraversed: return tr("edge taken");
    case RunEventType::VariableChanged: return tr("variable changed");
    case RunEventType::Warning: return tr("warning");
    case RunEventType::Log: return tr("log");
    case RunEventType::InteractionRequested: return tr("question asked");
    case RunEventType::InteractionAnswered: return tr("answered");
    case RunEventType::Paused: return tr("paused");
    case RunEventType::Resumed: return tr("resumed");
    case RunEventType::BreakpointHit: return tr("breakpoint");
    case RunEventType::NodeUsage: return tr("tokens used");
    case RunEventType::NodeItem: return tr("item done");
    case RunEventType::RunForked: return tr("forked");
    }
    return runEventTypeName(type);
}

} // namespace capgraph::editor
