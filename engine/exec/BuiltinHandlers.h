#pragma once

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
void registerBuiltinHandlers(HandlerRegistry &registry);

} // namespace capgraph
