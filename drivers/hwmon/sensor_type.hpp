#pragma once

#include <optional>
#include <string_view>

#include "drivers/api/quantity.hpp"

namespace wattbench::drivers::hwmon {

// One row of the hwmon sysfs ABI (Documentation/hwmon/sysfs-interface.rst): the file prefix,
// what it measures, and the factor from the file's integer to the channel's unit.
struct SensorType {
    std::string_view prefix;  // "temp", "fan", "in", "curr", "power"
    api::Quantity quantity;
    std::string_view unit;
    double scale;
    std::string_view input;  // the attribute holding the reading
};

const SensorType* find_sensor_type(std::string_view prefix);

// "temp1_input" → {temp, 1, "input"}; nullopt for anything that is not a sensor attribute.
struct AttributeName {
    const SensorType* type = nullptr;
    unsigned index = 0;
    std::string_view attribute;
};
std::optional<AttributeName> parse_attribute_name(std::string_view file_name);

}  // namespace wattbench::drivers::hwmon
