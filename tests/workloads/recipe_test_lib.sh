# shellcheck shell=bash
# Shared by the recipe tests (sourced): a scratch folder, a profile around one recipe phase,
# and the checks every recipe must pass afterwards. Needs jq.

setup_scratch() {
    scratch=$(mktemp -d /tmp/wattbench-recipe-test.XXXXXX)
    # As a run directory would be: Apache's children (www-data when root) must reach it.
    chmod 0755 "$scratch"
    trap 'rm -rf "$scratch"' EXIT
}

fail() {
    echo "FAIL: $*" >&2
    if [ -n "${run_dir:-}" ] && [ -d "$run_dir/logs" ]; then
        echo "--- $run_dir/logs:" >&2
        tail -n 60 "$run_dir"/logs/*.log >&2 || true
    fi
    exit 1
}

# write_profile FILE WARMUP WINDOW PHASE-TABLES...: sim devices, then the phases given as TOML.
write_profile() {
    local file=$1 warmup=$2 window=$3
    shift 3
    {
        printf '[run]\nname = "recipe-test"\ninterval = "1s"\nwarmup = "%s"\nwindow = "%s"\n\n' \
            "$warmup" "$window"
        printf '[[device]]\nid = "wattmeter"\ndriver = "sim"\nconnection = "sim://wattmeter"\n\n'
        printf '%s\n' "$@"
    } >"$file"
}

# A listing of /etc to compare: every path with its size, mode and mtime.
etc_snapshot() {
    find /etc -xdev -printf '%p %s %m %T@\n' 2>/dev/null | sort
}

# No file under /etc changed between the snapshots, unless dpkg installed something meanwhile
# (another job on a shared machine), which the issue allows.
check_etc_unchanged() {
    local before=$1 dpkg_before=$2
    etc_snapshot >"$scratch/etc.after"
    if ! diff -q "$before" "$scratch/etc.after" >/dev/null; then
        if [ "$(stat -c %Y /var/lib/dpkg/status)" != "$dpkg_before" ]; then
            echo "note: dpkg changed packages during the test; /etc comparison skipped"
            return 0
        fi
        diff "$before" "$scratch/etc.after" | head -20 >&2
        fail "files under /etc changed"
    fi
}

# No process of the run is left: none runs from, or has its working folder in, the run
# directory, and no port a recipe reported listening on is still open.
check_nothing_left() {
    local dir=$1 p cmd cwd port
    dir=$(readlink -f "$dir")
    for p in /proc/[0-9]*; do
        cmd=$(tr '\0' ' ' <"$p/cmdline" 2>/dev/null || true)
        cwd=$(readlink "$p/cwd" 2>/dev/null || true)
        case "$cmd $cwd" in
            *"$dir"*) fail "process ${p#/proc/} is left: $cmd (in $cwd)" ;;
        esac
    done
    # shellcheck source=/dev/null disable=SC2154 # the sourcing test sets source_dir
    . "$source_dir/workloads/lib/recipe.sh"
    for port in $(grep -ohE 'listening on 127\.0\.0\.1:[0-9]+' "$dir"/logs/*.log | sed 's/.*://'); do
        if port_in_use "$port" listen; then
            fail "port $port is still open"
        fi
    done
    [ ! -e "$dir/work" ] || fail "the phase folders are left: $(ls -R "$dir/work" | head)"
}

# phase_mean DIR PHASE DEVICE CHANNEL: the window mean from phases.csv.
phase_mean() {
    awk -F, -v p="$2" -v d="$3" -v c="$4" '$1 == p && $3 == d && $4 == c { print $6 }' "$1/phases.csv"
}
