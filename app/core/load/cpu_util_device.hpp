#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/cpu/proc_stat.hpp"

namespace wattbench::core::load {

// The achieved CPU load, measured by the engine itself rather than by a profile device: the
// run's `host` device with `cpu_util` (whole machine) and `cpuN_util` for each CPU a phase pins
// workers to, in percent busy since the previous poll, from /proc/stat; with a disk byte
// counter also `disk_write`, the disk loads' write rate in MB/s (10^6 bytes per second).
class CpuUtilDevice final : public drivers::api::Device {
public:
    static constexpr const char* device_id = "host";
    static constexpr const char* driver_name = "wattbench-cpu-util";

    explicit CpuUtilDevice(std::vector<int> cpus, std::string proc_stat = "/proc/stat",
                           std::shared_ptr<const std::atomic<std::uint64_t>> disk_bytes = nullptr);
    ~CpuUtilDevice() override { close(); }

    static std::string channel_name(int cpu);

    const std::vector<drivers::api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<drivers::api::DeviceError> open() override;
    drivers::api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    drivers::api::DeviceIdentity identity() const override;

private:
    std::optional<drivers::cpu::ProcStat> read();

    std::vector<int> cpus_;
    std::string path_;
    std::vector<drivers::api::ChannelSpec> channels_;
    int fd_ = -1;
    std::string buffer_;
    drivers::cpu::ProcStat previous_;
    std::shared_ptr<const std::atomic<std::uint64_t>> disk_bytes_;
    std::uint64_t previous_bytes_ = 0;
    std::chrono::steady_clock::time_point previous_time_{};
};

}  // namespace wattbench::core::load
