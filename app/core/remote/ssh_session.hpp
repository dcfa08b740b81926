#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "app/core/load/load_watchdog.hpp"

namespace wattbench::core::remote {

// One running `ssh` client, started by SshExecutor in its own process group, with its stdin, stdout
// and stderr on pipes. Closing stdin is how the remote `wattbench load` is told to stop (it
// sees end of file); terminate() makes sure nothing of it survives locally, and its watchdog
// that nothing of it survives wattbench (SIGKILL included), so the target sees the session drop.
//
// read_line() is for one reader thread; close_stdin() and terminate() may come from another.
class SshSession {
public:
    using Clock = std::chrono::steady_clock;

    // `watchdog` watches ssh's process group (the executor enrolled it); it is stopped once the
    // group is gone.
    SshSession(pid_t pid, int stdin_fd, int stdout_fd, int stderr_fd,
               std::unique_ptr<load::LoadWatchdog> watchdog = nullptr);
    ~SshSession();
    SshSession(const SshSession&) = delete;
    SshSession& operator=(const SshSession&) = delete;

    // The next line of ssh's stdout without its `\n`; nullopt at the deadline or at end of
    // output (then at_eof() is true). Lines longer than `max_line` end the output as garbage.
    std::optional<std::string> read_line(Clock::time_point deadline, std::size_t max_line = 65536);
    bool at_eof() const { return eof_; }

    void close_stdin();
    // Waits for ssh to exit on its own until the deadline; true when it has (and is reaped).
    bool wait_exit(Clock::time_point deadline);
    // Stops the session for good: stdin closed, `grace` to exit on its own, then SIGTERM to the
    // process group, SIGKILL after one more second, and reaped; then the watchdog goes.
    // Idempotent.
    void terminate(std::chrono::milliseconds grace);

    // ssh's exit status once it has exited (255: ssh's own error; otherwise the remote
    // command's), -1 when killed by a signal or still running.
    int exit_status() const;
    bool exited() const;
    pid_t pid() const { return pid_; }
    // What ssh wrote to stderr so far (its last 8 KiB), and its last non-empty line.
    std::string stderr_text() const;
    std::string last_stderr_line() const;

private:
    void drain_stderr();
    bool reap(bool block);

    pid_t pid_;
    int in_;
    int out_;
    int err_;
    std::string out_buf_;
    bool eof_ = false;
    mutable std::mutex mutex_;  // guards the fields below
    std::string err_buf_;
    std::optional<int> status_;  // raw waitpid status
    std::mutex watchdog_mutex_;
    std::unique_ptr<load::LoadWatchdog> watchdog_;
};

}  // namespace wattbench::core::remote
