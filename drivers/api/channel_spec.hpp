#pragma once

#include <optional>
#include <string>
#include <vector>

#include "drivers/api/quantity.hpp"

namespace wattbench::drivers::api {

// The six IPMI-style limits. Any may be absent; sensors rarely declare all of them.
struct Thresholds {
    std::optional<double> lower_non_recoverable;
    std::optional<double> lower_critical;
    std::optional<double> lower_non_critical;
    std::optional<double> upper_non_critical;
    std::optional<double> upper_critical;
    std::optional<double> upper_non_recoverable;

    bool empty() const {
        return !lower_non_recoverable && !lower_critical && !lower_non_critical &&
               !upper_non_critical && !upper_critical && !upper_non_recoverable;
    }
};

struct ChannelSpec {
    std::string name;  // lower case, [a-z0-9_], unique within its device
    Quantity quantity = Quantity::other;
    std::string unit;  // "W", "VA", "1", "V", "A", "Hz", "Wh", "degC", "RPM", "dBA", "%", "state"
    std::optional<double> display_min;
    std::optional<double> display_max;
    Thresholds thresholds;
    std::vector<std::string> states;  // discrete channels: the texts the value may take
    bool key = false;                 // shown in the terminal status line and report by default

    bool discrete() const { return quantity == Quantity::state; }
};

}  // namespace wattbench::drivers::api
