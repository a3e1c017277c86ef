#!/usr/bin/env bash
# Fuzzes every reader (docs/reliability.md): tools/fuzz.sh [SECONDS] [TARGET...]
#   SECONDS  per target (default 600); TARGET: graph_yaml expression plan_json sse capability dify_dsl
#            run_files (default: all). FUZZ_JOBS=N runs N targets at once (default 1).
# Needs the fuzz build (cmake --preset fuzz && cmake --build --preset fuzz). Each target starts
# from its committed corpus (tests/fuzz/corpus/<reader>) plus what earlier runs found
# (build-fuzz/fuzz-work/<reader>), with its dictionary; crashes are saved as
# build-fuzz/fuzz-work/crash-<reader>-*. Prints, per target: runs, execs/s, coverage, crashes.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${FUZZ_BUILD:-$ROOT/build-fuzz}"
SECONDS_EACH="${1:-600}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(graph_yaml expression plan_json sse capability run_files dify_dsl)
JOBS="${FUZZ_JOBS:-1}"
WORK="$BUILD/fuzz-work"
mkdir -p "$WORK"

for t in "${TARGETS[@]}"; do
  [ -x "$BUILD/tests/fuzz/fuzz_$t" ] || { echo "no $BUILD/tests/fuzz/fuzz_$t: build the fuzz preset first" >&2; exit 2; }
done

fuzz_one() {
  local t="$1" dict=() log="$WORK/$1.log"
  mkdir -p "$WORK/$t"
  [ -f "$ROOT/tests/fuzz/dict/$t.dict" ] && dict=(-dict="$ROOT/tests/fuzz/dict/$t.dict")
  # ASan's own limits: 2 GiB of RSS, 20 s per input; -max_len lets inputs grow to 64 KiB.
  "$BUILD/tests/fuzz/fuzz_$t" "$WORK/$t" "$ROOT/tests/fuzz/corpus/$t" "${dict[@]}" \
    -max_total_time="$SECONDS_EACH" -max_len=65536 -rss_limit_mb=2048 -timeout=20 \
    -print_final_stats=1 -artifact_prefix="$WORK/crash-$t-" >"$log" 2>&1 || true
}

running=0
for t in "${TARGETS[@]}"; do
  fuzz_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait

printf '%-12s %10s %8s %8s %8s %8s %s\n' target runs seconds execs/s cov ft crashes
status=0
for t in "${TARGETS[@]}"; do
  log="$WORK/$t.log"
  runs=$(grep -oP 'stat::number_of_executed_units:\s*\K[0-9]+' "$log" | tail -1 || true)
  secs=$(grep -oP 'Done [0-9]+ runs in \K[0-9]+' "$log" | tail -1 || true)
  cov=$(grep -oP '\bcov: \K[0-9]+' "$log" | tail -1 || true)
  ft=$(grep -oP '\bft: \K[0-9]+' "$log" | tail -1 || true)
  # Open findings: a fixed one moves to tests/fuzz/corpus/<reader>/crash-* (a regression input).
  crashes=$(find "$WORK" -maxdepth 1 -name "crash-$t-*" | wc -l)
  if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|FUZZ FINDING' "$log"; then
    status=1
    [ "$crashes" -gt 0 ] || crashes="see $log"
  fi
  rate=$([ -n "$runs" ] && [ -n "$secs" ] && [ "$secs" -gt 0 ] && echo $((runs / secs)) || echo "-")
  printf '%-12s %10s %8s %8s %8s %8s %s\n' "$t" "${runs:--}" "${secs:--}" "$rate" "${cov:--}" "${ft:--}" "$crashes"
done
exit $status
