#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/emulators/cem_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::cem {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::CemEmulator;
using tests::emulators::StreamServer;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

struct Rig {
    CemEmulator emulator{20ms};
    StreamServer server;
    std::unique_ptr<api::Device> device;

    Rig(StreamServer::Kind kind, const std::string& weighting = "A", const std::string& time = "")
        : server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        server.set_ticker([this] { return emulator.tick(); });
        api::DeviceConfig c;
        c.id = "slm";
        c.driver = "cem-dt885x";
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

class CemEndToEnd : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(CemEndToEnd, ReadsTheNewestLevel) {
    Rig rig(GetParam());
    EXPECT_EQ(rig.device->channels()[0].unit, "dBA");
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.readings.size(), 1u);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 53.4);
    EXPECT_EQ(r.readings[0].status, Status::ok);
    rig.emulator.deci_db = 612;
    std::this_thread::sleep_for(150ms);  // several measurements pile up
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 61.2);
    EXPECT_TRUE(rig.emulator.commands().empty());  // already A: nothing sent
}

TEST_P(CemEndToEnd, SwitchesWeightingAndTimeWeightingAndReadsThemBack) {
    Rig rig(GetParam(), "C", "slow");
    EXPECT_EQ(rig.device->channels()[0].unit, "dBC");
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_TRUE(rig.emulator.c_weighting);
    EXPECT_TRUE(rig.emulator.slow);
    EXPECT_EQ(rig.emulator.commands(), (std::vector<std::uint8_t>{0x99, 0x77}));
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[0].status, Status::ok);
    // Someone presses A/C on the meter: the readings stop being dBC.
    rig.emulator.c_weighting = false;
    std::this_thread::sleep_for(150ms);
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[0].status, Status::error);
    EXPECT_EQ(r.readings[0].text, "meter reads A weighting, the profile asks for C");
}

TEST_P(CemEndToEnd, AMeterThatDoesNotSwitchIsAConfigError) {
    Rig rig(GetParam(), "C");
    rig.emulator.ignore_weighting_command = true;
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("did not switch to C weighting"), std::string::npos) << e->message;
    EXPECT_EQ(rig.emulator.commands().size(), 3u);  // three tries
}

TEST_P(CemEndToEnd, BareMeasurementsAreTakenWithAWarning) {
    Rig rig(GetParam(), "A", "fast");
    rig.emulator.status_tokens = false;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 53.4);
    ASSERT_EQ(r.notices.size(), 2u);
    EXPECT_TRUE(r.notices[0].warning);
    EXPECT_NE(r.notices[0].message.find("no weighting and time weighting tokens"),
              std::string::npos)
        << r.notices[0].message;
    EXPECT_EQ(std::get<std::string>(r.notices[1].settings.at("weighting")), "A");
    EXPECT_TRUE(rig.emulator.commands().empty());
    EXPECT_TRUE(rig.poll().notices.empty());
}

TEST_P(CemEndToEnd, OverRange) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.over = true;
    rig.emulator.deci_db = 1310;
    std::this_thread::sleep_for(150ms);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[0].status, Status::overrange);
    EXPECT_EQ(r.readings[0].text, "over range");
    rig.emulator.over = false;
    rig.emulator.range_token = 0x30;  // 30–80 dB, and 131.0 dB is above it
    std::this_thread::sleep_for(150ms);
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[0].status, Status::overrange);
    EXPECT_EQ(r.readings[0].text, "over range (30–80 dB)");
}

TEST_P(CemEndToEnd, GarbageBetweenPacketsIsSkipped) {
    Rig rig(GetParam());
    rig.server.garbage = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    for (int i = 0; i < 3; ++i) {
        auto r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        EXPECT_DOUBLE_EQ(r.readings[0].value, 53.4);
    }
}

TEST_P(CemEndToEnd, SilenceIsATimeoutAndTheLinkStays) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.server.silent = true;
    std::this_thread::sleep_for(50ms);
    rig.poll();  // drains what was in flight
    auto r = rig.device->poll(Clock::now() + 200ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
}

TEST_P(CemEndToEnd, DroppedLinkIsLostThenReopens) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.server.drop(300ms);
    api::PollResult r;
    for (int i = 0; i < 10; ++i) {
        r = rig.poll();
        if (r.error && r.error->kind != ErrorKind::timeout) {
            break;
        }
    }
    ASSERT_TRUE(r.error);
    if (GetParam() == StreamServer::Kind::tcp) {
        EXPECT_EQ(r.error->kind, ErrorKind::link_lost);
    }
    rig.device->close();
    const auto until = Clock::now() + 5s;
    std::optional<api::DeviceError> e;
    do {
        std::this_thread::sleep_for(100ms);
        e = rig.device->open();
    } while (e && Clock::now() < until);
    ASSERT_EQ(e, std::nullopt) << e->message;
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 53.4);
}

TEST(CemDevice, NothingThereIsUnreachable) {
    api::DeviceConfig c;
    c.id = "slm";
    c.driver = "cem-dt885x";
    c.connection = "tcp://127.0.0.1:1";
    auto made = builtin_registry().create(c);
    ASSERT_EQ(made.index(), 0u);
    auto e = std::get<0>(made)->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
}

INSTANTIATE_TEST_SUITE_P(Transports, CemEndToEnd,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp),
                         [](const auto& info) {
                             return info.param == StreamServer::Kind::pty ? "pty" : "tcp";
                         });

}  // namespace
}  // namespace wattbench::drivers::cem
