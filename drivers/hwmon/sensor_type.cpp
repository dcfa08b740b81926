#include "drivers/hwmon/sensor_type.hpp"

#include <array>
#include <charconv>

namespace wattbench::drivers::hwmon {

namespace {

// Millidegrees, RPM, millivolts, milliamperes and microwatts, per the kernel's ABI.
constexpr std::array<SensorType, 5> kTypes{{
    {"temp", api::Quantity::temperature, "degC", 1e-3, "input"},
    {"fan", api::Quantity::fan, "RPM", 1.0, "input"},
    {"in", api::Quantity::voltage, "V", 1e-3, "input"},
    {"curr", api::Quantity::current, "A", 1e-3, "input"},
    {"power", api::Quantity::power, "W", 1e-6, "input"},
}};

}  // namespace

const SensorType* find_sensor_type(std::string_view prefix) {
    for (const auto& t : kTypes) {
        if (t.prefix == prefix) {
            return &t;
        }
    }
    return nullptr;
}

std::optional<AttributeName> parse_attribute_name(std::string_view name) {
    std::size_t digits = 0;
    while (digits < name.size() && !(name[digits] >= '0' && name[digits] <= '9')) {
        ++digits;
    }
    const SensorType* type = find_sensor_type(name.substr(0, digits));
    if (!type) {
        return std::nullopt;
    }
    const std::size_t underscore = name.find('_', digits);
    if (underscore == std::string_view::npos || underscore == digits ||
        underscore + 1 >= name.size()) {
        return std::nullopt;
    }
    unsigned index = 0;
    const char* first = name.data() + digits;
    const char* last = name.data() + underscore;
    auto [end, ec] = std::from_chars(first, last, index);
    if (ec != std::errc{} || end != last) {
        return std::nullopt;
    }
    return AttributeName{type, index, name.substr(underscore + 1)};
}

}  // namespace wattbench::drivers::hwmon
