#include "app/metrics/family_registry.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace wattbench::metrics {
namespace {

using drivers::api::Quantity;

TEST(FamilyRegistry, RefusesBadNamesWhenAdded) {
    FamilyRegistry r;
    EXPECT_THROW(r.add({"1power", FamilyType::gauge, "", "h", {}}), std::invalid_argument);
    EXPECT_THROW(r.add({"power-watts", FamilyType::gauge, "", "h", {}}), std::invalid_argument);
    EXPECT_THROW(r.add({"", FamilyType::gauge, "", "h", {}}), std::invalid_argument);
    EXPECT_THROW(r.add({"p", FamilyType::gauge, "", "h", {"__name"}}), std::invalid_argument);
    EXPECT_THROW(r.add({"p", FamilyType::gauge, "", "h", {"a:b"}}), std::invalid_argument);
    EXPECT_THROW(r.add({"p_watts", FamilyType::gauge, "volts", "h", {}}), std::invalid_argument);
    EXPECT_EQ(r.add({"ns:p_watts", FamilyType::gauge, "watts", "h", {"device"}}), 0u);
    EXPECT_THROW(r.add({"ns:p_watts", FamilyType::gauge, "", "h", {}}), std::invalid_argument);
}

TEST(FamilyRegistry, MapsQuantitiesToBaseUnits) {
    const auto& r = FamilyRegistry::standard();
    const auto name = [&](Quantity q, std::string_view unit) {
        return r.family(r.for_channel(q, unit).family).name;
    };
    EXPECT_EQ(name(Quantity::power, "W"), "wattbench_power_watts");
    EXPECT_EQ(name(Quantity::apparent_power, "VA"), "wattbench_apparent_power_voltamperes");
    EXPECT_EQ(name(Quantity::power_factor, "1"), "wattbench_power_factor_ratio");
    EXPECT_EQ(name(Quantity::voltage, "V"), "wattbench_voltage_volts");
    EXPECT_EQ(name(Quantity::current, "A"), "wattbench_current_amperes");
    EXPECT_EQ(name(Quantity::frequency, "Hz"), "wattbench_frequency_hertz");
    EXPECT_EQ(name(Quantity::temperature, "degC"), "wattbench_temperature_celsius");
    EXPECT_EQ(name(Quantity::fan, "RPM"), "wattbench_fan_speed_rpm");
    EXPECT_EQ(name(Quantity::fan, "%"), "wattbench_fan_speed_ratio");
    EXPECT_EQ(name(Quantity::sound, "dBC"), "wattbench_sound_pressure_level_decibels");
    EXPECT_EQ(name(Quantity::utilisation, "%"), "wattbench_utilisation_ratio");
    EXPECT_EQ(name(Quantity::energy, "Wh"), "wattbench_energy_joules");
    EXPECT_EQ(name(Quantity::other, "var"), "wattbench_reading");
    EXPECT_EQ(name(Quantity::power, "dBm"), "wattbench_reading");

    EXPECT_DOUBLE_EQ(r.for_channel(Quantity::energy, "Wh").scale, 3600.0);
    EXPECT_DOUBLE_EQ(r.for_channel(Quantity::energy, "kWh").scale, 3.6e6);
    EXPECT_DOUBLE_EQ(r.for_channel(Quantity::power, "kW").scale, 1000.0);
    EXPECT_DOUBLE_EQ(r.for_channel(Quantity::fan, "%").scale, 0.01);
    EXPECT_EQ(r.for_channel(Quantity::sound, "dBA").weighting, "A");
    EXPECT_TRUE(r.for_channel(Quantity::other, "var").unit_label);
    EXPECT_EQ(r.family(r.index("wattbench_energy_joules")).type, FamilyType::counter);
}

}  // namespace
}  // namespace wattbench::metrics
