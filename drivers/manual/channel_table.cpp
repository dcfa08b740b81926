#include "drivers/manual/channel_table.hpp"

namespace wattbench::drivers::manual {

std::vector<api::ChannelSpec> channel_table(const Settings& s) {
    std::vector<api::ChannelSpec> table;
    if (s.reading == ReadingKind::energy) {
        api::ChannelSpec energy;
        energy.name = "energy";
        energy.quantity = api::Quantity::energy;
        energy.unit = s.unit;
        table.push_back(std::move(energy));
    }
    api::ChannelSpec power;
    power.name = "power";
    power.quantity = api::Quantity::power;
    power.unit = "W";
    power.key = true;
    if (s.accuracy) {
        power.accuracy = api::Accuracy{*s.accuracy / 100.0, 0.0, 0.0};
    }
    table.push_back(std::move(power));
    return table;
}

std::size_t read_channel(const Settings&) {
    return 0;
}

}  // namespace wattbench::drivers::manual
