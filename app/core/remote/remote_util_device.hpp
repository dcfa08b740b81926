#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/core/remote/remote_target.hpp"
#include "app/core/remote/ssh_session.hpp"
#include "drivers/api/device.hpp"

namespace wattbench::core::remote {

// The run's `host` device when the machine under test is a remote target: the same channels
// as CpuUtilDevice (cpu_util, cpuN_util, disk_write), but the utilisation is the target's, read
// from a `wattbench load idle` session kept open there for the whole run. The target reports
// more often than the run polls; a poll gives the mean of the reports since the previous poll,
// weighted by the time each covers, or `unavailable` when none came. disk_write comes from the
// byte counter remote disk loads add to, like the local one.
class RemoteUtilDevice final : public drivers::api::Device {
public:
    static constexpr const char* driver_name = "wattbench-remote-cpu-util";

    RemoteUtilDevice(std::shared_ptr<const RemoteTarget> target, std::vector<int> cpus,
                     std::chrono::milliseconds report_interval,
                     std::shared_ptr<const std::atomic<std::uint64_t>> disk_bytes = nullptr);
    ~RemoteUtilDevice() override { close(); }

    // How often the target should report for a run polling every `poll_interval`.
    static std::chrono::milliseconds report_interval_for(std::chrono::nanoseconds poll_interval);

    const std::vector<drivers::api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<drivers::api::DeviceError> open() override;
    drivers::api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    drivers::api::DeviceIdentity identity() const override;

    // The local ssh process while open (0 otherwise), for tests.
    pid_t ssh_pid() const;

private:
    struct Sum {
        double weighted = 0.0;
        double weight = 0.0;
    };
    void read_loop();

    std::shared_ptr<const RemoteTarget> target_;
    std::vector<int> cpus_;
    std::chrono::milliseconds report_interval_;
    std::shared_ptr<const std::atomic<std::uint64_t>> disk_bytes_;
    std::vector<drivers::api::ChannelSpec> channels_;
    std::unique_ptr<SshSession> session_;
    std::thread reader_;
    std::atomic<bool> closing_{false};
    std::uint64_t previous_bytes_ = 0;
    std::chrono::steady_clock::time_point previous_time_{};

    mutable std::mutex mutex_;  // guards the fields below
    std::map<std::string, Sum> sums_;
    bool lost_ = false;
    std::string lost_message_;
};

}  // namespace wattbench::core::remote
