#include "drivers/voltcraft/register.hpp"

namespace wattbench::drivers::voltcraft {
namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create(api::DeviceConfig&) {
    return api::DeviceError{api::ErrorKind::config,
                            "voltcraft-el4000 logs to its SD card and has no live interface: "
                            "record the run with another meter or none, then merge the card "
                            "with `wattbench import el4000 SD_FOLDER RUN_DIR`"};
}

}  // namespace

api::DriverInfo el4000_driver_info() {
    return api::DriverInfo{"voltcraft-el4000",
                           "Voltcraft Energy Logger 3500/4000 SD-card files (import only)", "file",
                           "file:///media/sdcard", &create};
}

}  // namespace wattbench::drivers::voltcraft
