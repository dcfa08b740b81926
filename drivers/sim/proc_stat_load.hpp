#pragma once

#include <string>

#include "drivers/cpu/proc_stat.hpp"
#include "drivers/sim/cpu_load.hpp"

namespace wattbench::drivers::sim {

// CPU use from the deltas of /proc/stat (or a fixture file standing in for it). The logical
// CPU count is the number of "cpuN" lines, so a fixture from another machine is modelled as
// that machine; without any, it falls back to std::thread::hardware_concurrency().
class ProcStatLoad final : public CpuLoad {
public:
    explicit ProcStatLoad(std::string path);
    ~ProcStatLoad() override;
    ProcStatLoad(const ProcStatLoad&) = delete;
    ProcStatLoad& operator=(const ProcStatLoad&) = delete;

    std::optional<api::DeviceError> start() override;
    std::variant<CpuUse, api::DeviceError> sample() override;

private:
    std::variant<cpu::ProcStat, api::DeviceError> read(api::ErrorKind failure);

    std::string path_;
    // Kept open and re-read from offset 0: the sampler polls this every interval, and an
    // open/stream/close cycle per poll cost more than everything else the sampler does.
    int fd_ = -1;
    std::string buffer_;
    cpu::CpuTimes baseline_;
    CpuUse last_;
};

}  // namespace wattbench::drivers::sim
