#pragma once

#include <string>

#include "drivers/sim/cpu_load.hpp"
#include "drivers/sim/proc_stat.hpp"

namespace wattbench::drivers::sim {

// CPU use from the deltas of /proc/stat (or a fixture file standing in for it). The logical
// CPU count is the number of "cpuN" lines, so a fixture from another machine is modelled as
// that machine; without any, it falls back to std::thread::hardware_concurrency().
class ProcStatLoad final : public CpuLoad {
  public:
    explicit ProcStatLoad(std::string path);

    std::optional<api::DeviceError> start() override;
    std::variant<CpuUse, api::DeviceError> sample() override;

  private:
    std::variant<ProcStat, api::DeviceError> read(api::ErrorKind failure) const;

    std::string path_;
    CpuTimes baseline_;
    CpuUse last_;
};

}  // namespace wattbench::drivers::sim
