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

// A meter's declared accuracy for a channel: ±(of_reading · |reading| + of_range · range).
// `range` is 0 when auto-ranging leaves it unknown; the range term then counts against the
// reading itself, the worst case of a reading at the top of its range.
struct Accuracy {
    double of_reading = 0.0;
    double of_range = 0.0;
    double range = 0.0;
};

struct ChannelSpec {
    std::string name;  // lower case, [a-z0-9_], unique within its device
    Quantity quantity = Quantity::other;
    std::string unit;  // "W", "VA", "1", "V", "A", "Hz", "Wh", "degC", "RPM", "dBA", "%", "state"
    std::optional<double> display_min;
    std::optional<double> display_max;
    Thresholds thresholds;
    std::vector<std::string> states;   // discrete channels: the texts the value may take
    bool key = false;                  // shown in the terminal status line and report by default
    std::optional<Accuracy> accuracy;  // wattmeters' power channels

    bool discrete() const { return quantity == Quantity::state; }
};

}  // namespace wattbench::drivers::api
