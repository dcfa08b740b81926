#!/usr/bin/env bash
# A recipe whose Debian package is missing: validate and run stop before any load (exit 2,
# no run directory) naming the apt-get line; --install runs that line (a stand-in apt-get on
# PATH records it) and, the package still missing, stops the same way.
#   recipe_packages_test.sh WATTBENCH SOURCE_DIR
set -euo pipefail
wattbench=$1
source_dir=$2
# shellcheck source=tests/workloads/recipe_test_lib.sh
. "$source_dir/tests/workloads/recipe_test_lib.sh"
setup_scratch
export WATTBENCH_WORKLOADS="$source_dir/tests/workloads/fixtures"
run_dir=$scratch/run
write_profile "$scratch/p.toml" 1s 1s \
    "$(printf '[[phase]]\nname = "m"\nload = "command"\nrecipe = "needs-absent-package"\n')"
line="apt-get install -y --no-install-recommends wattbench-test-absent-package"
[ "$(id -u)" = 0 ] || line="sudo $line"

for cmd in validate run; do
    status=0
    args=("$scratch/p.toml")
    [ $cmd = run ] && args+=(--out "$run_dir")
    "$wattbench" $cmd "${args[@]}" >"$scratch/out.txt" 2>&1 || status=$?
    [ $status = 2 ] || { cat "$scratch/out.txt" >&2; fail "$cmd exited with $status, not 2"; }
    grep -q "p.toml:[0-9]*: phase 'm': recipe 'needs-absent-package' needs Debian packages that are not installed: wattbench-test-absent-package" \
        "$scratch/out.txt" || { cat "$scratch/out.txt" >&2; fail "$cmd does not name the package"; }
    grep -qF "install them with: $line" "$scratch/out.txt" ||
        { cat "$scratch/out.txt" >&2; fail "$cmd does not name the apt-get line"; }
done
[ ! -e "$run_dir" ] || fail "run created $run_dir before stopping"

mkdir "$scratch/bin"
cat >"$scratch/bin/apt-get" <<STUB
#!/bin/sh
echo "\$DEBIAN_FRONTEND apt-get \$*" >"$scratch/apt-get.called"
STUB
chmod +x "$scratch/bin/apt-get"
status=0
PATH="$scratch/bin:$PATH" "$wattbench" run "$scratch/p.toml" --out "$run_dir" --install \
    >"$scratch/out.txt" 2>&1 || status=$?
[ $status = 2 ] || { cat "$scratch/out.txt" >&2; fail "run --install exited with $status"; }
[ "$(cat "$scratch/apt-get.called")" = "noninteractive $line" ] ||
    fail "--install ran: $(cat "$scratch/apt-get.called" 2>/dev/null)"
[ ! -e "$run_dir" ] || fail "run --install created $run_dir with the package still missing"
echo "ok"
