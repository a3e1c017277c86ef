#pragma once

#include "exec/SkillCall.h"

#include <QJsonObject>

#include <memory>

namespace capgraph {

struct HandlerEnvironment;

// `handler: {type: command, ...}` (docs/capabilities.md): a program run with an argument
// list — never through a shell.
//   program            a name on PATH, or a path (relative ones start at the definition's folder)
//   arguments          a list; {name} holes take inputs, each hole stays inside its argument
//   working_directory  relative to the definition's folder (the default)
//   environment        extra variables; ${NAME} takes them from ours
//   timeout            seconds (60); the program is killed when it passes, or when the run is cancelled
//   output             json (default: stdout is one JSON object, the outputs) or text ({stdout})
// The inputs go to stdin as one JSON object. A non-zero exit fails the call with the exit
// code and the end of stderr.
class CommandHandler : public SkillHandler
{
public:
    CommandHandler(QJsonObject spec, QString definitionDir, std::shared_ptr<HandlerEnvironment> env);
    void start(const SkillCallPtr &call) override;
    // A program may act outside the run: only with `idempotent: true`.
    bool repeatable() const override { return m_spec.value(QStringLiteral("idempotent")).toBool(false); }

private:
    QJsonObject m_spec;
    QString m_dir;
    std::shared_ptr<HandlerEnvironment> m_env;
};

} // namespace capgraph
