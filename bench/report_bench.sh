#!/usr/bin/env bash
# `wattbench report` on day-long runs against pandas computing the same per-phase means.
# Generates run directories of HOURS each (30 channels at 10 Hz, bench/report_bench_gen.cpp;
# 24 h is 25.9 M rows, 1.9 GB), then times with /usr/bin/time -v (wall, user + sys, peak RSS):
#   - wattbench report RUN --format md (and html when this build has it)
#   - report_scan_bench RUN: the samples.csv pass alone
#   - bench/report_pandas.py RUN: pandas reading samples.csv, per-phase window means
# Every command runs once with a warm page cache (the generator just wrote the file), so the
# figures are CPU, not disk. The run directories are deleted at the end unless KEEP=1 (an
# existing run directory of the same length is reused); PANDAS=0 leaves pandas out.
#
# usage: bench/report_bench.sh [BUILD_DIR=build] [WORK_DIR=/tmp/report-bench] [HOURS="2 24"]
# Needs python3-pandas (Debian's, run with /usr/bin/python3) for the comparison.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
work=${2:-/tmp/report-bench}
hours=${3:-2 24}
mkdir -p "$work"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

timed() {
  local name=$1
  shift
  local log="$work/time.log"
  if ! /usr/bin/time -v "$@" >"$work/out.txt" 2>"$log"; then
    echo "$name: failed" >&2
    tail -n 30 "$log" >&2
    return 1
  fi
  local wall user sys rss
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log")
  user=$(sed -n 's/.*User time (seconds): //p' "$log")
  sys=$(sed -n 's/.*System time (seconds): //p' "$log")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
  awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" \
    'BEGIN { printf "%-40s wall %8s  user+sys %7.2f s  peak RSS %7.1f MB\n", n, w, u + s, r / 1024 }'
}

wattbench="$build/app/cli/wattbench"
html=0
"$wattbench" report --help 2>/dev/null | grep -q html && html=1

echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
for h in $hours; do
  run="$work/run-${h}h"
  [ -f "$run/samples.csv" ] || "$build/bench/report_bench_gen" "$run" "$h" 10 >/dev/null
  rows=$(($(wc -l <"$run/samples.csv") - 1))
  echo "== ${h} h: $rows rows, $(du -m "$run/samples.csv" | cut -f1) MB samples.csv"
  timed "wattbench report --format md" "$wattbench" report "$run" --format md -o "$work/r.md"
  if [ "$html" = 1 ]; then
    timed "wattbench report --format html" "$wattbench" report "$run" --format html -o "$work/r.html"
  fi
  timed "report_scan_bench (scan alone)" "$build/bench/report_scan_bench" "$run"
  sed 's/^/    /' "$work/out.txt"
  if [ "${PANDAS:-1}" = 0 ]; then
    :
  elif /usr/bin/python3 -c 'import pandas' 2>/dev/null; then
    timed "pandas read_csv + per-phase means" /usr/bin/python3 "$here/bench/report_pandas.py" "$run"
    tail -n 1 "$work/out.txt" | sed 's/^/    /'
  else
    echo "pandas: not installed (apt-get install python3-pandas)"
  fi
done
