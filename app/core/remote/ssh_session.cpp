#include "app/core/remote/ssh_session.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <thread>

namespace wattbench::core::remote {

namespace {

constexpr std::size_t stderr_keep = 8192;

void close_fd(int& fd) {
    if (fd >= 0) {
        ::close(fd);
        fd = -1;
    }
}

int millis_until(SshSession::Clock::time_point deadline) {
    const long long left =
        std::chrono::ceil<std::chrono::milliseconds>(deadline - SshSession::Clock::now()).count();
    return static_cast<int>(std::min(std::max(left, 0LL), 60'000LL));
}

}  // namespace

SshSession::SshSession(pid_t pid, int stdin_fd, int stdout_fd, int stderr_fd,
                       std::unique_ptr<load::LoadWatchdog> watchdog)
    : pid_(pid), in_(stdin_fd), out_(stdout_fd), err_(stderr_fd), watchdog_(std::move(watchdog)) {}

SshSession::~SshSession() {
    terminate(std::chrono::milliseconds(0));
    close_fd(out_);
    close_fd(err_);
}

void SshSession::drain_stderr() {
    if (err_ < 0) {
        return;
    }
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(err_, buf, sizeof buf);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
                close_fd(err_);
            }
            return;
        }
        std::lock_guard lock(mutex_);
        err_buf_.append(buf, static_cast<std::size_t>(n));
        if (err_buf_.size() > stderr_keep) {
            err_buf_.erase(0, err_buf_.size() - stderr_keep);
        }
    }
}

std::optional<std::string> SshSession::read_line(Clock::time_point deadline, std::size_t max_line) {
    for (;;) {
        if (const auto nl = out_buf_.find('\n'); nl != std::string::npos) {
            std::string line = out_buf_.substr(0, nl);
            out_buf_.erase(0, nl + 1);
            return line;
        }
        if (out_buf_.size() > max_line) {
            out_buf_.clear();
            close_fd(out_);
        }
        if (out_ < 0) {
            eof_ = true;
            drain_stderr();
            return std::nullopt;
        }
        pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
        const int n = ::poll(fds, err_ >= 0 ? 2 : 1, millis_until(deadline));
        if (n < 0 && errno != EINTR) {
            close_fd(out_);
            continue;
        }
        if (err_ >= 0 && fds[1].revents) {
            drain_stderr();
        }
        if (n > 0 && fds[0].revents) {
            char buf[4096];
            const ssize_t got = ::read(out_, buf, sizeof buf);
            if (got > 0) {
                out_buf_.append(buf, static_cast<std::size_t>(got));
                continue;
            }
            if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
                close_fd(out_);
            }
            continue;
        }
        if (Clock::now() >= deadline) {
            return std::nullopt;
        }
    }
}

void SshSession::close_stdin() {
    std::lock_guard lock(mutex_);
    close_fd(in_);
}

bool SshSession::reap(bool block) {
    std::lock_guard lock(mutex_);
    if (status_) {
        return true;
    }
    int status = 0;
    for (;;) {
        const pid_t r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
        if (r == pid_) {
            status_ = status;
            return true;
        }
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r < 0) {
            status_ = -1;  // not our child any more (reaped elsewhere): nothing left to wait for
            return true;
        }
        return false;
    }
}

bool SshSession::wait_exit(Clock::time_point deadline) {
    for (;;) {
        if (reap(false)) {
            return true;
        }
        if (Clock::now() >= deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void SshSession::terminate(std::chrono::milliseconds grace) {
    close_stdin();
    if (pid_ <= 0) {
        return;
    }
    if (!wait_exit(Clock::now() + grace)) {
        ::kill(-pid_, SIGTERM);
        if (!wait_exit(Clock::now() + std::chrono::seconds(1))) {
            ::kill(-pid_, SIGKILL);
            reap(true);
        }
    }
    // ssh forks nothing of its own, but a ProxyCommand from ssh_options runs in its group and
    // may outlive it.
    if (::kill(-pid_, 0) == 0) {
        ::kill(-pid_, SIGKILL);
    }
    std::lock_guard lock(watchdog_mutex_);
    if (watchdog_) {
        if (::kill(-pid_, 0) != 0) {
            watchdog_->forget(pid_);
        }
        watchdog_->stop();  // ends what the SIGKILL has not yet, at the latest
        watchdog_.reset();
    }
}

int SshSession::exit_status() const {
    std::lock_guard lock(mutex_);
    if (!status_ || *status_ < 0 || !WIFEXITED(*status_)) {
        return -1;
    }
    return WEXITSTATUS(*status_);
}

bool SshSession::exited() const {
    std::lock_guard lock(mutex_);
    return status_.has_value();
}

std::string SshSession::stderr_text() const {
    std::lock_guard lock(mutex_);
    return err_buf_;
}

std::string SshSession::last_stderr_line() const {
    const std::string text = stderr_text();
    std::size_t end = text.size();
    while (end > 0) {
        while (end > 0 &&
               (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' ')) {
            --end;
        }
        const std::size_t start = text.rfind('\n', end == 0 ? 0 : end - 1);
        const std::size_t from = start == std::string::npos ? 0 : start + 1;
        if (end > from) {
            return text.substr(from, end - from);
        }
        end = from;
    }
    return {};
}

}  // namespace wattbench::core::remote
