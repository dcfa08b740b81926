#include "drivers/ipmi/settings.hpp"

#include <freeipmi/freeipmi.h>
#include <gtest/gtest.h>
#include <ipmi_monitoring.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "drivers/ipmi/error_map.hpp"
#include "drivers/ipmi/password.hpp"
#include "drivers/ipmi/sensor_kind.hpp"
#include "drivers/ipmi/sensor_name.hpp"
#include "drivers/ipmi/target.hpp"

namespace wattbench::drivers::ipmi {
namespace {

TEST(IpmiTarget, LocalAndLan) {
    auto local = std::get<Target>(parse_target("ipmi://local"));
    EXPECT_FALSE(local.lan);
    auto lan = std::get<Target>(parse_target("ipmi+lan://admin@192.0.2.10"));
    EXPECT_TRUE(lan.lan);
    EXPECT_EQ(lan.user, "admin");
    EXPECT_EQ(lan.host, "192.0.2.10");
    EXPECT_FALSE(lan.port);
    EXPECT_EQ(lan.address(), "192.0.2.10");
    auto port = std::get<Target>(parse_target("ipmi+lan://root@bmc.example:6230"));
    EXPECT_EQ(*port.port, 6230u);
    EXPECT_EQ(port.address(), "bmc.example:6230");
    auto v6 = std::get<Target>(parse_target("ipmi+lan://u@[fe80::1]:623"));
    EXPECT_EQ(v6.host, "fe80::1");
    EXPECT_EQ(v6.address(), "[fe80::1]:623");
}

TEST(IpmiTarget, Rejections) {
    for (const char* bad :
         {"ipmi+lan://192.0.2.10", "ipmi+lan://@h", "ipmi+lan://u@", "ipmi+lan://u@h:0",
          "ipmi+lan://u@h:70000", "ipmi+lan://u@h:", "tcp://h:1", "ipmi+lan://u@h h",
          "ipmi+lan://u@[::1", "ipmi+lan://u@[::1]x"}) {
        EXPECT_TRUE(std::holds_alternative<api::DeviceError>(parse_target(bad))) << bad;
    }
    auto e = std::get<api::DeviceError>(parse_target("ipmi+lan://admin:hunter2@h"));
    EXPECT_NE(e.message.find("password must not be part"), std::string::npos);
}

api::DeviceConfig config(const std::string& connection = "ipmi+lan://admin@127.0.0.1:623") {
    return api::DeviceConfig{"bmc", "ipmi", connection, {}};
}

TEST(IpmiSettings, Defaults) {
    auto c = config();
    auto s = std::get<Settings>(parse_settings(c));
    EXPECT_EQ(s.cipher_suite, 3);
    EXPECT_EQ(s.privilege, Privilege::user);
    EXPECT_EQ(s.workaround_flags, 0u);
}

TEST(IpmiSettings, EveryOption) {
    auto c = config();
    c.options.set("cipher_suite", std::int64_t{17});
    c.options.set("privilege", std::string("admin"));
    c.options.set("workarounds", std::string("opensesspriv, authcap"));
    c.options.set("session_timeout_ms", std::int64_t{1500});
    c.options.set("retransmission_timeout_ms", std::int64_t{300});
    c.options.set("sdr_cache_dir", std::string("/var/cache/wb"));
    c.options.set("password_file", std::string("/etc/wb/bmc.pw"));
    c.options.set("sensors", std::string("System Temp, fan_1"));
    c.options.set("types", std::string("temperature,fan"));
    c.options.set("dcmi", false);
    auto s = std::get<Settings>(parse_settings(c));
    EXPECT_FALSE(s.dcmi);
    EXPECT_TRUE(c.options.unused().empty());
    EXPECT_EQ(s.cipher_suite, 17);
    EXPECT_EQ(s.privilege, Privilege::admin);
    EXPECT_EQ(
        s.workaround_flags,
        static_cast<unsigned>(
            IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_OPEN_SESSION_PRIVILEGE |
            IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_AUTHENTICATION_CAPABILITIES));
    EXPECT_EQ(s.session_timeout_ms, 1500);
    EXPECT_EQ(s.sensors, (std::vector<std::string>{"System Temp", "fan_1"}));
    EXPECT_EQ(s.types, (std::vector<std::string>{"temperature", "fan"}));
}

TEST(IpmiSettings, PasswordKeyIsRefusedWithTheReason) {
    auto c = config();
    c.options.set("password", std::string("hunter2"));
    auto e = std::get<api::DeviceError>(parse_settings(c));
    EXPECT_EQ(e.kind, api::ErrorKind::config);
    EXPECT_NE(e.message.find("must not be written in a profile"), std::string::npos);
    EXPECT_NE(e.message.find("WATTBENCH_IPMI_PASSWORD"), std::string::npos);
    EXPECT_EQ(e.message.find("hunter2"), std::string::npos);
}

TEST(IpmiSettings, BadValues) {
    const std::vector<std::pair<std::string, api::OptionValue>> bad{
        {"cipher_suite", std::int64_t{18}},      {"privilege", std::string("root")},
        {"workarounds", std::string("nosuch")},  {"session_timeout_ms", std::int64_t{0}},
        {"types", std::string("temperature,x")}, {"sensors", std::string("a,,b")},
        {"sdr_cache_dir", std::string("")},      {"cipher_suite", std::string("3")},
    };
    for (const auto& [key, value] : bad) {
        auto c = config();
        c.options.set(key, value);
        EXPECT_TRUE(std::holds_alternative<api::DeviceError>(parse_settings(c))) << key;
    }
}

TEST(IpmiSensorName, LowerCaseUnderscores) {
    EXPECT_EQ(sensor_channel_name("System Temp"), "system_temp");
    EXPECT_EQ(sensor_channel_name("+12V"), "_12v");
    EXPECT_EQ(sensor_channel_name("FAN 1   "), "fan_1");
    EXPECT_EQ(sensor_channel_name("PS1 Status"), "ps1_status");
    EXPECT_EQ(sensor_channel_name(""), "sensor");
}

TEST(IpmiSensorKind, UnitsFromTheSdr) {
    const auto base = [](int unit) { return SdrUnits{.base = unit}; };
    EXPECT_EQ(sensor_kind(base(1), false).unit, "degC");  // table 43-15: 1 degrees C
    EXPECT_EQ(sensor_kind(base(18), false).quantity, api::Quantity::fan);  // 18 RPM
    EXPECT_EQ(sensor_kind(base(6), false).unit, "W");
    EXPECT_EQ(sensor_kind(base(0), false).unit, "1");
    EXPECT_EQ(sensor_kind(base(1), true).unit, "state");
    EXPECT_EQ(sensor_kind(SdrUnits{.percentage = true}, false).unit, "%");
    // Joules per hour, volts times amps: a rate or a modifier is not the base unit.
    EXPECT_EQ(sensor_kind(SdrUnits{.rate = 4, .base = 6}, false).unit, "1");
    EXPECT_EQ(sensor_kind(SdrUnits{.modifier = 2, .base = 4, .modifier_unit = 5}, false).unit, "1");
    EXPECT_TRUE(matches_type("fan", sensor_kind(base(18), false)));
    EXPECT_FALSE(matches_type("fan", sensor_kind(base(4), false)));
    EXPECT_TRUE(matches_type("state", sensor_kind(base(0), true)));
}

TEST(IpmiErrors, NameHostAndCause) {
    auto e = map_error(IPMI_ERR_PASSWORD_INVALID, "10.0.0.9", "password invalid");
    EXPECT_EQ(e.kind, api::ErrorKind::auth);
    EXPECT_NE(e.message.find("10.0.0.9"), std::string::npos);
    EXPECT_NE(e.message.find("wrong password"), std::string::npos);
    EXPECT_EQ(map_error(IPMI_ERR_CONNECTION_TIMEOUT, "h", "").kind, api::ErrorKind::unreachable);
    EXPECT_EQ(map_error(IPMI_ERR_SESSION_TIMEOUT, "h", "").kind, api::ErrorKind::link_lost);
}

class PasswordFile : public ::testing::Test {
protected:
    void SetUp() override {
        path_ = "/tmp/wb-ipmi-pw-" + std::to_string(::getpid());
        std::ofstream(path_) << "s3cret\n";
    }
    void TearDown() override { ::unlink(path_.c_str()); }
    std::string path_;
};

TEST_F(PasswordFile, PrivateFileIsRead) {
    ::chmod(path_.c_str(), 0600);
    EXPECT_EQ(std::get<std::string>(load_password(path_)), "s3cret");
}

TEST_F(PasswordFile, GroupOrOtherReadableIsRefused) {
    ::chmod(path_.c_str(), 0640);
    auto e = std::get<api::DeviceError>(load_password(path_));
    EXPECT_NE(e.message.find("0640"), std::string::npos);
    EXPECT_NE(e.message.find("chmod 600"), std::string::npos);
    EXPECT_EQ(e.message.find("s3cret"), std::string::npos);
    ::chmod(path_.c_str(), 0604);
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(load_password(path_)));
}

TEST(IpmiPassword, FromEnvironment) {
    ::setenv("WATTBENCH_IPMI_PASSWORD", "envpw", 1);
    EXPECT_EQ(std::get<std::string>(load_password("")), "envpw");
    ::unsetenv("WATTBENCH_IPMI_PASSWORD");
    auto e = std::get<api::DeviceError>(load_password(""));
    EXPECT_EQ(e.kind, api::ErrorKind::auth);
}

}  // namespace
}  // namespace wattbench::drivers::ipmi
