#!/usr/bin/env bash
# The performance guard lane (bench/README.md#the-guard): every benchmark figure of ours —
# the engine, the layout, the studio at 5,000 nodes in a real X window (Xvfb), the plan
# viewer — against its baseline in bench/baseline.tsv; a figure over 1.5 times its baseline
# fails CI, naming the figure, the baseline and the commit that set it. Runs on the build the
# test command made (no second build of the project: only the three benchmark programs).
# Budget: about 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=packages.sh
source .ci/packages.sh
install_missing python3 xvfb xauth

start=$(date +%s)
echo "== performance guard (bench/guard)"
status=0
python3 bench/guard --build "${CAPGRAPH_BUILD_DIR:-build}" || status=$?
echo "== performance guard: $(( $(date +%s) - start )) s"
exit $status
