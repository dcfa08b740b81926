#include "drivers/common/wattmeter_channels.hpp"

namespace wattbench::drivers::common {

std::vector<api::ChannelSpec> wattmeter_channels() {
    using api::Quantity;
    std::vector<api::ChannelSpec> t(channel_count);
    t[power] = {"power", Quantity::power, "W", {}, {}, {}, {}, true};
    t[apparent_power] = {"apparent_power", Quantity::apparent_power, "VA", {}, {}, {}, {}, true};
    t[power_factor] = {"power_factor", Quantity::power_factor, "1", {}, {}, {}, {}, true};
    t[voltage] = {"voltage", Quantity::voltage, "V"};
    t[current] = {"current", Quantity::current, "A"};
    t[frequency] = {"frequency", Quantity::frequency, "Hz"};
    t[energy] = {"energy", Quantity::energy, "Wh"};
    return t;
}

}  // namespace wattbench::drivers::common
