#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan, preset `fuzz` in build-fuzz/) and runs them
# (several at once in short mode, one after another in long mode).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     short mode (CI): each target for SECONDS
#                                             (default $WATTBENCH_FUZZ_SECONDS, else 30)
#   scripts/fuzz.sh --long [RUNS] [TARGET...] long mode: each target until RUNS executions
#                                             (default $WATTBENCH_FUZZ_RUNS, else 10000000)
#   WATTBENCH_FUZZ_RUNS=N scripts/fuzz.sh     long mode too
#
# TARGET is a name without _fuzz (profile, yokogawa, ...); none means all.
# Short mode reads the target's seed corpus (tests/fuzz/corpus/<name>, or fuzz_corpus/<name> in
# the test folder of a target declared elsewhere, e.g. tests/drivers/<driver>) and never writes
# to it: new inputs go to build-fuzz/corpus/<name>. Long mode then merges (-merge=1) what the run
# found into that seed corpus: only inputs that add coverage, the smallest first, the checked-in
# ones kept. WATTBENCH_FUZZ_MAX_SECONDS (default 3600) bounds one long run.
# Either mode prints executions and exec/s per target and fails on the first crash, leak,
# timeout or sanitizer report; the reproducer is left in build-fuzz/artifacts/<name>/.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=short
runs=${WATTBENCH_FUZZ_RUNS:-}
secs=${WATTBENCH_FUZZ_SECONDS:-30}
if [ -n "$runs" ]; then
  mode=long
fi
if [ "${1:-}" = "--long" ]; then
  mode=long
  shift
  if [[ "${1:-}" =~ ^[0-9]+$ ]]; then
    runs=$1
    shift
  fi
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  secs=$1
  shift
fi
runs=${runs:-10000000}
max_secs=${WATTBENCH_FUZZ_MAX_SECONDS:-3600}

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target fuzzers

# Every fuzz target the build made, wherever its test folder is (tests/fuzz or a driver's).
mapfile -t all_targets < <(find build-fuzz/tests -type f -name '*_fuzz' -perm -u+x \
  -not -path '*/CMakeFiles/*' | sort)
if [ $# -gt 0 ]; then
  targets=()
  for name in "$@"; do
    found=""
    for t in "${all_targets[@]}"; do
      [ "$(basename "$t")" = "${name%_fuzz}_fuzz" ] && found=$t
    done
    [ -n "$found" ] || { echo "fuzz: no target ${name%_fuzz}_fuzz" >&2; exit 1; }
    targets+=("$found")
  done
else
  targets=("${all_targets[@]}")
fi

# The checked-in seed corpus of target $1 (its path in build-fuzz/): tests/fuzz/corpus/<name>
# for the targets of tests/fuzz (and where one is already there), else beside its source in
# <its test folder>/fuzz_corpus/<name>, so a driver's fuzz target and its corpus stay in
# tests/drivers/<driver>; long mode creates it when there is none yet.
corpus_of() {
  local t=$1 name folder
  name=$(basename "$t")
  name=${name%_fuzz}
  folder=$(dirname "${t#build-fuzz/}")
  if [ "$folder" = tests/fuzz ] || [ -d "tests/fuzz/corpus/$name" ]; then
    echo "tests/fuzz/corpus/$name"
  else
    echo "$folder/fuzz_corpus/$name"
  fi
}

# The value of a libFuzzer final stat ("stat::number_of_executed_units: 123") in a log.
final_stat() { sed -n "s/^stat::$1: *//p" "$2" | tail -n 1; }

run_target() {
  local t=$1 name corpus work artifacts log dirs limits start status elapsed execs rate line before after
  name=$(basename "$t")
  name=${name%_fuzz}
  corpus=$(corpus_of "$t")
  work="build-fuzz/corpus/$name"
  artifacts="build-fuzz/artifacts/$name/"
  log="build-fuzz/logs/$name.log"
  mkdir -p "$work" "$artifacts" "$(dirname "$log")"
  # The first directory is the one libFuzzer writes to, so the checked-in corpus stays read-only.
  dirs=("$work")
  [ -d "$corpus" ] && dirs+=("$corpus")
  if [ "$mode" = long ]; then
    echo "fuzz: $name until $runs executions (at most ${max_secs}s)"
    limits=(-runs="$runs" -max_total_time="$max_secs")
  else
    echo "fuzz: $name for ${secs}s"
    limits=(-max_total_time="$secs")
  fi
  start=$(date +%s)
  status=0
  "$t" "${limits[@]}" -print_final_stats=1 -artifact_prefix="$artifacts" "${dirs[@]}" \
    >"$log" 2>&1 || status=$?
  elapsed=$(($(date +%s) - start))
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log" >&2
    echo "fuzz: $name failed (exit $status); log $log, reproducer in $artifacts" >&2
    return 1
  fi
  execs=$(final_stat number_of_executed_units "$log")
  rate=$(final_stat average_exec_per_sec "$log")
  line=$(printf '%-18s %12s executions %6ss %8s exec/s' "$name" "$execs" "$elapsed" "$rate")
  if [ "$mode" = long ]; then
    mkdir -p "$corpus"
    before=$(find "$corpus" -type f | wc -l)
    "$t" -merge=1 -artifact_prefix="$artifacts" "$corpus" "$work" >"build-fuzz/logs/$name.merge.log" 2>&1 ||
      { tail -n 20 "build-fuzz/logs/$name.merge.log" >&2; echo "fuzz: $name merge failed" >&2; return 1; }
    after=$(find "$corpus" -type f | wc -l)
    line+=$(printf '   corpus %d -> %d files, %s' "$before" "$after" "$(du -sh "$corpus" | cut -f1)")
    if [ "$execs" -lt "$runs" ]; then
      line+="   (short of $runs: time limit)"
    fi
  fi
  echo "  $line"
  echo "$line" >"build-fuzz/logs/$name.summary"
}

# Short mode runs WATTBENCH_FUZZ_JOBS targets at once (default: one per core); a failure stops
# no more. Long mode runs one at a time, so each merge sees the whole machine.
jobs=${WATTBENCH_FUZZ_JOBS:-$(nproc)}
[ "$mode" = long ] && jobs=1
mkdir -p build-fuzz/logs
failed=0
running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
    [ "$failed" -eq 0 ] || break
  fi
  rm -f "build-fuzz/logs/$(basename "$t" _fuzz).summary"
  run_target "$t" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
if [ "$failed" -ne 0 ]; then
  exit 1
fi
summary=()
for t in "${targets[@]}"; do
  summary+=("$(cat "build-fuzz/logs/$(basename "$t" _fuzz).summary")")
done
echo "fuzz: $mode mode, ${#summary[@]} targets"
printf '  %s\n' "${summary[@]}"
