#include "app/core/report/wall_power.hpp"

#include <algorithm>
#include <array>

namespace wattbench::core::report {

bool is_bmc_driver(std::string_view driver) {
    constexpr std::array<std::string_view, 2> bmc_drivers{"ipmi", "redfish"};
    return std::find(bmc_drivers.begin(), bmc_drivers.end(), driver) != bmc_drivers.end();
}

bool is_power_channel(const PhaseRow& row) {
    return row.channel == "power" && row.unit == "W";
}

bool is_bmc_device(const RunData& run, std::string_view id) {
    const auto& devices = run.info.devices;
    const auto it =
        std::find_if(devices.begin(), devices.end(), [&](const auto& d) { return d.id == id; });
    return it != devices.end() && is_bmc_driver(it->driver);
}

bool is_wall_power(const RunData& run, const PhaseRow& row) {
    return is_power_channel(row) && !is_bmc_device(run, row.device);
}

}  // namespace wattbench::core::report
