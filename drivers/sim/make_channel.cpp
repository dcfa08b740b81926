#include "drivers/sim/make_channel.hpp"

namespace wattbench::drivers::sim {

api::ChannelSpec make_channel(std::string name, api::Quantity quantity, std::string unit,
                              std::optional<double> display_min,
                              std::optional<double> display_max) {
    api::ChannelSpec c;
    c.name = std::move(name);
    c.quantity = quantity;
    c.unit = std::move(unit);
    c.display_min = display_min;
    c.display_max = display_max;
    return c;
}

}  // namespace wattbench::drivers::sim
