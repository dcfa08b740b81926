#include "drivers/zes/channels.hpp"

#include "drivers/common/wattmeter_channels.hpp"

namespace wattbench::drivers::zes {

const std::vector<api::ChannelSpec>& channel_table() {
    static const std::vector<api::ChannelSpec> table = [] {
        using W = common::WattmeterChannel;
        const auto common = common::wattmeter_channels();
        std::vector<api::ChannelSpec> t(channel_count);
        t[power] = common[W::power];
        t[apparent_power] = common[W::apparent_power];
        t[reactive_power].name = "reactive_power";
        t[reactive_power].unit = "var";
        t[power_factor] = common[W::power_factor];
        t[voltage] = common[W::voltage];
        t[current] = common[W::current];
        t[frequency] = common[W::frequency];
        for (auto& c : t) {
            c.display_min = c.quantity == api::Quantity::power_factor ? -1.0 : 0.0;
        }
        t[reactive_power].display_min.reset();
        return t;
    }();
    return table;
}

}  // namespace wattbench::drivers::zes
