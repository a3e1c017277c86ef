#!/usr/bin/env bash
# The "5,000 nodes, 9,000 edges in under 2 s" layout target: generates that graph
# (gen_big.mjs, fixed seed) and lays it out with capgraph and Graphviz dot in one run of the
# shared harness (copied to bench/layout/.peer by run.sh). dot needs tens of seconds on it.
#   bash bench/layout/big.sh [NODES EDGES] [harness options, e.g. --tools none]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli="${CAPGRAPH_CLI:-$root/build/app/cli/capgraph}"
[ -x "$cli" ] || { echo "capgraph not built: $cli (run: bash .ci/setup.sh run)" >&2; exit 2; }
nodes=5000 edges=9000
if [[ $# -ge 2 && $1 =~ ^[0-9]+$ && $2 =~ ^[0-9]+$ ]]; then nodes=$1 edges=$2; shift 2; fi
[ -d "$here/.peer/node_modules" ] || bash "$here/run.sh" --filter '^$' >/dev/null # copies + sets up the harness
rm -rf "$here/.big" && node "$here/gen_big.mjs" "$here/.big" "$nodes" "$edges"
cd "$here/.peer"
./run.sh --corpus "$here/.big" --tools dot --timeout 600 --reps 3 \
  --extra "capgraph=$cli layout" --out "$here/big-results.json" "$@"
