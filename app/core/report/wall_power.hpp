#pragma once

#include <string_view>

#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// A BMC names its chassis input power `power` too (Redfish's `bmc/power`), but it is the power
// supplies' own estimate, not an analyzer's reading: SPEC's analyzer limits (uncertainty,
// invalid wall power readings) and the score per watt must not pick it over the wall meter.
bool is_bmc_driver(std::string_view driver);

// The device `id` runs a BMC driver (per the manifest; a device it does not list is not).
bool is_bmc_device(const RunData& run, std::string_view id);

// `power` in W on a device that is not a BMC: what the analyzer rules hold to their limits.
bool is_wall_power(const RunData& run, const PhaseRow& row);

// `power` in W on any device, a BMC's included.
bool is_power_channel(const PhaseRow& row);

}  // namespace wattbench::core::report
