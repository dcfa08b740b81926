#pragma once

// Processes and process groups as /proc shows them, for tests that what a load started is gone
// after its owner died; and a program started with pipes on its stdin and stdout, to be killed
// or cut off mid-way.

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/run_program.hpp"

namespace wattbench::testing {

struct ProcStat {
    pid_t pid = 0;
    std::string comm;
    char state = '?';
    pid_t ppid = 0;
    pid_t pgrp = 0;
};

// A /proc file read whole with read(2): a process may vanish while it is read, which makes
// std::ifstream throw rather than fail.
inline std::string proc_file(pid_t pid, const char* name) {
    const std::string path = "/proc/" + std::to_string(pid) + "/" + name;
    std::string text;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return text;
    }
    char buf[4096];
    ssize_t n = 0;
    while ((n = ::read(fd, buf, sizeof buf)) > 0) {
        text.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return text;
}

inline std::optional<ProcStat> proc_stat(pid_t pid) {
    const std::string text = proc_file(pid, "stat");
    const auto open = text.find('(');
    const auto close = text.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open) {
        return std::nullopt;
    }
    ProcStat s;
    s.pid = pid;
    s.comm = text.substr(open + 1, close - open - 1);
    std::istringstream rest(text.substr(close + 1));
    rest >> s.state >> s.ppid >> s.pgrp;
    return rest ? std::optional(s) : std::nullopt;
}

inline std::vector<ProcStat> all_processes() {
    std::vector<ProcStat> out;
    DIR* d = ::opendir("/proc");
    if (!d) {
        return out;
    }
    while (const dirent* e = ::readdir(d)) {
        char* end = nullptr;
        const long pid = std::strtol(e->d_name, &end, 10);
        if (pid > 0 && *end == '\0') {
            if (auto s = proc_stat(static_cast<pid_t>(pid))) {
                out.push_back(*s);
            }
        }
    }
    ::closedir(d);
    return out;
}

// Processes whose command line (its words joined by NULs) contains `needle`.
inline std::vector<pid_t> processes_mentioning(const std::string& needle) {
    std::vector<pid_t> out;
    for (const auto& s : all_processes()) {
        if (proc_file(s.pid, "cmdline").find(needle) != std::string::npos) {
            out.push_back(s.pid);
        }
    }
    return out;
}

// The living (not zombie) members of a process group.
inline std::vector<pid_t> group_members(pid_t pgid) {
    std::vector<pid_t> out;
    for (const auto& s : all_processes()) {
        if (s.pgrp == pgid && s.state != 'Z') {
            out.push_back(s.pid);
        }
    }
    return out;
}

inline std::vector<ProcStat> children_of(pid_t ppid) {
    std::vector<ProcStat> out;
    for (const auto& s : all_processes()) {
        if (s.ppid == ppid) {
            out.push_back(s);
        }
    }
    return out;
}

// The living descendants of `root`, children first.
inline std::vector<pid_t> descendants(pid_t root) {
    const auto all = all_processes();
    std::vector<pid_t> found{root};
    for (std::size_t i = 0; i < found.size(); ++i) {
        for (const auto& s : all) {
            if (s.ppid == found[i] && s.state != 'Z') {
                found.push_back(s.pid);
            }
        }
    }
    found.erase(found.begin());
    return found;
}

// Makes this process the one orphans of its descendants are re-parented to, so that they can
// be reaped here: a zombie still counts as a member of its group, and PID 1 of a container may
// never reap it.
inline void adopt_orphans() {
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

inline void reap_adopted() {
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
}

// Bounded wait for `n` living members in the group (a shell's background children start a
// little after it).
inline bool wait_for_members(pid_t pgid, std::size_t n, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (group_members(pgid).size() < n) {
        if (std::chrono::steady_clock::now() >= deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

// Bounded wait for kill(-id, 0) to fail with ESRCH: no such process (id > 0) or no process of
// the group -id is left, not even a zombie. Reaps what was re-parented to us meanwhile (see
// adopt_orphans()).
inline bool gone_within(pid_t id, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    for (;;) {
        reap_adopted();
        if (::kill(id, 0) != 0 && errno == ESRCH) {
            return true;
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

inline bool group_gone_within(pid_t pgid, std::chrono::milliseconds limit) {
    return gone_within(-pgid, limit);
}

inline bool process_gone_within(pid_t pid, std::chrono::milliseconds limit) {
    return gone_within(pid, limit);
}

// A program running with our ends of pipes on its stdin (`in`) and stdout (`out`); stderr to a
// file. -1 for an end the caller asked not to have (then /dev/null).
struct PipedProgram {
    pid_t pid = -1;
    int in = -1;
    int out = -1;

    // The next line of its stdout without the newline; nullopt at end of output or after
    // `limit`.
    std::optional<std::string> read_line(std::chrono::milliseconds limit) {
        const auto deadline = std::chrono::steady_clock::now() + limit;
        for (;;) {
            if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return line;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                return std::nullopt;
            }
            pollfd p{out, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) {
                continue;
            }
            char buf[1024];
            const ssize_t n = ::read(out, buf, sizeof buf);
            if (n <= 0) {
                return std::nullopt;
            }
            buffer_.append(buf, static_cast<std::size_t>(n));
        }
    }
    void close_in() {
        if (in >= 0) {
            ::close(in);
            in = -1;
        }
    }
    void close_out() {
        if (out >= 0) {
            ::close(out);
            out = -1;
        }
    }
    // The exit code (128 + signal when killed), or nullopt when it is still running at `limit`.
    std::optional<int> wait(std::chrono::milliseconds limit) {
        const auto deadline = std::chrono::steady_clock::now() + limit;
        for (;;) {
            int status = 0;
            const pid_t r = ::waitpid(pid, &status, WNOHANG);
            if (r == pid) {
                pid = -1;
                return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            }
            if (r < 0 || std::chrono::steady_clock::now() >= deadline) {
                return std::nullopt;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    ~PipedProgram() {
        close_in();
        close_out();
        if (pid > 0) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
        }
    }

private:
    std::string buffer_;
};

inline void start_piped(PipedProgram& p, std::vector<std::string> argv, bool pipe_in,
                        const std::string& err_path) {
    int in[2] = {-1, -1};
    int out[2] = {-1, -1};
    if ((pipe_in && ::pipe2(in, O_CLOEXEC) != 0) || ::pipe2(out, O_CLOEXEC) != 0) {
        return;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (pipe_in) {
        posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    } else {
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    }
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const pid_t pid = spawn_program(std::move(argv), fa);
    posix_spawn_file_actions_destroy(&fa);
    if (pipe_in) {
        ::close(in[0]);
    }
    ::close(out[1]);
    if (pid < 0) {
        if (pipe_in) {
            ::close(in[1]);
        }
        ::close(out[0]);
        return;
    }
    p.pid = pid;
    p.in = pipe_in ? in[1] : -1;
    p.out = out[0];
}

}  // namespace wattbench::testing
