#include "drivers/redfish/password.hpp"

#include "drivers/http/password.hpp"

namespace wattbench::drivers::redfish {

std::variant<std::string, api::DeviceError> load_password(const std::string& file) {
    return http::load_password(file, "WATTBENCH_REDFISH_PASSWORD", "BMC password");
}

}  // namespace wattbench::drivers::redfish
