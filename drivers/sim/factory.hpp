#pragma once

#include <memory>
#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/sim/clock.hpp"
#include "drivers/sim/cpu_load.hpp"
#include "drivers/sim/settings.hpp"

namespace wattbench::drivers::sim {

// The device for `settings.kind`, with the load and clock supplied (tests inject both).
std::unique_ptr<api::Device> make_device(const Settings& settings, std::unique_ptr<CpuLoad> load,
                                         std::shared_ptr<Clock> clock);

// The registry factory: validates the configuration, then builds a device that reads
// `proc_stat` and the steady clock. No I/O happens until open().
std::variant<std::unique_ptr<api::Device>, api::DeviceError> create_device(
    api::DeviceConfig& config);

}  // namespace wattbench::drivers::sim
