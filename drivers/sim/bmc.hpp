#pragma once

#include <cstddef>
#include <string>

#include "drivers/sim/sim_device.hpp"

namespace wattbench::drivers::sim {

// sim://bmc: the server's baseboard management controller as IPMI shows it, with sensor
// names already in channel form and the thresholds a real SDR would carry.
class Bmc final : public SimDevice {
public:
    enum Channel : std::size_t {
        system_temp,
        cpu_temp,
        fan_1,
        fan_2,
        volt_12,
        volt_5,
        volt_3_3,
    };

    // The discrete CPU temperature: "Low", then "Medium" above 40 degC and "High" above 50 degC
    // of system temperature, so in normal use it says "Low" like the reference BMC did.
    static std::size_t cpu_temp_state(double system_temperature);
    static const std::vector<std::string>& cpu_temp_states();

    Bmc(const Settings& settings, std::unique_ptr<CpuLoad> load, std::shared_ptr<Clock> clock);

protected:
    std::vector<api::Reading> read(Seconds dt) override;
};

}  // namespace wattbench::drivers::sim
