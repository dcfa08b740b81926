#include "drivers/tektronix/channels.hpp"

#include "drivers/common/wattmeter_channels.hpp"

namespace wattbench::drivers::tektronix {

std::vector<api::ChannelSpec> channel_table() {
    const auto w = common::wattmeter_channels();
    std::vector<api::ChannelSpec> t(channel_count);
    t[power] = w[common::power];
    t[apparent_power] = w[common::apparent_power];
    t[reactive_power] = {"reactive_power", api::Quantity::other, "var"};
    t[power_factor] = w[common::power_factor];
    t[voltage] = w[common::voltage];
    t[current] = w[common::current];
    t[frequency] = w[common::frequency];
    t[energy] = w[common::energy];
    // No accuracy is declared: none of the sources gives the PA1000/PA3000's (UNCONFIRMED).
    return t;
}

Channel channel_of(Item item) {
    switch (item) {
        case Item::vlt:
            return voltage;
        case Item::amp:
            return current;
        case Item::wat:
            return power;
        case Item::vas:
            return apparent_power;
        case Item::var:
            return reactive_power;
        case Item::pwf:
            return power_factor;
        case Item::frq:
            return frequency;
        case Item::whr:
            return energy;
    }
    return power;
}

}  // namespace wattbench::drivers::tektronix
