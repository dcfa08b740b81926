#include "app/core/load/load_watchdog.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace wattbench::core::load {

namespace {

// Everything below runs in the forked watchdog of a multi-threaded process: system calls only,
// no allocation, no lock, no library state.

long long now_ms() noexcept {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<long long>(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
}

// Whatever else wattbench had open (logs, serial ports, the stdin pipes of ssh sessions, other
// watchdogs' channels) must not be kept open by the watchdog: others wait for their end of file.
void close_all_but(int keep, int max_fd) noexcept {
    bool done = ::close_range(keep + 1, ~0U, 0) == 0;
    if (keep > 0) {
        done = ::close_range(0, static_cast<unsigned>(keep - 1), 0) == 0 && done;
    }
    if (!done) {
        for (int fd = 0; fd < max_fd; ++fd) {
            if (fd != keep) {
                ::close(fd);
            }
        }
    }
}

bool is_terminal_signal(int s) noexcept {
    return s == SIGINT || s == SIGQUIT || s == SIGHUP || s == SIGPIPE || s == SIGTSTP ||
           s == SIGTTIN || s == SIGTTOU;
}

void reset_signals() noexcept {
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    struct sigaction ign = dfl;
    ign.sa_handler = SIG_IGN;
    // wattbench's handlers mean nothing here; the terminal's signals are for wattbench, which
    // then stops its loads in order: only the end of wattbench's end of the channel counts.
    for (int s = 1; s < NSIG; ++s) {
        if (s != SIGKILL && s != SIGSTOP) {
            ::sigaction(s, is_terminal_signal(s) ? &ign : &dfl, nullptr);
        }
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

void end_groups(const pid_t* groups, int n, long long grace_ms) noexcept {
    for (int i = 0; i < n; ++i) {
        ::kill(-groups[i], SIGTERM);
        ::kill(-groups[i], SIGCONT);  // a stopped group could not act on the SIGTERM
    }
    const long long deadline = now_ms() + grace_ms;
    for (;;) {
        bool alive = false;
        for (int i = 0; i < n && !alive; ++i) {
            alive = ::kill(-groups[i], 0) == 0;
        }
        if (!alive) {
            return;
        }
        if (now_ms() >= deadline) {
            break;
        }
        ::poll(nullptr, 0, 20);
    }
    for (int i = 0; i < n; ++i) {
        ::kill(-groups[i], SIGKILL);
    }
}

// The memory that /proc/<pid>/environ shows: the environment the process was started with,
// which a fork keeps even after unsetenv(). Read before fork (it allocates); {0, 0} if unknown.
struct EnvironmentBlock {
    std::uintptr_t start = 0;
    std::uintptr_t end = 0;
};

EnvironmentBlock environment_block() {
    std::ifstream in("/proc/self/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = stat.rfind(')');
    if (close == std::string::npos) {
        return {};
    }
    // Fields 50 and 51 of proc(5), counted from field 3, the first after the command's name.
    std::istringstream fields(stat.substr(close + 1));
    std::string field;
    std::vector<std::string> all;
    while (fields >> field) {
        all.push_back(field);
    }
    constexpr std::size_t env_start = 50 - 3;
    if (all.size() <= env_start + 1) {
        return {};
    }
    try {
        return {static_cast<std::uintptr_t>(std::stoull(all[env_start])),
                static_cast<std::uintptr_t>(std::stoull(all[env_start + 1]))};
    } catch (const std::exception&) {
        return {};
    }
}

[[noreturn]] void watchdog_main(int fd, long long grace_ms, int max_fd,
                                EnvironmentBlock env) noexcept {
    // A BMC password given in the environment must not show in the watchdog's: it has no use
    // for any of it, and its copy of the memory is its own after fork.
    if (env.start != 0 && env.end > env.start) {
        std::memset(reinterpret_cast<void*>(env.start), 0, env.end - env.start);
    }
    ::setpgid(0, 0);
    reset_signals();
    ::prctl(PR_SET_NAME, "wb-watchdog");
    (void)!::chdir("/");  // holds no mount busy
    close_all_but(fd, max_fd);
    pid_t groups[LoadWatchdog::max_groups];
    int n = 0;
    for (;;) {
        int value = 0;
        const ssize_t got = ::recv(fd, &value, sizeof value, 0);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            break;  // end of file: wattbench is gone, or done with us
        }
        if (got != static_cast<ssize_t>(sizeof value) || value == 0) {
            continue;
        }
        const pid_t g = value > 0 ? value : -value;
        const auto at = std::find(groups, groups + n, g) - groups;
        if (value > 0 && at == n && n < LoadWatchdog::max_groups) {
            groups[n++] = g;
        } else if (value < 0 && at < n) {
            groups[at] = groups[--n];
        }
    }
    end_groups(groups, n, grace_ms);
    ::_exit(0);
}

}  // namespace

std::optional<std::string> LoadWatchdog::start() {
    if (fd_ >= 0) {
        return std::nullopt;
    }
    // A socket pair rather than a pipe: send() with MSG_NOSIGNAL cannot raise SIGPIPE in
    // wattbench should the watchdog have been killed, and SEQPACKET keeps messages whole when
    // several threads and children write at once.
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
        return fmt::format("cannot start the load watchdog: socketpair: {}", std::strerror(errno));
    }
    rlimit files{};
    const int max_fd = ::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < (1u << 20)
                           ? static_cast<int>(files.rlim_cur)
                           : (1 << 20);
    const long long grace_ms = grace_.count();
    const auto env = environment_block();
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        ::close(sv[0]);
        ::close(sv[1]);
        return fmt::format("cannot start the load watchdog: fork: {}", std::strerror(e));
    }
    if (pid == 0) {
        watchdog_main(sv[1], grace_ms, max_fd, env);
    }
    ::setpgid(pid, pid);  // also here, so no signal to our own group reaches it before it runs
    ::close(sv[1]);
    fd_ = sv[0];
    pid_ = pid;
    return std::nullopt;
}

void LoadWatchdog::stop() {
    if (fd_ < 0) {
        return;
    }
    ::close(fd_);
    fd_ = -1;
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    pid_ = 0;
}

void LoadWatchdog::send(int value) const noexcept {
    if (fd_ < 0) {
        return;
    }
    while (::send(fd_, &value, sizeof value, MSG_NOSIGNAL) < 0 && errno == EINTR) {
    }
}

void LoadWatchdog::enroll_from_child() const noexcept {
    send(::getpid());
}

void LoadWatchdog::watch(pid_t pgid) const {
    if (pgid > 0) {
        send(pgid);
    }
}

void LoadWatchdog::forget(pid_t pgid) const {
    if (pgid > 0) {
        send(-pgid);
    }
}

}  // namespace wattbench::core::load
