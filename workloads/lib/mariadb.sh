# shellcheck shell=bash
# A MariaDB server of the phase's own, shared by the recipes that need one (sourced after
# recipe.sh): data directory, socket, pid file and error log in the phase folder, no option
# file read (--no-defaults: nothing from /etc/mysql), TCP on 127.0.0.1 only.

# mariadb_start PORT BUFFER_POOL_MB FLUSH_AT_COMMIT: creates the data directory and starts
# mariadbd (server name "mariadbd" for wait_for_port, stop_server and show_server_log).
mariadb_start() {
    local port=$1 pool=$2 flush=$3 user_opt=()
    # mariadbd refuses to run as root unless told to; as root it stays root, confined to
    # loopback and this folder, as Debian's mysql user may not read a run directory under /root.
    [ "$(id -u)" = 0 ] && user_opt=(--user=root)
    say "creating the data directory"
    if ! mariadb-install-db --no-defaults --datadir="$PWD/data" \
        --auth-root-authentication-method=normal --skip-test-db "${user_opt[@]}" \
        >install-db.log 2>&1; then
        tail -n 40 install-db.log | sed "s/^/[$RECIPE] install-db: /"
        die "mariadb-install-db failed"
    fi
    start_server mariadbd mariadbd --no-defaults --datadir="$PWD/data" --socket="$PWD/mysqld.sock" \
        --port="$port" --bind-address=127.0.0.1 --pid-file="$PWD/mysqld.pid" "${user_opt[@]}" \
        --skip-name-resolve --log-error="$PWD/mariadbd-error.log" --skip-log-bin \
        --innodb-buffer-pool-size="${pool}M" --innodb-flush-log-at-trx-commit="$flush" \
        --max-connections=2000
    wait_for_port mariadbd "$port" 60
}

# SQL on stdin, as the server's root over its socket.
mariadb_sql() {
    mariadb --no-defaults -S "$PWD/mysqld.sock" -uroot
}
