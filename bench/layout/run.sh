#!/usr/bin/env bash
# Layered layout: CapGraph next to Graphviz dot, dagre and ELK on the shared corpus, one run,
# one evaluator. The harness of ../shared/bench/layout is copied to bench/layout/.peer
# (shared/ is read-only); its setup installs graphviz (Debian) and the pinned npm packages.
#   bash bench/layout/run.sh [harness options, e.g. --filter rand_ --details]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
shared=$(cd "$root/../shared/bench/layout" && pwd)
cli="${CAPGRAPH_CLI:-$root/build/app/cli/capgraph}"
[ -x "$cli" ] || { echo "capgraph not built: $cli (run: bash .ci/setup.sh run)" >&2; exit 2; }
mkdir -p "$here/.peer"
rsync -a --delete --exclude node_modules --exclude out --exclude 'results.*' "$shared/" "$here/.peer/" 2>/dev/null \
  || cp -r "$shared/." "$here/.peer/"
cd "$here/.peer"
[ -d node_modules ] && command -v dot >/dev/null || ./setup.sh
./run.sh --extra "capgraph=$cli layout" --out "$here/results.json" "$@"
