#include "app/core/rundir/channel_spec.hpp"

#include <string>

#include "drivers/api/quantity.hpp"

namespace wattbench::core::rundir {

Channel channel_of(const drivers::api::ChannelSpec& c) {
    const auto& t = c.thresholds;
    Channel out;
    out.name = c.name;
    out.quantity = std::string(drivers::api::to_string(c.quantity));
    out.unit = c.unit;
    out.display_min = c.display_min;
    out.display_max = c.display_max;
    out.thresholds.lnr = t.lower_non_recoverable;
    out.thresholds.lc = t.lower_critical;
    out.thresholds.lnc = t.lower_non_critical;
    out.thresholds.unc = t.upper_non_critical;
    out.thresholds.uc = t.upper_critical;
    out.thresholds.unr = t.upper_non_recoverable;
    out.states = c.states;
    out.key = c.key;
    if (c.accuracy) {
        out.accuracy = Accuracy{c.accuracy->of_reading, c.accuracy->of_range, c.accuracy->range};
    }
    return out;
}

drivers::api::ChannelSpec spec_of(const Channel& c) {
    drivers::api::ChannelSpec out;
    out.name = c.name;
    out.unit = c.unit;
    out.quantity =
        drivers::api::quantity_from_string(c.quantity).value_or(drivers::api::Quantity::other);
    out.display_min = c.display_min;
    out.display_max = c.display_max;
    auto& t = out.thresholds;
    t.lower_non_recoverable = c.thresholds.lnr;
    t.lower_critical = c.thresholds.lc;
    t.lower_non_critical = c.thresholds.lnc;
    t.upper_non_critical = c.thresholds.unc;
    t.upper_critical = c.thresholds.uc;
    t.upper_non_recoverable = c.thresholds.unr;
    out.states = c.states;
    out.key = c.key;
    if (c.accuracy) {
        out.accuracy =
            drivers::api::Accuracy{c.accuracy->of_reading, c.accuracy->of_range, c.accuracy->range};
    }
    return out;
}

}  // namespace wattbench::core::rundir
