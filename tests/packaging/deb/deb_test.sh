#!/usr/bin/env bash
# Builds the Debian packages from the build tree with cpack (nothing is compiled: the tree must
# be built), checks their contents and control fields, runs lintian on them, and, with
# WATTBENCH_DEB_INSTALL=1 as root (CI's throwaway machine), installs them with dpkg -i, checks
# the installed wattbench, man pages and unit, and removes them again.
#   deb_test.sh BUILD_DIR VERSION [gui] [render]
# gui: wattbench-gui is built; render: wattbench-render (the Qt report renderer) is built. The
# wattbench package never depends on Qt.
set -uo pipefail
build=$1
version=$2
shift 2
gui=
render=
for part in "$@"; do
    case $part in
        gui) gui=1 ;;
        render) render=1 ;;
        *) echo "deb_test.sh: unknown part $part"; exit 2 ;;
    esac
done
arch=$(dpkg --print-architecture)

work=$(mktemp -d)
installed=()
cleanup() {
    if [ ${#installed[@]} -gt 0 ]; then
        dpkg --purge "${installed[@]}" >/dev/null 2>&1 || echo "dpkg --purge ${installed[*]} failed"
    fi
    rm -rf "$work"
}
trap cleanup EXIT
status=0
fail() {
    echo "FAIL: $*"
    status=1
}

start=$(date +%s)
wanted=wattbench
[ -n "$gui" ] && wanted+=";wattbench-gui"
[ -n "$render" ] && wanted+=";wattbench-render"
components=(-D "CPACK_COMPONENTS_ALL=$wanted")
if ! cpack --config "$build/CPackConfig.cmake" -B "$work/out" "${components[@]}" >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log"
    echo "FAIL: cpack"
    exit 1
fi
echo "cpack: $(($(date +%s) - start)) s"

cli_deb=$work/out/wattbench_${version}_${arch}.deb
gui_deb=$work/out/wattbench-gui_${version}_${arch}.deb
render_deb=$work/out/wattbench-render_${version}_${arch}.deb
debs=("$cli_deb")
[ -n "$gui" ] && debs+=("$gui_deb")
[ -n "$render" ] && debs+=("$render_deb")
for deb in "${debs[@]}"; do
    [ -f "$deb" ] || { ls "$work/out"; echo "FAIL: no $(basename "$deb")"; exit 1; }
done

# Contents: each path the package must hold.
contents() { dpkg-deb -c "$1" | awk '{ print $6 }' | sed 's|^\./|/|'; }
expect_files() {
    local deb=$1 listing path
    shift
    listing=$(contents "$deb")
    for path in "$@"; do
        grep -qxF "$path" <<<"$listing" || fail "$(basename "$deb") lacks $path"
    done
}
expect_files "$cli_deb" /usr/bin/wattbench \
    /usr/share/wattbench/profiles/demo.toml /usr/share/wattbench/profiles/server-review.toml \
    /usr/share/man/man1/wattbench.1.gz /usr/share/man/man5/wattbench-profile.5.gz \
    /usr/share/bash-completion/completions/wattbench \
    /usr/lib/systemd/system/wattbench-monitor@.service /usr/lib/sysusers.d/wattbench.conf \
    /usr/lib/udev/rules.d/60-wattbench-sound-meters.rules /usr/share/doc/wattbench/copyright
if contents "$cli_deb" | grep -E 'wattbench-gui|/applications/|/icons/'; then
    fail "the GUI's files are in $(basename "$cli_deb")"
fi
cli_depends=$(dpkg-deb -f "$cli_deb" Depends)
echo "wattbench Depends: $cli_depends"
grep -qi 'qt' <<<"$cli_depends" && fail "wattbench depends on Qt: $cli_depends"
if contents "$cli_deb" | grep -F 'libwattbench-render'; then
    fail "the report renderer is in $(basename "$cli_deb")"
fi
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
for module in ipmi kasa pdu_snmp redfish shelly tasmota; do
    expect_files "$cli_deb" "/usr/lib/$multiarch/wattbench/drivers/$module.so"
done
for lib in libfreeipmi libcurl libsnmp; do
    grep -q "$lib" <<<"$cli_depends" || fail "wattbench Depends lacks $lib (its driver modules'): $cli_depends"
done
grep -q 'libc6' <<<"$cli_depends" || fail "wattbench Depends has no shlibdeps (no libc6): $cli_depends"
[ "$(dpkg-deb -f "$cli_deb" Version)" = "$version" ] || fail "wattbench Version is not $version"

if [ -n "$gui" ]; then
    expect_files "$gui_deb" /usr/bin/wattbench-gui /usr/share/man/man1/wattbench-gui.1.gz \
        /usr/share/applications/wattbench-gui.desktop \
        /usr/share/icons/hicolor/scalable/apps/wattbench-gui.svg \
        /usr/share/bash-completion/completions/wattbench-gui /usr/share/doc/wattbench-gui/copyright
    gui_depends=$(dpkg-deb -f "$gui_deb" Depends)
    echo "wattbench-gui Depends: $gui_depends"
    grep -q "wattbench (= $version)" <<<"$gui_depends" || fail "wattbench-gui does not depend on wattbench (= $version)"
    grep -q 'libqt6widgets6' <<<"$gui_depends" || fail "wattbench-gui Depends lacks libqt6widgets6"
    # The Russian window's Cyrillic comes from DejaVu; without it a minimal desktop draws boxes.
    grep -q 'fonts-dejavu-core' <<<"$gui_depends" || fail "wattbench-gui Depends lacks fonts-dejavu-core"
fi

if [ -n "$render" ]; then
    expect_files "$render_deb" "/usr/lib/$multiarch/wattbench/libwattbench-render.so" \
        /usr/share/doc/wattbench-render/copyright
    render_depends=$(dpkg-deb -f "$render_deb" Depends)
    echo "wattbench-render Depends: $render_depends"
    grep -q "wattbench (= $version)" <<<"$render_depends" || fail "wattbench-render does not depend on wattbench (= $version)"
    grep -q 'libqt6charts6' <<<"$render_depends" || fail "wattbench-render Depends lacks libqt6charts6"
fi

# lintian: clean, or an override in packaging/debian/lintian-overrides says why.
lintian_out=$(lintian --allow-root --tag-display-limit 0 "${debs[@]}" 2>&1)
if [ -n "$lintian_out" ]; then
    echo "lintian:"
    echo "$lintian_out"
    grep -qE '^[EW]: ' <<<"$lintian_out" && fail "lintian errors or warnings"
fi

if [ "${WATTBENCH_DEB_INSTALL:-0}" = 1 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        fail "WATTBENCH_DEB_INSTALL=1 needs root (dpkg -i)"
    elif dpkg-query -W -f='${Status}' wattbench 2>/dev/null | grep -q installed; then
        fail "a wattbench package is installed already; not touching it"
    else
        installed=(wattbench)
        [ -n "$gui" ] && installed=(wattbench-gui "${installed[@]}")
        [ -n "$render" ] && installed=(wattbench-render "${installed[@]}")
        if DEBIAN_FRONTEND=noninteractive dpkg -i "${debs[@]}" >"$work/dpkg.log" 2>&1; then
            got=$(/usr/bin/wattbench --version)
            [ "$got" = "wattbench $version" ] || fail "installed wattbench --version: '$got'"
            man -w wattbench >/dev/null || fail "man -w wattbench"
            man -w 5 wattbench-profile >/dev/null || fail "man -w 5 wattbench-profile"
            [ -n "$gui" ] && { man -w wattbench-gui >/dev/null || fail "man -w wattbench-gui"; }
            out=$(systemd-analyze verify --man=no /usr/lib/systemd/system/wattbench-monitor@.service 2>&1)
            [ -z "$out" ] || fail "systemd-analyze verify on the installed unit: $out"
            getent passwd wattbench >/dev/null || fail "postinst created no system user wattbench"
            /usr/bin/wattbench devices | grep -qE '^  ipmi +in-band' ||
                fail "the installed wattbench does not load its ipmi module: $(/usr/bin/wattbench devices 2>&1 | grep ipmi)"
            echo "installed: $got; man -w: $(man -w wattbench)"
        else
            cat "$work/dpkg.log"
            fail "dpkg -i"
        fi
    fi
else
    echo "install check skipped (WATTBENCH_DEB_INSTALL=1 as root runs dpkg -i)"
fi

[ "$status" -eq 0 ] && echo "packages ok: ${debs[*]##*/}"
exit "$status"
