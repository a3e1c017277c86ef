#pragma once

#include <QString>

namespace capgraph {

class HandlerRegistry;

// builtin.noop        outputs nothing
// builtin.set         outputs its inputs (builtin.assign is the same)
// builtin.template    outputs {text}: its `template` input, whose ${...} holes the executor filled
// builtin.format      outputs {text}: `format` with {name} replaced by the other inputs
// builtin.delay       waits `ms` (or `seconds`) on the event loop, outputs {slept_ms}
// builtin.log         logs `message`, outputs nothing
// builtin.fail        fails with `message`
// builtin.depth_control  seed 001's depth control (DepthControlHandler)
// builtin.append      outputs {list}: `list` (a list, or nothing) with `item` or the `items`
//                     appended, only the last `keep_last` kept when given; `as` names the output
// builtin.chat_append outputs {messages}: `messages` (a chat history, or nothing) with
//                     {role: user, content: `user`} and {role: assistant, content: `assistant`}
//                     appended (the ones given), the last `keep_last` kept (seed 002's sessions)
// builtin.read_yaml   outputs {data}: the YAML or JSON file at `path`, relative to `baseDir`
//                     (the graph's folder) and inside it; settings such as seed 002's stages
void registerBuiltinHandlers(HandlerRegistry &registry, const QString &baseDir = QString());

} // namespace capgraph
