#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/cpu/proc_stat.hpp"
#include "drivers/cpu/settings.hpp"

namespace wattbench::drivers::cpu {

// Utilisation (total and per logical CPU) from /proc/stat deltas between polls, and the
// current clock per CPU from cpufreq (or /proc/cpuinfo where cpufreq is absent).
class CpuDevice final : public api::Device {
public:
    explicit CpuDevice(Settings settings);

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override { open_ = false; }
    api::DeviceIdentity identity() const override { return identity_; }

private:
    enum class FreqSource { none, cpufreq, cpuinfo };

    std::variant<ProcStat, api::DeviceError> read_stat() const;
    std::string path(const std::string& rel) const;
    std::string cpufreq_path(unsigned cpu) const;
    void discover(const ProcStat& stat);
    void add_frequency(api::PollResult& out);

    Settings settings_;
    std::vector<api::ChannelSpec> channels_;
    std::vector<unsigned> cpu_indices_;  // per-CPU channels, in channel order
    std::size_t first_util_ = 1;
    std::size_t first_freq_ = 0;
    FreqSource freq_source_ = FreqSource::none;
    bool discovered_ = false;
    bool open_ = false;
    std::optional<ProcStat> previous_;
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::cpu
