#include "app/core/report/channel_presentation.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::report {
namespace {

using drivers::api::Quantity;

const nlohmann::json kManifest = nlohmann::json::parse(R"({
  "devices": [
    {"id": "bmc", "channels": [
      {"name": "cpu_temp", "quantity": "state", "unit": "state"},
      {"name": "inlet", "quantity": "temperature", "unit": "degC"},
      {"name": "odd", "quantity": "no-such-quantity", "unit": "W"}
    ]}
  ]
})");

TEST(ChannelPresentation, TakesTheQuantityFromTheManifest) {
    const auto p = present_channel(kManifest, "bmc", "inlet", "degC");
    EXPECT_EQ(p.quantity, Quantity::temperature);
    EXPECT_EQ(p.group, SummaryGroup::temperature);
    EXPECT_EQ(p.decimals, 1);
    EXPECT_EQ(p.name, "bmc/inlet");
    EXPECT_EQ(p.label, "Temperature [°C] (bmc/inlet)");

    const auto state = present_channel(kManifest, "bmc", "cpu_temp", "state");
    EXPECT_EQ(state.group, SummaryGroup::state);
    EXPECT_EQ(state.label, "State (bmc/cpu_temp)");
}

TEST(ChannelPresentation, FallsBackOnTheUnitForChannelsTheManifestLacks) {
    struct Case {
        const char* unit;
        SummaryGroup group;
        int decimals;
        const char* label;
    };
    const Case cases[] = {
        {"W", SummaryGroup::power, 1, "Power [W] (wm/x)"},
        {"VA", SummaryGroup::apparent_power, 1, "Apparent power [VA] (wm/x)"},
        {"degC", SummaryGroup::temperature, 1, "Temperature [°C] (wm/x)"},
        {"RPM", SummaryGroup::fan, 0, "Fan [RPM] (wm/x)"},
        {"V", SummaryGroup::voltage, 2, "Voltage [V] (wm/x)"},
        {"dBA", SummaryGroup::sound, 1, "Noise [dBA] (wm/x)"},
        {"dBC", SummaryGroup::sound, 1, "Noise [dBC] (wm/x)"},
        {"%", SummaryGroup::utilisation, 1, "Utilisation [%] (wm/x)"},
        {"A", SummaryGroup::none, 3, "Current [A] (wm/x)"},
        {"furlong", SummaryGroup::none, 2, "Value [furlong] (wm/x)"},
    };
    for (const auto& c : cases) {
        const auto p = present_channel(kManifest, "wm", "x", c.unit);
        EXPECT_EQ(p.group, c.group) << c.unit;
        EXPECT_EQ(p.decimals, c.decimals) << c.unit;
        EXPECT_EQ(p.label, c.label) << c.unit;
    }
}

TEST(ChannelPresentation, AnUnknownQuantityNameFallsBackOnTheUnit) {
    EXPECT_EQ(present_channel(kManifest, "bmc", "odd", "W").group, SummaryGroup::power);
}

TEST(ChannelPresentation, PowerFactorHasNoUnitInItsLabel) {
    const nlohmann::json manifest = nlohmann::json::parse(
        R"({"devices": [{"id": "wm", "channels": [{"name": "pf", "quantity": "power_factor"}]}]})");
    const auto p = present_channel(manifest, "wm", "pf", "1");
    EXPECT_EQ(p.decimals, 2);
    EXPECT_EQ(p.unit, "");
    EXPECT_EQ(p.label, "Power factor (wm/pf)");
}

TEST(ChannelPresentation, ToleratesAManifestWithoutDevices) {
    EXPECT_EQ(present_channel(rundir::Manifest{}, "wm", "p", "W").group, SummaryGroup::power);
}

}  // namespace
}  // namespace wattbench::core::report
