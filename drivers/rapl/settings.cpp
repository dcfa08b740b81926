#include "drivers/rapl/settings.hpp"

#include "drivers/common/local_machine.hpp"

namespace wattbench::drivers::rapl {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    return common::parse_local_settings<Settings>(config, "rapl");
}

}  // namespace wattbench::drivers::rapl
