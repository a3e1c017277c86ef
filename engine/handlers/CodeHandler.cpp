#include "handlers/CodeHandler.h"

#include "handlers/CommandHandler.h"
#include "handlers/HandlerEnvironment.h"
#include "handlers/TrustGate.h"

#include <QJsonArray>

namespace capgraph {

namespace {
// Runners: read {code, args} from stdin, run main(**args), print its dict as JSON.
const char *const kPython = R"(import json, sys
request = json.load(sys.stdin)
scope = dict(__name__='dify_code')
exec(compile(request['code'], '<code node>', 'exec'), scope)
if 'main' not in scope:
    sys.exit('the code defines no main() function')
result = scope['main'](**request['args'])
if not isinstance(result, dict):
    sys.exit('main() should return a dict, not ' + type(result).__name__)
sys.stdout.write(json.dumps(result, ensure_ascii=False))
)";
const char *const kNode = R"(const request = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const main = new Function(request.code + '\n;return typeof main === "function" ? main : undefined;')();
if (!main) { process.stderr.write('the code defines no main() function'); process.exit(1); }
Promise.resolve(main(request.args)).then((result) => {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) {
    process.stderr.write('main() should return an object'); process.exit(1);
  }
  process.stdout.write(JSON.stringify(result));
}, (e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
)";

// The command handler reads {name} as an input: braces in the runner are doubled.
QString escaped(const char *text)
{
    QString s = QString::fromUtf8(text);
    s.replace(QLatin1Char('{'), QStringLiteral("{{")).replace(QLatin1Char('}'), QStringLiteral("}}"));
    return s;
}
} // namespace

CodeHandler::CodeHandler(std::shared_ptr<HandlerEnvironment> env) : m_env(std::move(env)) {}

bool CodeHandler::commandFor(const QString &language, QString *program, QStringList *arguments)
{
    if (language == QLatin1String("python3") || language == QLatin1String("python")) {
        *program = QStringLiteral("python3");
        *arguments = {QStringLiteral("-c"), escaped(kPython)};
        return true;
    }
    if (language == QLatin1String("javascript") || language == QLatin1String("nodejs")) {
        *program = QStringLiteral("node");
        *arguments = {QStringLiteral("-e"), escaped(kNode)};
        return true;
    }
    return false;
}

void CodeHandler::start(const SkillCallPtr &call)
{
    const QString language = call->inputs.value(QStringLiteral("language")).toString();
    QString program;
    QStringList arguments;
    if (!commandFor(language, &program, &arguments)) {
        call->fail(QStringLiteral("builtin.code runs python3 or javascript code, not '%1'").arg(language));
        return;
    }
    m_env->trust->runWhenAllowed(QStringLiteral("%1 code (builtin.code, node '%2')").arg(program, call->nodeId), call, shared_from_this(), &CodeHandler::run);
}

void CodeHandler::run(const SkillCallPtr &call)
{
    QString program;
    QStringList arguments;
    commandFor(call->inputs.value(QStringLiteral("language")).toString(), &program, &arguments);
    QJsonObject spec{{QStringLiteral("program"), program}, {QStringLiteral("arguments"), QJsonArray::fromStringList(arguments)}, {QStringLiteral("output"), QStringLiteral("json")},
                     {QStringLiteral("shown_as"), QStringLiteral("%1: main() of node '%2'").arg(program, call->nodeId)}};
    auto command = std::make_shared<CommandHandler>(spec, m_env->baseDir, m_env);
    QVariantMap args = call->inputs;
    args.remove(QStringLiteral("language"));
    args.remove(QStringLiteral("code"));
    // The command handler lives as long as its call: the call's hook holds it.
    const SkillCallPtr inner = SkillCall::forwarding(call, [command](const SkillCallPtr &c, const QVariantMap &outputs, bool done) {
        Q_UNUSED(command);
        c->finish(outputs, done);
    });
    inner->inputs = {{QStringLiteral("code"), call->inputs.value(QStringLiteral("code"))}, {QStringLiteral("args"), args}};
    command->start(inner);
}

} // namespace capgraph
