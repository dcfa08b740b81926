#!/usr/bin/env bash
# The accelerated soak of issue 17: builds soak_bench and runs a simulated day (3 sim devices
# at 10 Hz, an SDM meter emulator whose link drops every 10 min, ipmi_sim restarted every 2 h)
# into a temporary directory, which is removed when every check passes and kept otherwise.
# Takes about 15 minutes at the default ×100; needs OpenIPMI (ipmi_sim, sdrcomp) and a build
# with the tests (the emulators come with them).
#
# usage: bench/soak.sh [BUILD_DIR=build] [soak_bench options…]   e.g. bench/soak.sh build --hours 2
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=build
if [[ $# -gt 0 && $1 != --* ]]; then
  build=$1
  shift
fi
[[ $build = /* ]] || build=$here/$build
if [[ ! -f $build/build.ninja && ! -f $build/Makefile ]]; then
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build" --target soak_bench
work=$(mktemp -d "${TMPDIR:-/tmp}/wb-soak.XXXXXX")
status=0
"$build/bench/soak_bench" --out "$work/run" "$@" || status=$?
rmdir "$work" 2>/dev/null || true
exit "$status"
