# shellcheck shell=bash
# Shared by every recipe's setup, run and teardown (sourced, not run). wattbench starts each
# script in the phase's own folder ($WATTBENCH_PHASE_DIR, under the run directory), which it
# creates before the setup and removes after the teardown; servers keep everything there and
# listen on loopback only. Output goes to the phase's log, RUN_DIR/logs/<phase>.log.

recipe_begin() {
    RECIPE=$1
    cd "${WATTBENCH_PHASE_DIR:?wattbench sets WATTBENCH_PHASE_DIR}" || exit 1
}

say() {
    echo "[$RECIPE] $*"
}

die() {
    echo "[$RECIPE] error: $*"
    exit 1
}

# A process counts as running until it is gone or a zombie (a zombie's parent, wattbench,
# reaps it only once the phase's process groups end).
alive() {
    [ -n "$1" ] && [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status"
}

# Whether anything uses TCP port $1 on this machine, listening ($2 = listen) or in any state.
port_in_use() {
    local hex
    hex=$(printf '%04X' "$1")
    awk -v p=":$hex" -v want="${2:-any}" '
        FNR > 1 && substr($2, length($2) - 4) == p && (want == "any" || $4 == "0A") { found = 1 }
        END { exit !found }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# Whether process $1 holds the socket listening on TCP port $2: another program on that port
# must not pass for the server coming up (nginx retries bind() for seconds before it gives up).
listens_on() {
    local pid=$1 hex inode fd
    hex=$(printf '%04X' "$2")
    for inode in $(awk -v p=":$hex" 'FNR > 1 && substr($2, length($2) - 4) == p && $4 == "0A" {
            print $10 }' /proc/net/tcp /proc/net/tcp6 2>/dev/null); do
        for fd in "/proc/$pid/fd/"*; do
            [ "$(readlink "$fd" 2>/dev/null)" = "socket:[$inode]" ] && return 0
        done
    done
    return 1
}

# A TCP port nothing uses, from the range above the usual service ports and below the
# kernel's ephemeral range.
free_port() {
    local port tries=0
    while [ $tries -lt 200 ]; do
        port=$((20000 + RANDOM % 12000))
        if ! port_in_use "$port"; then
            echo "$port"
            return 0
        fi
        tries=$((tries + 1))
    done
    die "no free TCP port found between 20000 and 32000"
}

# start_server NAME PROGRAM ARGS...: runs the server in the background (it must not fork
# itself away), its output in NAME.log and its pid in NAME.server-pid.
start_server() {
    local name=$1
    shift
    say "starting $name: $*"
    "$@" >"$name.log" 2>&1 </dev/null &
    echo $! >"$name.server-pid"
}

server_pid() {
    cat "$1.server-pid" 2>/dev/null || true
}

# Prints the end of a server's output (NAME.log) and of its own error log (NAME-error.log,
# when the recipe points it there) into the phase's log, which outlives the phase folder.
show_server_log() {
    local f
    for f in "$1.log" "$1-error.log"; do
        [ -s "$f" ] || continue
        say "last lines of $f:"
        tail -n 40 "$f" | sed "s/^/[$RECIPE] $1: /"
    done
}

# wait_for_port NAME PORT [SECONDS]: until the server itself listens on PORT; fails, with its log,
# when it exits first or takes longer than SECONDS (default 30).
wait_for_port() {
    local name=$1 port=$2 limit=$((${3:-30} * 10)) pid i=0
    pid=$(server_pid "$name")
    while ! listens_on "$pid" "$port"; do
        if ! alive "$pid"; then
            show_server_log "$name"
            die "$name exited before listening on 127.0.0.1:$port"
        fi
        i=$((i + 1))
        if [ $i -ge $limit ]; then
            show_server_log "$name"
            die "$name did not listen on 127.0.0.1:$port within ${3:-30} s"
        fi
        sleep 0.1
    done
    say "$name listening on 127.0.0.1:$port"
}

# Ends the run script when the server is gone mid-phase, so the phase fails with its log.
require_server() {
    if ! alive "$(server_pid "$1")"; then
        show_server_log "$1"
        die "$1 is no longer running"
    fi
}

# stop_server NAME [PORT]: SIGTERM, SIGKILL after 10 s, then checks that PORT is closed.
stop_server() {
    local name=$1 port=${2:-} pid i=0
    pid=$(server_pid "$name")
    if alive "$pid"; then
        kill -TERM "$pid" 2>/dev/null || true
        while alive "$pid" && [ $i -lt 100 ]; do
            sleep 0.1
            i=$((i + 1))
        done
        if alive "$pid"; then
            say "$name ignored SIGTERM for 10 s; killing it"
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    if [ -n "$port" ]; then
        i=0
        while port_in_use "$port" listen && [ $i -lt 50 ]; do
            sleep 0.1
            i=$((i + 1))
        done
        if port_in_use "$port" listen; then
            die "127.0.0.1:$port is still open after stopping $name"
        fi
        say "stopped $name; 127.0.0.1:$port is closed"
    fi
}

# How long one client run lasts: a third of the window (2 s to 60 s), so that the last
# complete run, whose figure is the score, lies inside the window.
segment_seconds() {
    local s=$((${WATTBENCH_WINDOW_S:-60} / 3))
    [ $s -lt 2 ] && s=2
    [ $s -gt 60 ] && s=60
    echo $s
}
