#!/bin/sh
# CPU use of the whole wattbench-gui process at 1 Hz sampling: a profile like profiles/demo.toml
# (sim wattmeter, BMC and sound meter, plus the host's CPU channels) in one long idle phase,
# headless. Reads utime+stime from /proc/PID/stat after WARM seconds and after WARM+SECONDS,
# so start-up (Qt, fonts, the first layout) is left out.
#
# The profile is bench/three_sim_idle.toml, stretched to two hours.
#
# usage: bench/gui_cpu.sh [BUILD_DIR=build] [SECONDS=60] [WARM=10]
set -eu
build=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
seconds=${2:-60}
warm=${3:-10}
work=$(mktemp -d /tmp/gui-cpu-XXXXXX)
trap 'rm -rf "$work"' EXIT
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work" XDG_CONFIG_HOME="$work/config"
cd "$work"
"$build/app/gui/wattbench-gui" "$here/three_sim_idle.toml" --start --warmup 1h --window 1h \
  --quit-after "$((warm + seconds + 5))s" >/dev/null 2>&1 &
pid=$!
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
sleep "$warm"
a=$(ticks)
sleep "$seconds"
b=$(ticks)
rss=$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status")
wait "$pid" || true
awk -v a="$a" -v b="$b" -v hz="$hz" -v s="$seconds" -v rss="$rss" 'BEGIN {
  printf "wattbench-gui at 1 Hz: %.2f s CPU in %d s = %.1f %% of one core; peak RSS %.1f MB\n",
         (b - a) / hz, s, 100 * (b - a) / hz / s, rss / 1024 }'
