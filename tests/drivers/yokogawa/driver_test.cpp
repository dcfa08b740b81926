#include <gtest/gtest.h>
#include <sys/resource.h>

#include <thread>

#include "drivers/builtin_registry.hpp"
#include "drivers/yokogawa/channels.hpp"
#include "tests/emulators/stream_server.hpp"
#include "tests/emulators/yokogawa_emulator.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::emulators::YokogawaEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

struct Rig {
    YokogawaEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    Rig(StreamServer::Kind kind, const std::string& model = "WT310",
        const std::string& driver = "yokogawa-wt310")
        : emulator(model), server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "wattmeter";
        c.driver = driver;
        c.connection = server.connection("?baud=9600");
        c.options.set("voltage_range", 300.0);
        c.options.set("current_range", std::string("auto"));
        c.options.set("integrate", false);
        auto made = builtin_registry().create(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll(std::chrono::milliseconds budget = 500ms) {
        return device->poll(Clock::now() + budget);
    }
};

class YokogawaEndToEnd : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(YokogawaEndToEnd, IdentifiesSetsUpAndReadsValues) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "WT310");
    EXPECT_EQ(rig.device->identity().serial, "C2PH13047V");
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.readings.size(), channel_count);
    EXPECT_NEAR(r.readings[power].value, 87.52, 1e-9);
    EXPECT_NEAR(r.readings[voltage].value, 230.1, 1e-9);
    EXPECT_NEAR(r.readings[power_factor].value, 0.8742, 1e-9);
    EXPECT_EQ(r.readings[energy].status, Status::unavailable);  // integrate = false
    auto cmds = rig.emulator.commands();
    auto has = [&](const std::string& x) {
        return std::find(cmds.begin(), cmds.end(), x) != cmds.end();
    };
    EXPECT_TRUE(has(":INP:VOLT:RANG 300"));
    EXPECT_TRUE(has(":INP:CURR:AUTO ON"));
    EXPECT_TRUE(has(":COMM:REM ON"));
}

TEST_P(YokogawaEndToEnd, NanIsUnavailableAndInfIsOverrange) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.nan = true;
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[power].status, Status::unavailable);
    EXPECT_EQ(r.readings[voltage].status, Status::ok);
    rig.emulator.nan = false;
    rig.emulator.overrange = true;
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[power].status, Status::overrange);
    EXPECT_EQ(r.readings[current].status, Status::overrange);
    EXPECT_EQ(r.readings[voltage].status, Status::ok);
}

TEST_P(YokogawaEndToEnd, GarbageBeforeTheAnswerIsSkipped) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    for (int i = 0; i < 3; ++i) {
        auto r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        EXPECT_NEAR(r.readings[power].value, 87.52, 1e-9);
    }
}

TEST_P(YokogawaEndToEnd, SilenceIsATimeoutThenRecoversWithoutStaleAnswers) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);  // set-up commands have all been taken
    rig.server.silent = true;
    auto start = Clock::now();
    auto r = rig.poll(200ms);
    EXPECT_LT(Clock::now() - start, 600ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    rig.emulator.watts = 120.0;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(r.readings[power].value, 120.0, 1e-9);
}

TEST_P(YokogawaEndToEnd, DroppedLinkIsLostThenReopens) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.server.drop(700ms);
    std::this_thread::sleep_for(50ms);
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost) << r.error->message;
    rig.device->close();
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable) << e->message;
    std::this_thread::sleep_for(800ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(r.readings[power].value, 87.52, 1e-9);
    EXPECT_EQ(rig.server.connections(), 2);
}

TEST_P(YokogawaEndToEnd, Wt210Dialect) {
    Rig rig(GetParam(), "WT210", "yokogawa-wt210");
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(r.readings[power].value, 87.52, 1e-9);
    EXPECT_NEAR(r.readings[voltage].value, 230.1, 1e-9);
    EXPECT_NEAR(r.readings[frequency].value, 50.01, 1e-9);
    auto cmds = rig.emulator.commands();
    EXPECT_NE(std::find(cmds.begin(), cmds.end(), ":CONF:VOLT:RANG 300"), cmds.end());
}

TEST_P(YokogawaEndToEnd, WrongFamilyIsAConfigError) {
    Rig rig(GetParam(), "WT210", "yokogawa-wt310");
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("yokogawa-wt210"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Transports, YokogawaEndToEnd,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp),
                         [](const auto& info) {
                             return info.param == StreamServer::Kind::pty ? "pty" : "tcp";
                         });

TEST(YokogawaConfig, FactoryValidatesEveryOptionWithoutIo) {
    struct Case {
        const char* key;
        api::OptionValue value;
        const char* says;
    };
    const Case cases[] = {
        {"voltage_range", std::string("max"), "\"auto\""},
        {"voltage_range", 1000.0, "outside"},
        {"current_range", 0.0001, "outside"},
        {"update_interval", 0.3, "0.1, 0.25"},
        {"integrate", std::string("yes"), "true or false"},
        {"colour", std::string("red"), "colour"},
    };
    for (const auto& c : cases) {
        api::DeviceConfig cfg;
        cfg.id = "w";
        cfg.driver = "yokogawa-wt310";
        cfg.connection = "serial:///dev/ttyNOPE0";
        cfg.options.set(c.key, c.value);
        auto made = builtin_registry().create(cfg);
        ASSERT_TRUE(std::holds_alternative<api::DeviceError>(made)) << c.key;
        const auto& e = std::get<api::DeviceError>(made);
        EXPECT_EQ(e.kind, ErrorKind::config);
        EXPECT_NE(e.message.find(c.says), std::string::npos) << e.message;
    }
    api::DeviceConfig bad_conn;
    bad_conn.driver = "yokogawa-wt210";
    bad_conn.connection = "tcp://meter";
    auto made = builtin_registry().create(bad_conn);
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(made));
    EXPECT_NE(std::get<api::DeviceError>(made).message.find("':PORT'"), std::string::npos);
}

TEST(YokogawaSpeed, CpuAtOneHertzIsNegligible) {
    Rig rig(StreamServer::Kind::pty);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto cpu = [] {
        rusage u{};
        ::getrusage(RUSAGE_THREAD, &u);
        return u.ru_utime.tv_sec * 1e6 + u.ru_utime.tv_usec + u.ru_stime.tv_sec * 1e6 +
               u.ru_stime.tv_usec;
    };
    const int polls = 50;
    const double before = cpu();
    for (int i = 0; i < polls; ++i) {
        ASSERT_FALSE(rig.poll().error);
    }
    const double per_poll_us = (cpu() - before) / polls;
    // At 1 Hz this is the driver thread's share of one core.
    const double share = per_poll_us / 1e6;
    RecordProperty("cpu_us_per_poll", std::to_string(per_poll_us));
    std::printf("yokogawa driver: %.1f us CPU per poll = %.4f %% of a core at 1 Hz\n", per_poll_us,
                share * 100);
    EXPECT_LT(share, 0.001);
}

}  // namespace
}  // namespace wattbench::drivers::yokogawa
