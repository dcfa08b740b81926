#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for SECONDS (default 30).
# Fails on the first crash, leak or sanitizer report; the reproducer is left in build-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-30}
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target fuzzers
mapfile -t targets < <(find build-fuzz/tests/fuzz -maxdepth 1 -type f -name '*_fuzz' -perm -u+x | sort)
for t in "${targets[@]}"; do
  name=$(basename "$t")
  corpus="tests/fuzz/corpus/${name%_fuzz}"
  work="build-fuzz/corpus/${name%_fuzz}"
  mkdir -p "$work"
  args=("$work")
  [ -d "$corpus" ] && args+=("$corpus")
  echo "fuzz: $name for ${secs}s"
  (cd build-fuzz && "../$t" -max_total_time="$secs" -print_final_stats=0 "${args[@]/#/../}" 2>&1 | tail -n 3)
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "fuzz: $name failed" >&2; exit 1; }
done
