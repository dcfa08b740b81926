#pragma once

#include <string>

#include <string_view>
#include "app/core/i18n/message.hpp"

#include <nlohmann/json.hpp>

#include "app/core/rundir/manifest.hpp"
#include "drivers/api/quantity.hpp"

namespace wattbench::core::report {

// Rows of the summary table, in the order a hardware review lists them. Channels of any other
// quantity (current, frequency, energy, ...) appear only in the per-phase details.
enum class SummaryGroup {
    power,
    apparent_power,
    power_factor,
    temperature,
    fan,
    voltage,
    sound,
    utilisation,
    state,
    none,
};

// How one channel is shown: which summary row group, how many decimals, what label.
struct ChannelPresentation {
    drivers::api::Quantity quantity = drivers::api::Quantity::other;
    SummaryGroup group = SummaryGroup::none;
    int decimals = 2;
    std::string unit;   // as a reader expects it: "°C" for "degC", empty for the unit "1"
    std::string name;   // "wattmeter/power"
    std::string label;  // "Power [W] (wattmeter/power)"
    i18n::Message label_message;  // `label` before it was written in English
};

// The quantity comes from the manifest's channel table; a channel the manifest does not list
// falls back on its unit, so a report still sorts rows sensibly for a partial manifest.
ChannelPresentation present_channel(const rundir::Manifest& manifest, std::string_view device,
                                    std::string_view channel, std::string_view unit);

drivers::api::Quantity quantity_from_unit(std::string_view unit);

std::string display_unit(std::string_view unit);

}  // namespace wattbench::core::report
