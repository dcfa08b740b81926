#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/app/core/profile/fake_registry.hpp"
#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using namespace std::chrono_literals;
using testing::load_error;
using testing::load_ok;

// Devices open on line 3; the phase comes last so that line numbers stay easy to count.
const std::string run = "[run]\nname = \"t\"\n";
const std::string idle_phase = "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";

class LoaderDevices : public ::testing::Test {
protected:
    std::string error(const std::string& devices) {
        return load_error(run + devices + idle_phase, ctx);
    }
    Profile ok(const std::string& devices) { return load_ok(run + devices + idle_phase, ctx); }

    drivers::api::Registry registry = testing::make_fake_registry();
    LoadContext ctx{&registry, 4};
};

TEST_F(LoaderDevices, SettingsAndDefaults) {
    const Profile p =
        ok("[[device]]\nid = \"wattmeter\"\ndriver = \"fake\"\nconnection = \"fake://a\"\n"
           "level = 3\n"
           "[[device]]\nid = \"bmc.1\"\ndriver = \"other\"\noptional = true\ninterval = \"5s\"\n");
    ASSERT_EQ(p.devices.size(), 2u);
    const DeviceSettings& w = p.devices[0];
    EXPECT_EQ(w.id, "wattmeter");
    EXPECT_EQ(w.driver, "fake");
    EXPECT_EQ(w.connection, "fake://a");
    EXPECT_FALSE(w.optional);
    EXPECT_EQ(w.interval, 1s);
    EXPECT_TRUE(w.options.has("level"));
    EXPECT_FALSE(w.options.has("connection"));
    EXPECT_EQ(w.location.line, 3u);
    EXPECT_EQ(w.key_locations.at("level").line, 7u);
    EXPECT_EQ(w.key_locations.at("connection").line, 6u);

    const DeviceSettings& b = p.devices[1];
    EXPECT_EQ(b.id, "bmc.1");
    EXPECT_EQ(b.connection, "");
    EXPECT_TRUE(b.optional);
    EXPECT_EQ(b.interval, 5s);
}

TEST_F(LoaderDevices, DeviceIntervalDefaultsToTheRunInterval) {
    const Profile p = load_ok(
        "[run]\nname = \"t\"\ninterval = \"2s\"\n"
        "[[device]]\nid = \"w\"\ndriver = \"other\"\n" +
            idle_phase,
        ctx);
    EXPECT_EQ(p.devices.at(0).interval, 2s);
}

TEST_F(LoaderDevices, OptionsKeepTheirTypes) {
    ctx.registry = nullptr;  // the fake driver would refuse these keys
    Profile p =
        ok("[[device]]\nid = \"d\"\ndriver = \"any\"\nb = true\ni = 7\nf = 1.5\n"
           "s = \"x\"\na = [1, 2.5]\ne = []\n");
    auto& o = p.devices.at(0).options;
    EXPECT_EQ(o.take_bool("b"), true);
    EXPECT_EQ(o.take_integer("i"), 7);
    EXPECT_EQ(o.take_number("f"), 1.5);
    EXPECT_EQ(o.take_string("s"), "x");
    EXPECT_TRUE(o.has("a"));
    EXPECT_TRUE(o.has("e"));
    EXPECT_EQ(o.unused(), (std::vector<std::string>{"a", "e"}));
    EXPECT_FALSE(o.error().has_value());
}

TEST_F(LoaderDevices, UnsupportedOptionTypesAreErrors) {
    EXPECT_EQ(error("[[device]]\nid = \"d\"\ndriver = \"fake\"\nlevel = { a = 1 }\n"),
              "test.toml:6:1: device[1].level: expected a boolean, number, string or list, got "
              "a table");
    EXPECT_EQ(error("[[device]]\nid = \"d\"\ndriver = \"fake\"\nlevel = [\"a\", 1]\n"),
              "test.toml:6:1: device[1].level: expected a list of numbers or a list of strings "
              "such as [\"a\", \"b\"], got a mixed or nested list");
    EXPECT_EQ(error("[[device]]\nid = \"d\"\ndriver = \"fake\"\nlevel = [[\"a\"]]\n"),
              "test.toml:6:1: device[1].level: expected a list of numbers or a list of strings "
              "such as [\"a\", \"b\"], got a mixed or nested list");
}

