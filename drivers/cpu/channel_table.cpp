#include "drivers/cpu/channel_table.hpp"

namespace wattbench::drivers::cpu {

namespace {

api::ChannelSpec util(std::string name, bool key) {
    api::ChannelSpec c;
    c.name = std::move(name);
    c.quantity = api::Quantity::utilisation;
    c.unit = "%";
    c.display_min = 0.0;
    c.display_max = 100.0;
    c.key = key;
    return c;
}

}  // namespace

api::ChannelSpec total_util_channel() {
    return util("cpu_util", true);
}

api::ChannelSpec cpu_util_channel(unsigned cpu) {
    return util("cpu" + std::to_string(cpu) + "_util", false);
}

api::ChannelSpec cpu_freq_channel(unsigned cpu) {
    api::ChannelSpec c;
    c.name = "cpu" + std::to_string(cpu) + "_freq";
    c.quantity = api::Quantity::frequency;
    c.unit = "MHz";
    c.display_min = 0.0;
    return c;
}

}  // namespace wattbench::drivers::cpu
