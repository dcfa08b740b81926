#!/usr/bin/env bash
# wattbench finds libwattbench-render.so where the packages put it, beside its own install
# prefix, and says what to install when it is not there; md/csv/json never need it and the
# binary links no Qt.
#   render_module_test.sh WATTBENCH BUILD_DIR RUN_DIR
set -uo pipefail
bin=$1
build=$2
run_dir=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
fail() {
    echo "FAIL: $*"
    status=1
}

qt_libs=$(ldd "$bin" | grep -ci qt)
[ "$qt_libs" -eq 0 ] || fail "$bin links $qt_libs Qt libraries: $(ldd "$bin" | grep -i qt)"

# A staged install outside the build tree: the program in bin/, the module component as cmake
# installs it.
cmake --install "$build" --prefix "$work/usr" --component wattbench-render >/dev/null ||
    fail "cmake --install --component wattbench-render"
mkdir -p "$work/usr/bin"
cp "$bin" "$work/usr/bin/wattbench"
module=$(find "$work/usr/lib" -name libwattbench-render.so)
case $module in
    "$work"/usr/lib/*/wattbench/libwattbench-render.so | "$work"/usr/lib/wattbench/libwattbench-render.so) ;;
    *) fail "module installed as '$module'" ;;
esac
staged=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM -u WATTBENCH_RENDER_MODULE
    "$work/usr/bin/wattbench")

"${staged[@]}" report "$run_dir" --format html -o "$work/r.html" 2>"$work/err" ||
    fail "installed html report: $(cat "$work/err")"
size=$(stat -c %s "$work/r.html" 2>/dev/null || echo 0)
[ "$size" -gt 10000 ] || fail "installed html report is $size bytes"

# Without the module: exit 2, naming where it was looked for and the package.
mv "$module" "$work/moved.so"
"${staged[@]}" report "$run_dir" --format pdf -o "$work/r.pdf" 2>"$work/err"
rc=$?
[ "$rc" -eq 2 ] || fail "missing module: exit $rc, not 2"
grep -qF "$module" "$work/err" || fail "missing module: message lacks $module: $(cat "$work/err")"
grep -qF "wattbench-render" "$work/err" || fail "missing module: message names no package"
[ -e "$work/r.pdf" ] && fail "missing module: r.pdf was written"

"${staged[@]}" report "$run_dir" --charts "$work/charts" >/dev/null 2>"$work/err"
[ $? -eq 2 ] || fail "missing module: --charts did not exit 2"

# The text formats do not touch it.
for format in md csv json; do
    "${staged[@]}" report "$run_dir" --format "$format" -o "$work/r.$format" 2>"$work/err" ||
        fail "--format $format without the module: $(cat "$work/err")"
done
grep -q '^# ' "$work/r.md" || fail "r.md has no heading"

# The override is the only place looked at when set.
mv "$work/moved.so" "$module"
WATTBENCH_RENDER_MODULE=$work/none.so "$work/usr/bin/wattbench" report "$run_dir" --format html \
    -o "$work/o.html" 2>"$work/err"
rc=$?
[ "$rc" -eq 2 ] || fail "override to a missing file: exit $rc, not 2"
grep -qF "$work/none.so" "$work/err" || fail "override: message lacks the path: $(cat "$work/err")"

[ "$status" -eq 0 ] && echo "render module ok: $module"
exit "$status"
