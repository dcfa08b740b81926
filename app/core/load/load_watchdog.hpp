#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>

namespace wattbench::core::load {

// Makes the process groups wattbench starts die with it, whatever ends it: SIGKILL, an abort,
// std::terminate, as well as a normal exit.
//
// A small process forked from wattbench (not exec'd: it only waits) holds one end of a socket
// pair whose other end only wattbench holds (close-on-exec, and the watchdog closes every other
// descriptor it inherited). Wattbench tells it which process groups to watch; when its end
// reads end of file, wattbench is gone or has stopped the watchdog, and every group still
// watched gets SIGTERM, then SIGKILL after the grace period. It sits in its own process group,
// so ending a load's group never ends it early, and ignores the terminal's signals.
//
// Why not PR_SET_PDEATHSIG: it reaches only the direct child, not what a shell forks, and it
// fires when the thread that forked exits rather than the process (a runner thread forks).
// Why not a subreaper: it only re-parents orphans, it kills nothing when wattbench dies. Why
// not a pidfd: something must outlive wattbench to act on it.
//
// A child enrolls its own group between fork and exec (enroll_from_child()), while it still
// holds wattbench's end: even a SIGKILL between fork and exec cannot leave it unwatched.
// watch(), forget() and enroll_from_child() may come from any thread; start() and stop() from
// the owner's.
class LoadWatchdog {
public:
    explicit LoadWatchdog(std::chrono::milliseconds grace) : grace_(grace) {}
    ~LoadWatchdog() { stop(); }
    LoadWatchdog(const LoadWatchdog&) = delete;
    LoadWatchdog& operator=(const LoadWatchdog&) = delete;

    // Forks the watchdog (nothing when it runs already); an error message when it cannot.
    std::optional<std::string> start();
    // Ends what is still watched (SIGTERM, the grace period, SIGKILL), the watchdog exits and is
    // reaped: no process and no descriptor of it is left. Idempotent.
    void stop();
    bool running() const { return fd_ >= 0; }
    pid_t pid() const { return pid_; }

    // In a child between fork and exec, after setpgid(0, 0): watch the child's new group.
    // Async-signal-safe.
    void enroll_from_child() const noexcept;
    void watch(pid_t pgid) const;
    // The group has ended: a later group with the same number is not ours.
    void forget(pid_t pgid) const;

    // Groups one watchdog keeps track of at once; more are not watched.
    static constexpr int max_groups = 128;

private:
    void send(int value) const noexcept;

    std::chrono::milliseconds grace_;
    int fd_ = -1;
    pid_t pid_ = 0;
};

}  // namespace wattbench::core::load
