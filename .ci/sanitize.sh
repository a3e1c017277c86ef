#!/usr/bin/env bash
# The sanitizer lane (docs/reliability.md): one clang 14 build with CAPGRAPH_FUZZ=ON serves as
# the clang -Werror build, the AddressSanitizer + UndefinedBehaviorSanitizer build of the
# engine, `capgraph` and the studio, and the libFuzzer build; then the whole test suite runs
# under the sanitizers, which replays every fuzz corpus through libFuzzer (label `fuzz`).
# tst_package is left to the GCC lane: it packages and runs the release binaries.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=packages.sh
source .ci/packages.sh
install_missing clang-14 libclang-rt-14-dev llvm-14

start=$(date +%s)
echo "== sanitizer lane: configuring (cmake --preset fuzz)"
mkdir -p build-fuzz
cmake --preset fuzz > build-fuzz/configure.log 2>&1 || { cat build-fuzz/configure.log; exit 1; }
echo "== sanitizer lane: building with ${CAPGRAPH_JOBS:-2} jobs"
cmake --build --preset fuzz -j "${CAPGRAPH_JOBS:-2}"
echo "== sanitizer lane: every test under ASan and UBSan"
export ASAN_SYMBOLIZER_PATH=/usr/bin/llvm-symbolizer-14
QT_QPA_PLATFORM=offscreen ctest --preset fuzz -E '^tst_package$'
echo "== sanitizer lane: $(( $(date +%s) - start )) s"
