#include "drivers/rapl/settings.hpp"

#include "drivers/common/local_machine.hpp"

namespace wattbench::drivers::rapl {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    Settings s;
    if (auto e = common::take_local_machine(config, "rapl", s.root)) {
        return *e;
    }
    auto& o = config.options;
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::rapl
