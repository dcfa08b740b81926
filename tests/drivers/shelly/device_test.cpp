#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/drivers/shelly/shelly_emulator.hpp"

namespace wattbench::drivers::shelly {
namespace {

using api::ErrorKind;
using api::Status;
using tests::shelly::ShellyEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

const std::string kPassword = "Sh3lly-dig-9Xq";

struct Rig {
    ShellyEmulator emulator;
    std::unique_ptr<api::Device> device;

    Rig(ShellyEmulator::Kind kind, const std::string& password = "",
        std::vector<std::pair<std::string, api::OptionValue>> options = {})
        : emulator(kind, password) {
        api::DeviceConfig c;
        c.id = "plug";
        c.driver = "shelly";
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
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& c : device->channels()) {
            out.push_back(c.name);
        }
        return out;
    }
};

class WithPassword : public ::testing::Test {
protected:
    void SetUp() override { ::setenv("WATTBENCH_SHELLY_PASSWORD", kPassword.c_str(), 1); }
    void TearDown() override { ::unsetenv("WATTBENCH_SHELLY_PASSWORD"); }
};

TEST(Shelly, Gen1PlugStatusMeters) {
    Rig rig(ShellyEmulator::Kind::gen1_plug);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "SHPLG-S");
    EXPECT_EQ(rig.device->identity().firmware, "20230913-114008/v1.14.0-gcb84623");
    EXPECT_EQ(rig.names(), (std::vector<std::string>{"power", "energy"}));
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(*rig.value(r, "power"), 0.0, 1e-9);
    EXPECT_NEAR(*rig.value(r, "energy"), 2632.0 / 60.0, 1e-3);
    rig.emulator.set(88.25, 0, 0, 50.0);
    r = rig.poll();
    EXPECT_NEAR(*rig.value(r, "power"), 88.25, 1e-9);
    EXPECT_NEAR(*rig.value(r, "energy"), 50.0, 1e-3);
    rig.emulator.invalid = true;
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_FALSE(rig.value(r, "power")) << "is_valid false leaves power unavailable";
    EXPECT_EQ(rig.emulator.server().connections(), 1);
}

TEST_F(WithPassword, Gen1BasicAuth) {
    Rig rig(ShellyEmulator::Kind::gen1_plug, kPassword);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_TRUE(rig.value(rig.poll(), "power"));
    EXPECT_GT(rig.emulator.http().authenticated(), 0);
}

TEST_F(WithPassword, Gen2DigestSha256) {
    Rig rig(ShellyEmulator::Kind::gen2_plug, kPassword);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "SNPL-00112EU");
    EXPECT_EQ(rig.names(), (std::vector<std::string>{"power", "voltage", "current", "energy"}));
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(*rig.value(r, "power"), 2.7, 1e-9);
    EXPECT_NEAR(*rig.value(r, "voltage"), 227.9, 1e-9);
    EXPECT_NEAR(*rig.value(r, "energy"), 7258.589, 1e-9);
    EXPECT_GE(rig.emulator.http().authenticated(), 2);
    EXPECT_NE(rig.emulator.http().last_authorization().find("algorithm=SHA-256"),
              std::string::npos);
    rig.emulator.set(310.5, 229.0, 1.4, 7300.0);
    EXPECT_NEAR(*rig.value(rig.poll(), "power"), 310.5, 1e-9);
}

TEST_F(WithPassword, Gen3PmMiniFallsBackToPm1AndReadsFrames) {
    Rig rig(ShellyEmulator::Kind::gen3_pm_mini, kPassword);
    rig.emulator.rpc_frame = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.names(), (std::vector<std::string>{"power", "power_factor", "voltage", "current",
                                                     "frequency", "energy"}));
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(*rig.value(r, "frequency"), 50.0, 1e-9);
    EXPECT_NEAR(*rig.value(r, "power_factor"), 0.93, 1e-9);
}

TEST_F(WithPassword, WrongPasswordIsAnAuthErrorNamingTheHost) {
    Rig rig(ShellyEmulator::Kind::gen2_plug, "another-password");
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::auth);
    EXPECT_NE(e->message.find("127.0.0.1:"), std::string::npos) << e->message;
    EXPECT_NE(e->message.find("wrong password"), std::string::npos) << e->message;
    EXPECT_EQ(e->message.find(kPassword), std::string::npos);
}

TEST(Shelly, NoPasswordForAProtectedDeviceSaysWhereToPutIt) {
    ::unsetenv("WATTBENCH_SHELLY_PASSWORD");
    Rig rig(ShellyEmulator::Kind::gen2_plug, kPassword);
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::auth);
    EXPECT_NE(e->message.find("WATTBENCH_SHELLY_PASSWORD"), std::string::npos) << e->message;
}

TEST(Shelly, OtherChannelIdIsAConfigErrorAtOpen) {
    Rig rig(ShellyEmulator::Kind::gen2_plug, "", {{"channel", std::int64_t{1}}});
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config) << e->message;
    EXPECT_NE(e->message.find("not found"), std::string::npos) << e->message;
}

TEST(Shelly, DroppedLinkThenSilenceThenBack) {
    Rig rig(ShellyEmulator::Kind::gen2_plug);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.server().drop(700ms);
    std::this_thread::sleep_for(50ms);
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_TRUE(r.error->kind == ErrorKind::link_lost) << r.error->message;
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    std::this_thread::sleep_for(750ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.server().silent = true;
    r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.emulator.server().silent = false;
    bool back = false;
    for (int i = 0; i < 3 && !back; ++i) {
        back = !rig.poll().error;
    }
    EXPECT_TRUE(back);
}

TEST(ShellySettings, RefusesPasswordsInProfilesAndUrls) {
    auto make = [](const std::string& connection, const std::string& key, api::OptionValue v) {
        api::DeviceConfig c;
        c.id = "plug";
        c.driver = "shelly";
        c.connection = connection;
        if (!key.empty()) {
            c.options.set(key, std::move(v));
        }
        return builtin_registry().create(c);
    };
    auto e = make("http://192.0.2.50", "password", std::string("x"));
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(e));
    EXPECT_NE(std::get<api::DeviceError>(e).message.find("WATTBENCH_SHELLY_PASSWORD"),
              std::string::npos);
    for (const char* bad : {"http://admin:pw@192.0.2.50", "tcp://192.0.2.50", "http://",
                            "http://192.0.2.50/rpc", "http://192.0.2.50:99999"}) {
        EXPECT_TRUE(std::holds_alternative<api::DeviceError>(make(bad, "", false))) << bad;
    }
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(
        make("http://192.0.2.50", "generation", std::string("gen9"))));
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(
        make("http://[2001:db8::50]:8080", "generation", std::string("gen2"))));
}

}  // namespace
}  // namespace wattbench::drivers::shelly
