#pragma once

#include "exec/SkillCall.h"

#include <memory>

namespace capgraph {

struct HandlerEnvironment;

// builtin.code: a Dify code node's program. Its `code` (python3, or javascript run by node)
// defines main(); the other inputs are main's arguments and the dict it returns the outputs.
// The program runs as a child process through the command handler (python3 -c / node -e with
// a small runner that reads {code, args} as JSON on stdin), in the graph's folder, after the
// trust gate allowed it: the code comes with the file, so a graph from a folder the user has
// not trusted asks first.
class CodeHandler : public SkillHandler, public std::enable_shared_from_this<CodeHandler>
{
public:
    explicit CodeHandler(std::shared_ptr<HandlerEnvironment> env);
    void start(const SkillCallPtr &call) override;
    bool repeatable() const override { return false; } // code may act outside the run

    // The program and arguments that run `language`'s code; false for a language it cannot run.
    static bool commandFor(const QString &language, QString *program, QStringList *arguments);

private:
    void run(const SkillCallPtr &call);
    std::shared_ptr<HandlerEnvironment> m_env;
};

} // namespace capgraph
