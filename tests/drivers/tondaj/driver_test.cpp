#include <gtest/gtest.h>

#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/emulators/stream_server.hpp"
#include "tests/emulators/tondaj_emulator.hpp"

namespace wattbench::drivers::tondaj {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::emulators::TondajEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

struct Rig {
    TondajEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    explicit Rig(StreamServer::Kind kind, const std::string& weighting = "A",
                 const std::string& time = "")
        : server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "slm";
        c.driver = "tondaj-sl-814";
        c.connection = server.connection();
        c.options.set("weighting", weighting);
        if (!time.empty()) {
            c.options.set("time_weighting", time);
        }
        auto made = builtin_registry().create(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll() { return device->poll(Clock::now() + 500ms); }
};

class TondajEndToEnd : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(TondajEndToEnd, InitsAndPolls) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.emulator.inits(), 1);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(r.readings[0].value, 42.1);
    EXPECT_EQ(r.readings[0].status, Status::ok);
    rig.emulator.deci_db = 887;
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 88.7);
}

TEST_P(TondajEndToEnd, WeightingIsCheckedNotSet) {
    Rig rig(GetParam(), "C", "slow");
    EXPECT_EQ(rig.device->channels()[0].unit, "dBC");
    rig.emulator.c_weighting = true;
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("meter reads fast time weighting, the profile asks for slow"),
              std::string::npos)
        << e->message;
    EXPECT_NE(e->message.find("set with its buttons only"), std::string::npos);
}

TEST_P(TondajEndToEnd, AButtonPressedMidRunMakesErrorRows) {
    Rig rig(GetParam(), "C", "slow");
    rig.emulator.c_weighting = true;
    rig.emulator.slow = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[0].status, Status::ok);
    rig.emulator.c_weighting = false;
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[0].status, Status::error);
}

TEST_P(TondajEndToEnd, OverAndUnderRange) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.deci_db = 1352;
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 135.2);
    EXPECT_EQ(r.readings[0].status, Status::overrange);
    EXPECT_EQ(r.readings[0].text, "over range (30–130 dB)");
    rig.emulator.deci_db = 250;
    r = rig.poll();
    EXPECT_EQ(r.readings[0].status, Status::overrange);
    EXPECT_EQ(r.readings[0].text, "under range (30–130 dB)");
}

TEST_P(TondajEndToEnd, GarbageBeforeAnswersIsSkipped) {
    Rig rig(GetParam());
    rig.server.garbage = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    for (int i = 0; i < 3; ++i) {
        auto r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        EXPECT_DOUBLE_EQ(r.readings[0].value, 42.1);
    }
}

TEST_P(TondajEndToEnd, SilenceTimesOutAndDropIsRecovered) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.silent = true;
    auto r = rig.device->poll(Clock::now() + 200ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;

    rig.server.drop(300ms);
    for (int i = 0; i < 10; ++i) {
        r = rig.poll();
        if (r.error && r.error->kind != ErrorKind::timeout) {
            break;
        }
    }
    ASSERT_TRUE(r.error);
    rig.device->close();
    const auto until = Clock::now() + 5s;
    std::optional<api::DeviceError> e;
    do {
        std::this_thread::sleep_for(100ms);
        e = rig.device->open();
    } while (e && Clock::now() < until);
    ASSERT_EQ(e, std::nullopt) << e->message;
    EXPECT_GE(rig.emulator.inits(), 2);
    r = rig.poll();
    ASSERT_FALSE(r.error);
}

TEST_P(TondajEndToEnd, SilentMeterCannotBeOpened) {
    Rig rig(GetParam());
    rig.server.silent = true;
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    EXPECT_NE(e->message.find("05 0D"), std::string::npos) << e->message;
}

INSTANTIATE_TEST_SUITE_P(Transports, TondajEndToEnd,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp),
                         [](const auto& info) {
                             return info.param == StreamServer::Kind::pty ? "pty" : "tcp";
                         });

TEST_P(TondajEndToEnd, BackgroundNoiseGoesToTheSettings) {
    TondajEmulator emulator;
    StreamServer server(GetParam(), [&](std::string& in) { return emulator.handle(in); });
    api::DeviceConfig c;
    c.id = "slm";
    c.driver = "tondaj-sl-814";
    c.connection = server.connection();
    c.options.set("background_noise", 32.5);
    auto made = builtin_registry().create(c);
    ASSERT_EQ(made.index(), 0u);
    auto& device = *std::get<0>(made);
    ASSERT_EQ(device.open(), std::nullopt);
    auto r = device.poll(Clock::now() + 500ms);
    ASSERT_FALSE(r.error);
    ASSERT_EQ(r.notices.size(), 1u);
    EXPECT_DOUBLE_EQ(std::get<double>(r.notices[0].settings.at("background_noise")), 32.5);
    EXPECT_EQ(std::get<std::string>(r.notices[0].settings.at("range")), "30-130");
    c.options = {};
    c.options.set("background_noise", 200.0);
    auto bad = builtin_registry().create(c);
    ASSERT_EQ(bad.index(), 1u);
    EXPECT_NE(std::get<1>(bad).message.find("key 'background_noise'"), std::string::npos);
}

TEST(TondajRegistry, DefaultsTo8E1) {
    api::DeviceConfig c;
    c.id = "slm";
    c.driver = "tondaj-sl-814";
    c.connection = "serial:///dev/ttyUSB7";
    ASSERT_EQ(builtin_registry().create(c).index(), 0u);
    c.options.set("weighting", std::string("B"));
    ASSERT_EQ(builtin_registry().create(c).index(), 1u);
}

}  // namespace
}  // namespace wattbench::drivers::tondaj
