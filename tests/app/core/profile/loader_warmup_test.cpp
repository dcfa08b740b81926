#include <gtest/gtest.h>

#include <string>

#include "app/core/profile/overrides.hpp"
#include "tests/app/core/profile/fake_registry.hpp"
#include "tests/app/core/profile/load_helpers.hpp"
#include "tests/support/fake_device.hpp"

namespace wattbench::core::profile {
namespace {

using namespace std::chrono_literals;
using testing::load_error;
using testing::load_ok;

const std::string devices =
    "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\nconnection = \"sim://wattmeter\"\n"
    "[[device]]\nid = \"bmc\"\ndriver = \"sim\"\nconnection = \"sim://bmc\"\n";

const std::string idle_phase = "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";

// [run] with `warmup_line` (line 3), then the devices (lines 4-11) and an idle phase.
std::string with_run_warmup(const std::string& warmup_line) {
    return "[run]\nname = \"t\"\n" + warmup_line + "\n" + devices + idle_phase;
}

TEST(LoaderWarmup, AFixedDurationStaysAFixedWarmup) {
    const Profile p = load_ok(with_run_warmup("warmup = \"5m\""));
    EXPECT_EQ(p.run.warmup, 5min);
    EXPECT_FALSE(p.run.warmup_until_stable);
    EXPECT_EQ(p.phases[0].warmup, 5min);
    EXPECT_FALSE(p.phases[0].warmup_until_stable);
    EXPECT_DOUBLE_EQ(p.run.idle_max_cpu, 5.0);
}

TEST(LoaderWarmup, UntilStableTableWithDefaults) {
    const Profile p = load_ok(with_run_warmup(
        "warmup = { min = \"2m\", max = \"60m\", until_stable = [\"wattmeter/power\", "
        "\"bmc/system_temp\"] }"));
    ASSERT_TRUE(p.run.warmup_until_stable);
    const auto& w = *p.phases[0].warmup_until_stable;
    EXPECT_EQ(p.phases[0].warmup, 2min);
    EXPECT_EQ(w.max, 60min);
    EXPECT_EQ(w.stable_for, 5min);
    EXPECT_EQ(w.key, "run.warmup");
    ASSERT_EQ(w.channels.size(), 2u);
    EXPECT_EQ(w.channels[0].name(), "wattmeter/power");
    EXPECT_EQ(w.channels[1].device, "bmc");
    EXPECT_EQ(w.channels[1].channel, "system_temp");
    for (const auto& c : w.channels) {
        EXPECT_TRUE(c.relative);
        EXPECT_DOUBLE_EQ(c.tolerance, 0.01);
        EXPECT_EQ(c.location.line, 3u);
        EXPECT_EQ(c.key, "run.warmup.until_stable");
    }
}

TEST(LoaderWarmup, ToleranceForAllOrPerChannel) {
    Profile p = load_ok(with_run_warmup(
        "warmup = { max = \"1h\", until_stable = [\"wattmeter/power\"], tolerance = \"0.5%\", "
        "stable_for = \"10m\" }"));
    const auto& all = *p.run.warmup_until_stable;
    EXPECT_EQ(p.run.warmup, 0s);
    EXPECT_EQ(all.stable_for, 10min);
    EXPECT_DOUBLE_EQ(all.channels[0].tolerance, 0.005);
    EXPECT_TRUE(all.channels[0].relative);

    p = load_ok(with_run_warmup(
        "warmup = { max = \"1h\", until_stable = [\"wattmeter/power\", \"bmc/system_temp\", "
        "\"bmc/fan1\"], tolerance = { \"wattmeter/power\" = \"2 %\", \"bmc/system_temp\" = 0.5 "
        "} }"));
    const auto& per = p.run.warmup_until_stable->channels;
    EXPECT_DOUBLE_EQ(per[0].tolerance, 0.02);
    EXPECT_TRUE(per[0].relative);
    EXPECT_DOUBLE_EQ(per[1].tolerance, 0.5);
    EXPECT_FALSE(per[1].relative);
    EXPECT_DOUBLE_EQ(per[2].tolerance, 0.01);  // not listed: the default 1 %
    EXPECT_TRUE(per[2].relative);
}

TEST(LoaderWarmup, StableForDefaultsToMaxWhenMaxIsShorter) {
    const Profile p = load_ok(
        with_run_warmup("warmup = { max = \"90s\", until_stable = [\"wattmeter/power\"] }"));
    EXPECT_EQ(p.run.warmup_until_stable->stable_for, 90s);
}

TEST(LoaderWarmup, PhaseWarmupReplacesTheRunDefault) {
    const std::string text =
        "[run]\nname = \"t\"\nwarmup = { max = \"1h\", until_stable = [\"bmc/system_temp\"] }\n" +
        devices + idle_phase +
        "[[phase]]\nname = \"quick\"\nload = \"idle\"\nwarmup = \"30s\"\n"
        "[[phase]]\nname = \"own\"\nload = \"idle\"\n"
        "warmup = { min = \"1m\", max = \"10m\", until_stable = [\"host/cpu_util\"], tolerance "
        "= 2 }\n";
    const Profile p = load_ok(text);
    ASSERT_EQ(p.phases.size(), 3u);
    EXPECT_EQ(p.phases[0].warmup_until_stable->channels[0].name(), "bmc/system_temp");
    EXPECT_FALSE(p.phases[1].warmup_until_stable);
    EXPECT_EQ(p.phases[1].warmup, 30s);
    const auto& own = *p.phases[2].warmup_until_stable;
    EXPECT_EQ(p.phases[2].warmup, 1min);
    EXPECT_EQ(own.key, "phase[3].warmup");
    EXPECT_EQ(own.channels[0].name(), "host/cpu_util");  // the built-in device needs no table
    EXPECT_DOUBLE_EQ(own.channels[0].tolerance, 2.0);
    EXPECT_EQ(own.channels[0].location.line, 22u);
}

TEST(LoaderWarmup, CommandLineWarmupReplacesUntilStable) {
    Profile p =
        load_ok(with_run_warmup("warmup = { max = \"1h\", until_stable = [\"wattmeter/power\"] }"));
    Overrides o;
    o.warmup = 3s;
    ASSERT_EQ(apply_overrides(p, o), std::nullopt);
    EXPECT_EQ(p.phases[0].warmup, 3s);
    EXPECT_FALSE(p.phases[0].warmup_until_stable);
}

TEST(LoaderWarmup, UnknownDeviceNamesTheEntry) {
    EXPECT_EQ(load_error(with_run_warmup(
                  "warmup = { max = \"1h\", until_stable = [\"wattmeter/power\", \"bcm/temp\"] }")),
              "test.toml:3:59: run.warmup.until_stable: 'bcm/temp': no device 'bcm' (devices: "
              "wattmeter, bmc, host)");
}

// "sim" here knows its channels before opening, as most drivers do; "fake" (the shared test
// registry's) only after, like IPMI.
drivers::api::Registry registry_with_channels() {
    drivers::api::Registry r = testing::make_fake_registry();
    r.add(
        {"sim", "test double", "none", "sim://", [](drivers::api::DeviceConfig&) {
             return std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError>(
                 std::make_unique<tests::FakeDevice>(
                     std::vector{tests::channel("power"), tests::channel("system_temp", "degC")}));
         }});
    return r;
}

TEST(LoaderWarmup, ChannelsKnownBeforeOpeningAreCheckedWhenTheProfileIsRead) {
    const auto registry = registry_with_channels();
    const LoadContext ctx{&registry, 2};
    EXPECT_EQ(load_error(with_run_warmup("warmup = { max = \"1h\", until_stable = "
                                         "[\"wattmeter/power\", \"bmc/system_tmp\"] }"),
                         ctx),
              "test.toml:3:59: run.warmup.until_stable: 'bmc/system_tmp': device 'bmc' has no "
              "channel 'system_tmp' (it has: power, system_temp)");
    EXPECT_EQ(load_error(with_run_warmup("warmup = { max = \"1h\", until_stable = "
                                         "[\"wattmeter/power\", \"bmc/system_temp\"] }"),
                         ctx),
              "(loaded)");
    // A driver that names its channels only when opened is checked by the engine then.
    const std::string later =
        "[run]\nname = \"t\"\nwarmup = { max = \"1h\", until_stable = [\"bmc/anything\"] }\n"
        "[[device]]\nid = \"bmc\"\ndriver = \"fake\"\nconnection = \"fake://x\"\n" +
        idle_phase;
    EXPECT_EQ(load_error(later, ctx), "(loaded)");
}

TEST(LoaderWarmup, BadTablesNameTheirKey) {
    EXPECT_EQ(load_error(with_run_warmup("warmup = { min = \"2m\", until_stable = [\"bmc/t\"] }")),
              "test.toml:3:10: run.warmup: missing required key 'max' (the longest the warm-up "
              "waits for a steady state, such as max = \"60m\")");
    EXPECT_EQ(load_error(with_run_warmup("warmup = { max = \"1h\" }")),
              "test.toml:3:10: run.warmup: missing required key 'until_stable' (the channels to "
              "wait for, such as [\"wattmeter/power\", \"bmc/system_temp\"]; a fixed warm-up is "
              "written warmup = \"5m\")");
    EXPECT_EQ(load_error(with_run_warmup(
                  "warmup = { max = \"1h\", until_stable = [\"bmc/t\"], tolerence = 1 }")),
              "test.toml:3:50: run.warmup.tolerence: unknown key 'tolerence' (did you mean "
              "'tolerance'?)");
    EXPECT_EQ(load_error(with_run_warmup(
                  "warmup = { min = \"2h\", max = \"1h\", until_stable = [\"bmc/t\"] }")),
              "test.toml:3:12: run.warmup.min: 2h is longer than max = 1h");
    EXPECT_EQ(load_error(with_run_warmup(
                  "warmup = { max = \"5m\", stable_for = \"10m\", until_stable = [\"bmc/t\"] }")),
              "test.toml:3:24: run.warmup.stable_for: 10m is longer than max = 5m: no channel "
              "could be judged steady before the warm-up ends");
    EXPECT_EQ(load_error(with_run_warmup("warmup = 300")),
              "test.toml:3:1: run.warmup: expected a duration like \"5m\" or a table like { min = "
              "\"2m\", max = \"60m\", until_stable = [\"wattmeter/power\"] }, got integer 300");
}

TEST(LoaderWarmup, BadChannelListsNameTheEntry) {
    EXPECT_EQ(load_error(with_run_warmup("warmup = { max = \"1h\", until_stable = [\"power\"] }")),
              "test.toml:3:40: run.warmup.until_stable: 'power' is not a channel name; write "
              "\"device/channel\", such as \"wattmeter/power\"");
    EXPECT_EQ(load_error(with_run_warmup(
                  "warmup = { max = \"1h\", until_stable = [\"bmc/t\", \"bmc/t\"] }")),
              "test.toml:3:49: run.warmup.until_stable: lists 'bmc/t' twice");
    EXPECT_EQ(load_error(with_run_warmup("warmup = { max = \"1h\", until_stable = [] }")),
              "test.toml:3:24: run.warmup.until_stable: must list at least one \"device/channel\"");
}

TEST(LoaderWarmup, BadTolerancesNameTheirKey) {
    EXPECT_EQ(load_error(with_run_warmup(
                  "warmup = { max = \"1h\", until_stable = [\"bmc/t\"], tolerance = \"1\" }")),
              "test.toml:3:62: run.warmup.tolerance: '1' is not a tolerance; use a number in the "
              "channel's unit (0.5 for half a degree) or a percentage of its mean such as \"1%\"");
    EXPECT_EQ(load_error(with_run_warmup(
                  "warmup = { max = \"1h\", until_stable = [\"bmc/t\"], tolerance = -1 }")),
              "test.toml:3:62: run.warmup.tolerance: must be more than 0, got -1");
    EXPECT_EQ(load_error(with_run_warmup("warmup = { max = \"1h\", until_stable = [\"bmc/t\"], "
                                         "tolerance = { \"bmc/u\" = 1 } }")),
              "test.toml:3:65: run.warmup.tolerance.bmc/u: 'bmc/u' is not in until_stable (bmc/t)");
}

TEST(LoaderWarmup, IdleMaxCpu) {
    EXPECT_DOUBLE_EQ(load_ok(with_run_warmup("idle_max_cpu = 2.5")).run.idle_max_cpu, 2.5);
    EXPECT_DOUBLE_EQ(load_ok(with_run_warmup("idle_max_cpu = 10")).run.idle_max_cpu, 10.0);
    EXPECT_EQ(load_error(with_run_warmup("idle_max_cpu = 150")),
              "test.toml:3:1: run.idle_max_cpu: expected a CPU utilisation in percent (0 to 100), "
              "such as idle_max_cpu = 5");
}

}  // namespace
}  // namespace wattbench::core::profile
