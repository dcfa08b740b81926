#include "drivers/cpu/settings.hpp"

#include "drivers/common/local_machine.hpp"

namespace wattbench::drivers::cpu {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    Settings s;
    if (auto e = common::take_local_machine(config, "cpu", s.root)) {
        return *e;
    }
    auto& o = config.options;
    if (auto v = o.take_bool("per_cpu")) {
        s.per_cpu = *v;
    }
    if (auto v = o.take_bool("frequency")) {
        s.frequency = *v;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::cpu
