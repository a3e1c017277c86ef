#!/usr/bin/env bash
# The studio benchmark (bench/README.md#studio-5000-nodes-in-the-real-window): builds
# studio_bench in the build folder and runs it on a real X server (Xvfb, 1600x1000) when
# there is no display, else on the display; `--offscreen` uses Qt's offscreen platform.
# Writes bench/studio/results.json. Other arguments go to studio_bench (e.g. --nodes 1000
# --edges 1800, --keep graph.yaml, --no-overview, --profile dense).
#   bash bench/studio/run.sh [--offscreen] [studio_bench options]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build="${CAPGRAPH_BUILD_DIR:-$root/build}"
[ -f "$build/build.ninja" ] || [ -f "$build/Makefile" ] || { echo "not configured: $build (run: bash .ci/setup.sh run)" >&2; exit 2; }
offscreen=0
if [ "${1:-}" = "--offscreen" ]; then offscreen=1; shift; fi

# Not part of the default build (EXCLUDE_FROM_ALL): build it now.
cmake --build "$build" --target studio_bench -j "${CAPGRAPH_JOBS:-2}" >/dev/null
bin="$build/bench/studio/studio_bench"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores" >&2

# Qt's messages about the platform (no window manager, no XDG_RUNTIME_DIR) are noise here.
filter() { grep -v -e 'propagateSizeHints' -e 'XDG_RUNTIME_DIR' >&2 || true; }
if [ "$offscreen" = 1 ]; then
  QT_QPA_PLATFORM=offscreen "$bin" --json "$here/results.json" "$@" 2> >(filter)
elif [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  "$bin" --json "$here/results.json" "$@" 2> >(filter)
elif command -v xvfb-run >/dev/null; then
  xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb "$bin" --json "$here/results.json" "$@" 2> >(filter)
else
  echo "no display and no xvfb-run (apt-get install xvfb): using the offscreen platform" >&2
  QT_QPA_PLATFORM=offscreen "$bin" --json "$here/results.json" "$@" 2> >(filter)
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
