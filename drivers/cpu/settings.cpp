#include "drivers/cpu/settings.hpp"

#include "drivers/common/local_machine.hpp"

namespace wattbench::drivers::cpu {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    return common::parse_local_settings<Settings>(
        config, "cpu", [](Settings& s, api::Options& o) -> std::optional<api::DeviceError> {
            if (auto v = o.take_bool("per_cpu")) {
                s.per_cpu = *v;
            }
            if (auto v = o.take_bool("frequency")) {
                s.frequency = *v;
            }
            return std::nullopt;
        });
}

}  // namespace wattbench::drivers::cpu
