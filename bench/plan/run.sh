#!/usr/bin/env bash
# The plan viewer benchmark (bench/README.md#plan-viewer): builds plan_bench and runs it on a
# real X server (Xvfb) when there is no display. Writes bench/plan/results.json.
#   bash bench/plan/run.sh [--tasks N] [--participants N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build="${CAPGRAPH_BUILD_DIR:-$root/build}"
[ -f "$build/build.ninja" ] || [ -f "$build/Makefile" ] || { echo "not configured: $build (run: bash .ci/setup.sh run)" >&2; exit 2; }
cmake --build "$build" --target plan_bench -j "${CAPGRAPH_JOBS:-2}" >/dev/null
bin="$build/bench/plan/plan_bench"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores" >&2
filter() { grep -v -e 'propagateSizeHints' -e 'XDG_RUNTIME_DIR' >&2 || true; }
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  "$bin" --json "$here/results.json" "$@" 2> >(filter)
elif command -v xvfb-run >/dev/null; then
  xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb "$bin" --json "$here/results.json" "$@" 2> >(filter)
else
  QT_QPA_PLATFORM=offscreen "$bin" --json "$here/results.json" "$@" 2> >(filter)
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
