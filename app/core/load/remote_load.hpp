#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/core/load/load.hpp"
#include "app/core/remote/remote_target.hpp"
#include "app/core/remote/ssh_session.hpp"

namespace wattbench::core::load {

struct RemoteLoadSettings {
    // After `wattbench load`: {"cpu", "--workers", "2", "--cpus", "0,1", …}.
    std::vector<std::string> args;
    std::vector<int> cpus;                  // where the workers are pinned on the target
    std::string description;                // of the load as it runs there
    std::chrono::milliseconds grace{3000};  // stdin closed → SIGTERM to ssh
};

// A cpu or disk load running on the target as `wattbench load …` through ssh, the same load
// classes doing the work there. start() returns once the target says `ready` (or with ssh's
// error); stop() closes ssh's stdin, which ends the remote load, and ends the session for good
// after the grace period. A disk load's bytes written there count into `disk_bytes`, as a
// local one's do; losing the connection mid-phase ends the phase as failed.
class RemoteLoad final : public Load {
public:
    RemoteLoad(std::shared_ptr<const remote::RemoteTarget> target, RemoteLoadSettings settings,
               std::shared_ptr<std::atomic<std::uint64_t>> disk_bytes = nullptr);
    ~RemoteLoad() override { stop(); }

    std::optional<std::string> start() override;
    void stop() override;
    std::string describe() const override;
    std::vector<int> cpus() const override { return settings_.cpus; }
    std::string failure() const override;
    std::optional<LoadExit> exited() const override;
    void set_wake(std::function<void()> wake) override { wake_ = std::move(wake); }

    // The local ssh process group while the load runs (0 otherwise), for tests.
    pid_t ssh_pid() const { return ssh_pid_.load(); }

private:
    void read_loop();
    // Handles one line; false when it ends the session's output.
    bool handle(const std::string& line);

    std::shared_ptr<const remote::RemoteTarget> target_;
    RemoteLoadSettings settings_;
    std::shared_ptr<std::atomic<std::uint64_t>> disk_bytes_;
    std::function<void()> wake_;
    std::unique_ptr<remote::SshSession> session_;
    std::thread reader_;
    std::atomic<bool> stopping_{false};
    std::atomic<pid_t> ssh_pid_{0};
    std::uint64_t remote_bytes_ = 0;  // disk_bytes last reported by the target
    mutable std::mutex mutex_;
    std::string failure_;
    std::optional<LoadExit> exited_;
};

}  // namespace wattbench::core::load
