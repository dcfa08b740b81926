#include "drivers/yokogawa/channels.hpp"

namespace wattbench::drivers::yokogawa {

const std::vector<api::ChannelSpec>& channel_table() {
    using api::Quantity;
    static const std::vector<api::ChannelSpec> table = [] {
        std::vector<api::ChannelSpec> t(channel_count);
        t[power] = {"power", Quantity::power, "W", 0.0, 1000.0, {}, {}, true};
        t[apparent_power] = {
            "apparent_power", Quantity::apparent_power, "VA", 0.0, 1000.0, {}, {}, true};
        t[power_factor] = {"power_factor", Quantity::power_factor, "1", 0.0, 1.0, {}, {}, true};
        t[voltage] = {"voltage", Quantity::voltage, "V", 0.0, 300.0, {}, {}, false};
        t[current] = {"current", Quantity::current, "A", 0.0, 10.0, {}, {}, false};
        t[frequency] = {"frequency", Quantity::frequency, "Hz", 0.0, 70.0, {}, {}, false};
        t[energy] = {"energy", Quantity::energy, "Wh", {}, {}, {}, {}, false};
        return t;
    }();
    return table;
}

}  // namespace wattbench::drivers::yokogawa
