#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/fake_registry.hpp"
#include "tests/app/core/profile/load_helpers.hpp"
#include "tests/support/fake_device.hpp"

namespace wattbench::core::profile {
namespace {

using testing::load_error;
using testing::load_ok;

const std::string devices =
    "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\nconnection = \"sim://w\"\n"
    "[[device]]\nid = \"bmc\"\ndriver = \"fake\"\nconnection = \"fake://x\"\n"
    "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";

// [run] with `run_line` as its line 3, [validity] with `line` as its line 5, then devices.
std::string with_validity(const std::string& line, const std::string& run_line = "") {
    return "[run]\nname = \"t\"\n" + run_line + "\n[validity]\n" + line + "\n" + devices;
}

drivers::api::Registry registry() {
    drivers::api::Registry r = testing::make_fake_registry();
    r.add(
        {"sim", "test double", "none", "sim://", [](drivers::api::DeviceConfig&) {
             return std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError>(
                 std::make_unique<tests::FakeDevice>(
                     std::vector{tests::channel("power"), tests::channel("inlet", "degC")}));
         }});
    return r;
}

TEST(LoaderValidity, DefaultsAreSpecsAndUncertaintyFollowsTheRunLimit) {
    const auto reg = registry();
    const LoadContext ctx{&reg, 2};
    const auto plain = load_ok("[run]\nname = \"t\"\nuncertainty_limit = \"2%\"\n" + devices, ctx);
    EXPECT_DOUBLE_EQ(plain.validity.max_uncertainty, 0.02);
    EXPECT_DOUBLE_EQ(plain.validity.max_invalid_power, 0.01);
    EXPECT_DOUBLE_EQ(plain.validity.max_invalid_other, 0.02);
    EXPECT_DOUBLE_EQ(plain.validity.min_ambient, 20.0);
    EXPECT_TRUE(plain.validity.ambient.empty());
    const auto empty = load_ok(with_validity("", "uncertainty_limit = \"0.5%\""), ctx);
    EXPECT_DOUBLE_EQ(empty.validity.max_uncertainty, 0.005);
}

TEST(LoaderValidity, EveryKeyRead) {
    const auto reg = registry();
    const LoadContext ctx{&reg, 2};
    const auto p = load_ok(with_validity("max_uncertainty = \"0.5%\"\nmax_invalid_power = \"0%\"\n"
                                         "max_invalid_other = \"5 %\"\nmin_ambient = 18.5\n"
                                         "ambient = \"wattmeter/inlet\"",
                                         "uncertainty_limit = \"2%\""),
                           ctx);
    EXPECT_DOUBLE_EQ(p.validity.max_uncertainty, 0.005);
    EXPECT_DOUBLE_EQ(p.validity.max_invalid_power, 0.0);
    EXPECT_DOUBLE_EQ(p.validity.max_invalid_other, 0.05);
    EXPECT_DOUBLE_EQ(p.validity.min_ambient, 18.5);
    EXPECT_EQ(p.validity.ambient, "wattmeter/inlet");
    EXPECT_DOUBLE_EQ(p.run.uncertainty_limit, 0.02);
    // A driver that learns its channels when opened (IPMI) is checked by the run, not here.
    EXPECT_EQ(load_error(with_validity("ambient = \"bmc/anything\""), ctx), "(loaded)");
    EXPECT_EQ(load_error(with_validity("ambient = \"host/cpu_util\""), ctx), "(loaded)");
}

TEST(LoaderValidity, ErrorsNameFileLineAndKey) {
    const auto reg = registry();
    const LoadContext ctx{&reg, 2};
    EXPECT_EQ(load_error(with_validity("max_uncertanty = \"1%\""), ctx),
              "test.toml:5:1: validity.max_uncertanty: unknown key 'max_uncertanty' (did you mean "
              "'max_uncertainty'?)");
    EXPECT_EQ(load_error(with_validity("max_uncertainty = \"1\""), ctx),
              "test.toml:5:1: validity.max_uncertainty: expected a percentage such as \"1%\" or "
              "\"0.5%\", got \"1\"");
    EXPECT_EQ(load_error(with_validity("max_invalid_other = \"120%\""), ctx),
              "test.toml:5:1: validity.max_invalid_other: expected a percentage (0% to 100%) such "
              "as \"1%\" or \"0.5%\", got \"120%\"");
    EXPECT_EQ(load_error(with_validity("min_ambient = \"20\""), ctx),
              "test.toml:5:1: validity.min_ambient: expected a temperature in degC, such as "
              "min_ambient = 20");
    EXPECT_EQ(load_error(with_validity("ambient = \"inlet\""), ctx),
              "test.toml:5:1: validity.ambient: expected \"device/channel\", such as "
              "\"bmc/inlet_temp\", got \"inlet\"");
    EXPECT_EQ(load_error(with_validity("ambient = \"bcm/inlet\""), ctx),
              "test.toml:5:1: validity.ambient: 'bcm/inlet': no device 'bcm' (devices: wattmeter, "
              "bmc, host)");
    EXPECT_EQ(load_error(with_validity("ambient = \"wattmeter/inlet_temp\""), ctx),
              "test.toml:5:1: validity.ambient: 'wattmeter/inlet_temp': device 'wattmeter' has no "
              "channel 'inlet_temp' (it has: power, inlet)");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\nvalidity = 1\n" + devices, ctx),
              "test.toml:3:1: run.validity: unknown key 'validity'");
    EXPECT_EQ(load_error("validity = 1\n[run]\nname = \"t\"\n" + devices, ctx),
              "test.toml:1:1: validity: expected a [validity] table, got integer 1");
}

}  // namespace
}  // namespace wattbench::core::profile