TEST_F(LoaderDevices, ListOfStringsIsAListValue) {
    ctx.registry = nullptr;
    Profile p =
        ok("[[device]]\nid = \"d\"\ndriver = \"any\"\nnames = [\"CPU1 Temp\", \"FAN 1\"]\n"
           "one = [\"x\"]\nnone = []\nwords = \"a, b\"\n");
    auto& o = p.devices.at(0).options;
    EXPECT_EQ(o.take_comma_list("names"), "CPU1 Temp,FAN 1");
    EXPECT_EQ(o.take_comma_list("one"), "x");
    EXPECT_EQ(o.take_comma_list("none"), "");
    EXPECT_EQ(o.take_comma_list("words"), "a, b");
    EXPECT_FALSE(o.error().has_value());
}

TEST_F(LoaderDevices, ListItemWithACommaIsRefusedWhereItIs) {
    ctx.registry = nullptr;  // refused by the reader itself, whatever the driver
    EXPECT_EQ(error("[[device]]\nid = \"d\"\ndriver = \"any\"\n"
                    "sensors = [\"FAN 1\", \"CPU1 Temp,System Input Power\"]\n"),
              "test.toml:6:1: device[1].sensors: list item \"CPU1 Temp,System Input Power\" "
              "contains a comma; write each name as its own item, such as [\"a\", \"b\"], or "
              "one string like \"a,b\"");
}

TEST_F(LoaderDevices, ListWhereOneStringIsExpectedNamesTheForm) {
    // `level` is a number option of the fake driver; a list is refused by the driver's type
    // check, pointing at the line.
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"fake\"\nconnection = \"fake://a\"\n"
                    "level = [\"3\"]\n"),
              "test.toml:7:1: device[1].level: device 'w': key 'level': expected a number");
}

TEST_F(LoaderDevices, IdIsRequiredWellFormedAndUnique) {
    EXPECT_EQ(error("[[device]]\ndriver = \"other\"\n"),
              "test.toml:3:1: device[1]: missing required key 'id'");
    EXPECT_EQ(error("[[device]]\nid = \"watt meter\"\ndriver = \"other\"\n"),
              "test.toml:4:1: device[1].id: invalid device id 'watt meter' (use letters, digits, "
              "'_', '.', '-')");
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"other\"\n"
                    "[[device]]\nid = \"w\"\ndriver = \"other\"\n"),
              "test.toml:7:1: device[2].id: duplicate device id 'w' (first at test.toml:4)");
}

TEST_F(LoaderDevices, UnknownDriverListsTheKnownOnes) {
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"foo\"\n"),
              "test.toml:5:1: device[1].driver: unknown driver 'foo'; known: fake, other");
    EXPECT_EQ(error("[[device]]\nid = \"w\"\n"),
              "test.toml:3:1: device[1]: missing required key 'driver'");
}

TEST_F(LoaderDevices, StandardKeysAreTyped) {
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"other\"\noptional = \"yes\"\n"),
              "test.toml:6:1: device[1].optional: expected true or false, got string \"yes\"");
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"other\"\ninterval = \"1ms\"\n"),
              "test.toml:6:1: device[1].interval: must be at least 10ms");
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"other\"\nconnection = 5\n"),
              "test.toml:6:1: device[1].connection: expected a string, got integer 5");
}

TEST_F(LoaderDevices, DriverRefusalPointsAtTheOptionItNames) {
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"fake\"\nconnection = \"fake://a\"\n"
                    "baudd = 9600\n"),
              "test.toml:7:1: device[1].baudd: device 'w': unknown key 'baudd' for driver 'fake'");
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"fake\"\nconnection = \"fake://a\"\n"
                    "level = \"high\"\n"),
              "test.toml:7:1: device[1].level: device 'w': key 'level': expected a number");
}

TEST_F(LoaderDevices, MisspeltStandardKeyGetsASuggestion) {
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"other\"\nconection = \"x\"\n"),
              "test.toml:6:1: device[1].conection: device 'w': unknown key 'conection' for "
              "driver 'other' (did you mean 'connection'?)");
}

TEST_F(LoaderDevices, DriverRefusalOfTheConnection) {
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"fake\"\nconnection = \"tcp://x:1\"\n"),
              "test.toml:6:1: device[1].connection: device 'w': connection 'tcp://x:1' must "
              "start with fake://");
    EXPECT_EQ(error("[[device]]\nid = \"w\"\ndriver = \"fake\"\n"),
              "test.toml:3:1: device[1]: device 'w': connection '' must start with fake://");
}

TEST_F(LoaderDevices, WithoutARegistryOnlyTheSyntaxIsChecked) {
    ctx.registry = nullptr;
    const Profile p = ok("[[device]]\nid = \"w\"\ndriver = \"no-such-driver\"\nanything = 1\n");
    EXPECT_EQ(p.devices.at(0).driver, "no-such-driver");
    EXPECT_TRUE(p.devices.at(0).options.has("anything"));
}

}  // namespace
}  // namespace wattbench::core::profile
