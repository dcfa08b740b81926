#include "app/core/load/remote_load.hpp"

#include <fmt/format.h>

#include "app/core/remote/remote_load_line.hpp"

namespace wattbench::core::load {

using remote::parse_remote_line;
using remote::RemoteEnd;
using remote::RemoteError;
using remote::RemoteLine;
using remote::RemoteLineError;
using remote::RemoteReady;
using remote::RemoteStatus;
using remote::SshSession;

namespace {

std::string ssh_said(const SshSession& s) {
    const std::string line = s.last_stderr_line();
    return line.empty() ? std::string() : fmt::format(" (ssh: {})", line);
}

}  // namespace

RemoteLoad::RemoteLoad(std::shared_ptr<const remote::RemoteTarget> target,
                       RemoteLoadSettings settings,
                       std::shared_ptr<std::atomic<std::uint64_t>> disk_bytes)
    : target_(std::move(target)),
      settings_(std::move(settings)),
      disk_bytes_(std::move(disk_bytes)) {}

std::optional<std::string> RemoteLoad::start() {
    if (session_) {
        return std::nullopt;
    }
    stopping_.store(false);
    {
        std::lock_guard lock(mutex_);
        failure_.clear();
        exited_.reset();
    }
    remote_bytes_ = 0;
    const std::string who = fmt::format("target '{}'", target_->ssh().destination());
    auto started = target_->ssh().start(target_->load_argv(settings_.args));
    if (auto* e = std::get_if<std::string>(&started)) {
        return fmt::format("{}: {}", who, *e);
    }
    auto session = std::move(std::get<std::unique_ptr<SshSession>>(started));
    const auto deadline = SshSession::Clock::now() + target_->ready_timeout();
    std::string remote_error;
    for (;;) {
        auto line = session->read_line(deadline);
        if (!line) {
            session->terminate(std::chrono::milliseconds(0));
            session->read_line(SshSession::Clock::now());
            if (!remote_error.empty()) {
                return fmt::format("{}: {}", who, remote_error);
            }
            return fmt::format("{}: '{} load {}' did not start{}{}", who,
                               target_->settings().wattbench, settings_.args.front(),
                               session->at_eof()
                                   ? fmt::format(" (exit status {})", session->exit_status())
                                   : " in time",
                               ssh_said(*session));
        }
        auto parsed = parse_remote_line(*line);
        if (auto* e = std::get_if<RemoteLineError>(&parsed)) {
            session->terminate(std::chrono::milliseconds(0));
            return fmt::format("{}: unexpected output from wattbench there at byte {}: {}", who,
                               e->offset, e->message);
        }
        const auto& l = std::get<RemoteLine>(parsed);
        if (auto* err = std::get_if<RemoteError>(&l)) {
            remote_error = err->message;
        } else if (std::holds_alternative<RemoteReady>(l)) {
            break;
        }
    }
    ssh_pid_.store(session->pid());
    session_ = std::move(session);
    reader_ = std::thread([this] { read_loop(); });
    return std::nullopt;
}

bool RemoteLoad::handle(const std::string& text) {
    auto parsed = parse_remote_line(text);
    if (auto* e = std::get_if<RemoteLineError>(&parsed)) {
        std::lock_guard lock(mutex_);
        if (failure_.empty()) {
            failure_ = fmt::format("unexpected output from the target at byte {}: {}", e->offset,
                                   e->message);
        }
        return true;
    }
    const auto& l = std::get<RemoteLine>(parsed);
    if (const auto* s = std::get_if<RemoteStatus>(&l)) {
        if (s->disk_bytes && disk_bytes_ && *s->disk_bytes >= remote_bytes_) {
            disk_bytes_->fetch_add(*s->disk_bytes - remote_bytes_, std::memory_order_relaxed);
            remote_bytes_ = *s->disk_bytes;
        }
    } else if (const auto* e = std::get_if<RemoteError>(&l)) {
        std::lock_guard lock(mutex_);
        if (failure_.empty()) {
            failure_ = e->message;
        }
    } else if (std::holds_alternative<RemoteEnd>(l)) {
        return false;
    }
    return true;
}

void RemoteLoad::read_loop() {
    bool ended = false;
    while (!ended) {
        auto line = session_->read_line(SshSession::Clock::now() + std::chrono::milliseconds(200));
        if (line) {
            ended = !handle(*line);
            continue;
        }
        if (session_->at_eof()) {
            ended = true;
        } else if (stopping_.load()) {
            // Asked to stop and the target has not finished within the grace period: stop()
            // ends the session; keep reading what is left until then.
            continue;
        }
    }
    if (stopping_.load()) {
        return;
    }
    // The output ended while the phase still wanted the load: the target or the link is gone.
    session_->wait_exit(SshSession::Clock::now() + std::chrono::milliseconds(500));
    session_->read_line(SshSession::Clock::now());
    {
        std::lock_guard lock(mutex_);
        const std::string why = fmt::format(
            "the remote load on '{}' ended unexpectedly{}{}", target_->ssh().destination(),
            failure_.empty() ? "" : ": " + failure_, ssh_said(*session_));
        failure_ = why;
        exited_ = LoadExit{true, why};
    }
    if (wake_) {
        wake_();
    }
}

void RemoteLoad::stop() {
    if (!session_) {
        return;
    }
    stopping_.store(true);
    session_->close_stdin();
    // The target ends the load when its stdin closes, says `end`, and ssh exits; a target that
    // does not within the grace period has its session ended for it (SIGTERM, then SIGKILL).
    session_->wait_exit(SshSession::Clock::now() + settings_.grace);
    session_->terminate(std::chrono::milliseconds(0));
    if (reader_.joinable()) {
        reader_.join();
    }
    session_.reset();
    ssh_pid_.store(0);
}

std::string RemoteLoad::describe() const {
    return fmt::format("on {} over ssh: {}", target_->ssh().destination(), settings_.description);
}

std::string RemoteLoad::failure() const {
    std::lock_guard lock(mutex_);
    return failure_;
}

std::optional<LoadExit> RemoteLoad::exited() const {
    std::lock_guard lock(mutex_);
    return exited_;
}

}  // namespace wattbench::core::load
