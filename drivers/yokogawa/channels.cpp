#include "drivers/yokogawa/channels.hpp"

#include <utility>

namespace wattbench::drivers::yokogawa {

const std::vector<api::ChannelSpec>& channel_table() {
    static const std::vector<api::ChannelSpec> table = [] {
        auto t = common::wattmeter_channels();
        for (auto [channel, max] : {std::pair{power, 1000.0}, std::pair{apparent_power, 1000.0},
                                    std::pair{power_factor, 1.0}, std::pair{voltage, 300.0},
                                    std::pair{current, 10.0}, std::pair{frequency, 70.0}}) {
            t[channel].display_min = 0.0;
            t[channel].display_max = max;
        }
        return t;
    }();
    return table;
}

}  // namespace wattbench::drivers::yokogawa
