#include "drivers/sim/register.hpp"

#include "drivers/sim/factory.hpp"

namespace wattbench::drivers::sim {

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "sim",          "simulated wattmeter, BMC and sound meter (power follows real CPU use)",
        "none",         "sim://wattmeter",
        &create_device,
    };
}

}  // namespace wattbench::drivers::sim
