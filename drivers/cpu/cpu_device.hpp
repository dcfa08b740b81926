#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "drivers/common/local_device.hpp"
#include "drivers/cpu/proc_stat.hpp"
#include "drivers/cpu/settings.hpp"

namespace wattbench::drivers::cpu {

// Utilisation (total and per logical CPU) from /proc/stat deltas between polls, and the
// current clock per CPU from cpufreq (or /proc/cpuinfo where cpufreq is absent).
class CpuDevice final : public common::LocalDevice {
public:
    explicit CpuDevice(Settings settings);

    std::optional<api::DeviceError> open() override;

private:
    enum class FreqSource { none, cpufreq, cpuinfo };

    std::variant<ProcStat, api::DeviceError> read_stat() const;
    std::string path(const std::string& rel) const;
    std::string cpufreq_path(unsigned cpu) const;
    api::PollResult read() override;
    void discover(const ProcStat& stat);
    void add_frequency(api::PollResult& out);

    Settings settings_;
    std::vector<unsigned> cpu_indices_;  // per-CPU channels, in channel order
    std::size_t first_util_ = 1;
    std::size_t first_freq_ = 0;
    FreqSource freq_source_ = FreqSource::none;
    std::optional<ProcStat> previous_;
};

}  // namespace wattbench::drivers::cpu
