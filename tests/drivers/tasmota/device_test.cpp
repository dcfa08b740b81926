#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/drivers/tasmota/tasmota_emulator.hpp"

namespace wattbench::drivers::tasmota {
namespace {

using api::ErrorKind;
using api::Status;
using tests::tasmota::TasmotaEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

const std::string kPassword = "T4sm&ta=pw 1";

struct Rig {
    TasmotaEmulator emulator;
    std::unique_ptr<api::Device> device;

    explicit Rig(const std::string& password = "",
                 std::vector<std::pair<std::string, api::OptionValue>> options = {})
        : emulator(password) {
        api::DeviceConfig c;
        c.id = "plug";
        c.driver = "tasmota";
        c.connection = emulator.connection();
        c.options.set("timeout_ms", std::int64_t{400});
        for (auto& [k, v] : options) {
            c.options.set(k, v);
        }
        auto made = builtin_registry().create(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll() { return device->poll(Clock::now() + 800ms); }
    std::optional<double> value(const api::PollResult& r, const std::string& name) {
        const auto& ch = device->channels();
        for (const auto& x : r.readings) {
            if (ch[x.channel].name == name && x.status == Status::ok) {
                return x.value;
            }
        }
        return std::nullopt;
    }
};

TEST(Tasmota, StatusEightIntoWattmeterChannels) {
    ::unsetenv("WATTBENCH_TASMOTA_PASSWORD");
    Rig rig;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "Sonoff Pow R2");
    EXPECT_EQ(rig.device->identity().firmware, "13.1.0(tasmota)");
    std::vector<std::string> names;
    for (const auto& c : rig.device->channels()) {
        names.push_back(c.name);
        EXPECT_FALSE(c.accuracy) << c.name;
    }
    EXPECT_EQ(names, (std::vector<std::string>{"power", "apparent_power", "power_factor", "voltage",
                                               "current", "energy"}));
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(*rig.value(r, "power"), 2629);
    EXPECT_DOUBLE_EQ(*rig.value(r, "energy"), 6404);
    EXPECT_NE(rig.emulator.last_query().find("cmnd=Status%208"), std::string::npos);
    rig.emulator.set(120, 229, 0.55, 6.5);
    r = rig.poll();
    EXPECT_DOUBLE_EQ(*rig.value(r, "power"), 120);
    EXPECT_DOUBLE_EQ(*rig.value(r, "energy"), 6500);
    EXPECT_EQ(rig.emulator.server().connections(), 1);
}

TEST(Tasmota, NewerFirmwareWithOnlyStatusTen) {
    Rig rig;
    rig.emulator.status8 = false;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_FALSE(rig.poll().error);
    EXPECT_NE(rig.emulator.last_query().find("cmnd=Status%2010"), std::string::npos);
}

TEST(Tasmota, SecondChannelOfATwoChannelDevice) {
    Rig rig("", {{"channel", std::int64_t{1}}});
    rig.emulator.two_channels = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    EXPECT_DOUBLE_EQ(*rig.value(r, "power"), 12);
    EXPECT_DOUBLE_EQ(*rig.value(r, "current"), 0.058);
}

TEST(Tasmota, PasswordInTheQueryEscapedAndNeverInMessages) {
    ::setenv("WATTBENCH_TASMOTA_PASSWORD", kPassword.c_str(), 1);
    Rig rig(kPassword);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_FALSE(rig.poll().error);
    EXPECT_NE(rig.emulator.last_query().find("password=T4sm%26ta%3Dpw%201"), std::string::npos)
        << rig.emulator.last_query();
    ::setenv("WATTBENCH_TASMOTA_PASSWORD", "wrong", 1);
    Rig wrong(kPassword);
    auto e = wrong.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::auth);
    EXPECT_NE(e->message.find("wrong user name or password"), std::string::npos) << e->message;
    EXPECT_EQ(e->message.find("wrong&"), std::string::npos);
    ::unsetenv("WATTBENCH_TASMOTA_PASSWORD");
    Rig none(kPassword);
    e = none.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::auth);
    EXPECT_NE(e->message.find("WATTBENCH_TASMOTA_PASSWORD"), std::string::npos) << e->message;
}

TEST(Tasmota, DroppedLinkAndSilence) {
    Rig rig;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.server().silent = true;
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.emulator.server().silent = false;
    rig.emulator.server().drop(600ms);
    std::this_thread::sleep_for(50ms);
    r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost) << r.error->message;
    std::this_thread::sleep_for(650ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_FALSE(rig.poll().error);
}

TEST(TasmotaSettings, ValidatesKeys) {
    auto make = [](const std::string& key, api::OptionValue v) {
        api::DeviceConfig c;
        c.id = "plug";
        c.driver = "tasmota";
        c.connection = "http://192.0.2.51";
        c.options.set(key, std::move(v));
        return builtin_registry().create(c);
    };
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(make("status", std::int64_t{9})));
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(make("password", std::string("x"))));
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(make("channel", std::int64_t{-1})));
    EXPECT_TRUE(
        std::holds_alternative<std::unique_ptr<api::Device>>(make("status", std::int64_t{10})));
}

}  // namespace
}  // namespace wattbench::drivers::tasmota
