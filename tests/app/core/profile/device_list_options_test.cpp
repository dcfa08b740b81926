#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "drivers/hwmon/register.hpp"
#include "drivers/hwmon/settings.hpp"
#include "drivers/ipmi/register.hpp"
#include "drivers/ipmi/settings.hpp"
#include "tests/app/core/profile/load_helpers.hpp"

// Profiles with the real drivers: a TOML list where a driver takes a comma-separated string
// gives the same settings as that string.
namespace wattbench::core::profile {
namespace {

using testing::load_error;
using testing::load_ok;

const std::string run = "[run]\nname = \"t\"\n";
const std::string idle_phase = "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";

drivers::api::Registry two_drivers() {
    drivers::api::Registry r;
    r.add(drivers::ipmi::driver_info());
    r.add(drivers::hwmon::driver_info());
    return r;
}

std::string ipmi_device(const std::string& options) {
    return "[[device]]\nid = \"bmc\"\ndriver = \"ipmi\"\n"
           "connection = \"ipmi+lan://admin@192.0.2.10\"\n" +
           options;
}

class DeviceListOptions : public ::testing::Test {
protected:
    Profile ok(const std::string& devices) { return load_ok(run + devices + idle_phase, ctx); }
    std::string error(const std::string& devices) {
        return load_error(run + devices + idle_phase, ctx);
    }

    // The settings the driver makes of the first device's options.
    template <typename Settings>
    Settings parsed(const std::string& device, std::variant<Settings, drivers::api::DeviceError> (
                                                   *parse)(drivers::api::DeviceConfig&)) {
        const Profile p = ok(device);
        const DeviceSettings& d = p.devices.at(0);
        drivers::api::DeviceConfig config{d.id, d.driver, d.connection, d.options};
        auto result = parse(config);
        if (const auto* e = std::get_if<drivers::api::DeviceError>(&result)) {
            ADD_FAILURE() << e->message;
            return {};
        }
        EXPECT_TRUE(config.options.unused().empty());
        return std::get<Settings>(std::move(result));
    }
    drivers::ipmi::Settings ipmi_settings(const std::string& options) {
        return parsed(ipmi_device(options), &drivers::ipmi::parse_settings);
    }
    drivers::hwmon::Settings hwmon_settings(const std::string& options) {
        return parsed("[[device]]\nid = \"hw\"\ndriver = \"hwmon\"\n" + options,
                      &drivers::hwmon::parse_settings);
    }

    drivers::api::Registry registry = two_drivers();
    LoadContext ctx{&registry, 4};
};

TEST_F(DeviceListOptions, IpmiListsGiveTheSameSettingsAsCommaStrings) {
    const auto from_lists = ipmi_settings(
        "workarounds = [\"opensesspriv\", \"authcap\"]\n"
        "sensors = [\"CPU1 Temp\", \"System Input Power\"]\ntypes = [\"temperature\", "
        "\"power\"]\n");
    const auto from_strings = ipmi_settings(
        "workarounds = \"opensesspriv,authcap\"\n"
        "sensors = \"CPU1 Temp,System Input Power\"\ntypes = \"temperature, power\"\n");
    EXPECT_NE(from_lists.workaround_flags, 0u);
    EXPECT_EQ(from_lists.workaround_flags, from_strings.workaround_flags);
    EXPECT_EQ(from_lists.workaround_flags,
              std::get<unsigned>(drivers::ipmi::parse_workarounds("opensesspriv,authcap")));
    EXPECT_EQ(from_lists.sensors, (std::vector<std::string>{"CPU1 Temp", "System Input Power"}));
    EXPECT_EQ(from_lists.sensors, from_strings.sensors);
    EXPECT_EQ(from_lists.types, (std::vector<std::string>{"temperature", "power"}));
    EXPECT_EQ(from_lists.types, from_strings.types);
}

TEST_F(DeviceListOptions, OneItemListAndEmptyList) {
    EXPECT_EQ(ipmi_settings("workarounds = [\"opensesspriv\"]\n").workaround_flags,
              ipmi_settings("workarounds = \"opensesspriv\"\n").workaround_flags);
    EXPECT_TRUE(ipmi_settings("sensors = []\n").sensors.empty());
    EXPECT_EQ(ipmi_settings("workarounds = []\n").workaround_flags, 0u);
}

TEST_F(DeviceListOptions, HwmonChipsAsAList) {
    EXPECT_EQ(hwmon_settings("chips = [\"coretemp\", \"nct6775\"]\n").chips,
              (std::vector<std::string>{"coretemp", "nct6775"}));
    EXPECT_EQ(hwmon_settings("chips = [\"coretemp\", \"nct6775\"]\n").chips,
              hwmon_settings("chips = \"coretemp,nct6775\"\n").chips);
}

TEST_F(DeviceListOptions, ListItemsAreCheckedByTheDriverAsBefore) {
    EXPECT_EQ(error(ipmi_device("workarounds = [\"opensesspriv\", \"nosuch\"]\n")),
              "test.toml:7:1: device[1].workarounds: device 'bmc': key 'workarounds': unknown "
              "workaround 'nosuch' (known: authcap, intel20, supermicro20, sun20, opensesspriv, "
              "integritycheckvalue, nochecksumcheck, assumeio, spinpoll)");
    EXPECT_EQ(error(ipmi_device("types = [\"power\", \"fans\"]\n")),
              "test.toml:7:1: device[1].types: device 'bmc': key 'types': unknown type 'fans' "
              "(known: temperature, fan, voltage, current, power, state)");
}

TEST_F(DeviceListOptions, EmptyItemIsRefused) {
    EXPECT_EQ(error(ipmi_device("sensors = [\"FAN 1\", \"\"]\n")),
              "test.toml:7:1: device[1].sensors: list item \"\" is empty; write names such as "
              "[\"a\", \"b\"]");
}

TEST_F(DeviceListOptions, ItemWithACommaIsRefused) {
    EXPECT_EQ(error(ipmi_device("sensors = [\"CPU1 Temp,System Input Power\"]\n")),
              "test.toml:7:1: device[1].sensors: list item \"CPU1 Temp,System Input Power\" "
              "contains a comma; write each name as its own item, such as [\"a\", \"b\"], or one "
              "string like \"a,b\"");
}

TEST_F(DeviceListOptions, ListWhereOneStringIsExpected) {
    EXPECT_EQ(error(ipmi_device("privilege = [\"admin\"]\n")),
              "test.toml:7:1: device[1].privilege: device 'bmc': key 'privilege': expected one "
              "string, not a list");
    EXPECT_EQ(error(ipmi_device("sensors = 5\n")),
              "test.toml:7:1: device[1].sensors: device 'bmc': key 'sensors': expected a string "
              "like \"a,b\" or a list of strings");
}

}  // namespace
}  // namespace wattbench::core::profile
