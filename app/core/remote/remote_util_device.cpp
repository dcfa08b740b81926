#include "app/core/remote/remote_util_device.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "app/core/load/cpu_util_device.hpp"
#include "app/core/remote/remote_load_line.hpp"

namespace wattbench::core::remote {

using drivers::api::DeviceError;
using drivers::api::ErrorKind;

RemoteUtilDevice::RemoteUtilDevice(std::shared_ptr<const RemoteTarget> target,
                                   std::vector<int> cpus, std::chrono::milliseconds report_interval,
                                   std::shared_ptr<const std::atomic<std::uint64_t>> disk_bytes)
    : target_(std::move(target)),
      cpus_(std::move(cpus)),
      report_interval_(report_interval),
      disk_bytes_(std::move(disk_bytes)) {
    // Same channel table as the local device, so phases.csv, the achieved-load check and the
    // report read a remote run exactly like a local one.
    channels_ = load::CpuUtilDevice(cpus_, "/proc/stat", disk_bytes_).channels();
}

std::chrono::milliseconds RemoteUtilDevice::report_interval_for(
    std::chrono::nanoseconds poll_interval) {
    // Twice per poll: every poll then normally gets a report even when the two clocks drift
    // against each other, without a wake-up on the target much more often than needed.
    const auto half = std::chrono::duration_cast<std::chrono::milliseconds>(poll_interval / 2);
    return std::clamp(half, std::chrono::milliseconds(100), std::chrono::milliseconds(1000));
}

std::optional<DeviceError> RemoteUtilDevice::open() {
    close();
    closing_.store(false);
    {
        std::lock_guard lock(mutex_);
        sums_.clear();
        lost_ = false;
        lost_message_.clear();
    }
    const std::string who = fmt::format("target '{}'", target_->ssh().destination());
    auto started = target_->ssh().start(
        target_->load_argv({"idle", "--interval", fmt::format("{}ms", report_interval_.count()),
                            "--cpus", format_cpu_list(cpus_)}));
    if (auto* e = std::get_if<std::string>(&started)) {
        return DeviceError{ErrorKind::unreachable, fmt::format("{}: {}", who, *e)};
    }
    auto session = std::move(std::get<std::unique_ptr<SshSession>>(started));
    const auto deadline = SshSession::Clock::now() + target_->ready_timeout();
    for (;;) {
        auto line = session->read_line(deadline);
        if (!line) {
            session->terminate(std::chrono::milliseconds(0));
            session->read_line(SshSession::Clock::now());
            const auto said = session->last_stderr_line();
            return DeviceError{ErrorKind::unreachable,
                               fmt::format("{}: the utilisation monitor did not start{}", who,
                                           said.empty() ? "" : " (ssh: " + said + ")")};
        }
        auto parsed = parse_remote_line(*line);
        if (auto* l = std::get_if<RemoteLine>(&parsed);
            l && std::holds_alternative<RemoteReady>(*l)) {
            break;
        }
    }
    session_ = std::move(session);
    previous_time_ = std::chrono::steady_clock::now();
    previous_bytes_ = disk_bytes_ ? disk_bytes_->load(std::memory_order_relaxed) : 0;
    reader_ = std::thread([this] { read_loop(); });
    return std::nullopt;
}

void RemoteUtilDevice::read_loop() {
    while (!closing_.load()) {
        auto line = session_->read_line(SshSession::Clock::now() + std::chrono::milliseconds(200));
        if (!line) {
            if (session_->at_eof()) {
                break;
            }
            continue;
        }
        auto parsed = parse_remote_line(*line);
        const auto* l = std::get_if<RemoteLine>(&parsed);
        const auto* s = l ? std::get_if<RemoteStatus>(l) : nullptr;
        if (!s) {
            continue;
        }
        const double w = std::max(s->dt, 1e-3);
        std::lock_guard lock(mutex_);
        for (const auto& [name, value] : s->values) {
            if (value) {
                auto& sum = sums_[name];
                sum.weighted += *value * w;
                sum.weight += w;
            }
        }
    }
    if (closing_.load()) {
        return;
    }
    session_->wait_exit(SshSession::Clock::now() + std::chrono::milliseconds(500));
    session_->read_line(SshSession::Clock::now());
    const auto said = session_->last_stderr_line();
    std::lock_guard lock(mutex_);
    lost_ = true;
    lost_message_ =
        fmt::format("target '{}': the utilisation monitor ended{}", target_->ssh().destination(),
                    said.empty() ? "" : " (ssh: " + said + ")");
}

drivers::api::PollResult RemoteUtilDevice::poll(
    std::chrono::steady_clock::time_point /*deadline*/) {
    drivers::api::PollResult result;
    std::map<std::string, Sum> sums;
    {
        std::lock_guard lock(mutex_);
        if (lost_) {
            result.error = DeviceError{ErrorKind::link_lost, lost_message_};
            return result;
        }
        sums.swap(sums_);
    }
    for (std::size_t i = 0; i < channels_.size(); ++i) {
        drivers::api::Reading r;
        r.channel = i;
        const auto& name = channels_[i].name;
        if (name == "disk_write" && disk_bytes_) {
            const auto t = std::chrono::steady_clock::now();
            const auto bytes = disk_bytes_->load(std::memory_order_relaxed);
            const double dt = std::chrono::duration<double>(t - previous_time_).count();
            if (dt > 0.0) {
                r.value = static_cast<double>(bytes - previous_bytes_) / dt / 1e6;
            } else {
                r.status = drivers::api::Status::unavailable;
            }
            previous_bytes_ = bytes;
            previous_time_ = t;
        } else if (const auto it = sums.find(name); it != sums.end() && it->second.weight > 0.0) {
            r.value = it->second.weighted / it->second.weight;
        } else {
            r.status = drivers::api::Status::unavailable;
        }
        result.readings.push_back(std::move(r));
    }
    return result;
}

void RemoteUtilDevice::close() {
    if (!session_) {
        return;
    }
    closing_.store(true);
    session_->close_stdin();
    session_->wait_exit(SshSession::Clock::now() + std::chrono::seconds(3));
    session_->terminate(std::chrono::milliseconds(0));
    if (reader_.joinable()) {
        reader_.join();
    }
    session_.reset();
}

pid_t RemoteUtilDevice::ssh_pid() const {
    return session_ ? session_->pid() : 0;
}

drivers::api::DeviceIdentity RemoteUtilDevice::identity() const {
    return {"wattbench",
            fmt::format("CPU utilisation of {} over ssh", target_->ssh().destination()), "",
            target_->info().version};
}

}  // namespace wattbench::core::remote
