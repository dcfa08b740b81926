#include "drivers/chroma/channels.hpp"

#include "drivers/common/wattmeter_channels.hpp"

namespace wattbench::drivers::chroma {

const std::vector<api::ChannelSpec>& channel_table() {
    static const std::vector<api::ChannelSpec> table = [] {
        using W = common::WattmeterChannel;
        const auto c = common::wattmeter_channels();
        api::ChannelSpec reactive;
        reactive.name = "reactive_power";
        reactive.unit = "var";
        return std::vector<api::ChannelSpec>{
            c[W::power],   c[W::apparent_power], reactive,        c[W::power_factor],
            c[W::voltage], c[W::current],        c[W::frequency], c[W::energy]};
    }();
    return table;
}

}  // namespace wattbench::drivers::chroma
