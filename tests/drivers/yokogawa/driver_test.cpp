#include <gtest/gtest.h>

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

TEST_P(YokogawaEndToEnd, ReadsOncePerUpdateAndReportsItsSettings) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    auto cmds = rig.emulator.commands();
    EXPECT_NE(std::find(cmds.begin(), cmds.end(), ":STAT:FILT1 FALL"), cmds.end());
    auto wait = std::find(cmds.begin(), cmds.end(), ":COMM:WAIT 1");
    ASSERT_EQ(std::distance(wait, cmds.end()), 5);
    EXPECT_EQ(*(wait + 1), ":NUM:NORM:VAL?");
    EXPECT_EQ(*(wait + 2), ":STAT:EESR?");
    EXPECT_EQ(*(wait + 3), ":INP:VOLT:RANG?");  // current on auto: ranges read back
    EXPECT_EQ(rig.emulator.waits(), 1);
    // Open's read-back arrives with the first poll, for the manifest.
    ASSERT_FALSE(r.notices.empty());
    const auto& s = r.notices.back().settings;
    EXPECT_EQ(std::get<double>(s.at("voltage_range")), 300.0);
    EXPECT_EQ(std::get<std::string>(s.at("current_range")), "auto");
    EXPECT_EQ(std::get<double>(s.at("current_range_in_use")), 0.5);
    EXPECT_EQ(std::get<std::string>(s.at("mode")), "RMS");
    EXPECT_EQ(std::get<std::string>(s.at("sync")), "update");
    // Two polls inside one update interval: the second waits for the next update.
    rig.emulator.update_interval_s = 0.3;
    rig.poll();
    const auto start = Clock::now();
    r = rig.poll(1s);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_GT(Clock::now() - start, 20ms);
}

TEST_P(YokogawaEndToEnd, AutoRangeSwitchIsANoticeWithAFlag) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    auto r = rig.poll();
    EXPECT_TRUE(r.notices.empty());
    rig.emulator.amps = 1.7;
    r = rig.poll();
    ASSERT_FALSE(r.error);
    ASSERT_EQ(r.notices.size(), 1u);
    EXPECT_EQ(r.notices[0].phase_flag, "range_change");
    EXPECT_EQ(r.notices[0].message, "auto-ranging changed the current range 0.5 A → 2 A");
    EXPECT_EQ(std::get<double>(r.notices[0].settings.at("current_range_in_use")), 2.0);
}

TEST_P(YokogawaEndToEnd, CalibrateObservesThenFixesByTheMlperfRule) {
    YokogawaEmulator emulator;
    StreamServer server(GetParam(), [&](std::string& in) { return emulator.handle(in); });
    api::DeviceConfig c;
    c.id = "w";
    c.driver = "yokogawa-wt310";
    c.connection = server.connection();
    c.options.set("ranging", std::string("calibrate"));
    c.options.set("crest_factor", std::int64_t{6});
    auto made = builtin_registry().create(c);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    auto& device = *std::get<std::unique_ptr<api::Device>>(made);
    auto* ranging = device.ranging();
    ASSERT_NE(ranging, nullptr);
    ASSERT_EQ(device.open(), std::nullopt);
    EXPECT_EQ(emulator.crest_factor(), 6);
    EXPECT_TRUE(emulator.current_auto());
    ranging->request_ranging(api::RangingStep::observe);
    EXPECT_TRUE(ranging->ranging_pending());
    for (double amps : {0.3, 0.9, 0.6}) {
        emulator.amps = amps;
        ASSERT_FALSE(device.poll(Clock::now() + 1s).error);
    }
    EXPECT_FALSE(ranging->ranging_pending());
    ranging->request_ranging(api::RangingStep::fix);
    auto r = device.poll(Clock::now() + 1s);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_FALSE(ranging->ranging_pending());
    // Crest factor 6: 230.1 V → the 300 V range; 1.1 × 0.9 A = 0.99 A → the 1 A range.
    EXPECT_FALSE(emulator.voltage_auto());
    EXPECT_FALSE(emulator.current_auto());
    EXPECT_DOUBLE_EQ(emulator.voltage_range(), 300.0);
    EXPECT_DOUBLE_EQ(emulator.current_range(), 1.0);
    ASSERT_GE(r.notices.size(), 2u);
    EXPECT_EQ(r.notices[0].message,
              "ranges fixed by the MLPerf rule from the warm-up's maxima (230.1 V, 0.9 A): "
              "voltage range 300 V, current range 1 A");
    EXPECT_EQ(std::get<double>(r.notices[1].settings.at("current_range")), 1.0);
    EXPECT_EQ(std::get<std::int64_t>(r.notices[1].settings.at("crest_factor")), 6);
}

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
        {"ranging", std::string("mlperf"), "\"calibrate\""},
        {"crest_factor", std::int64_t{4}, "3 or 6"},
        {"sync", std::string("often"), "\"poll\""},
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

}  // namespace
}  // namespace wattbench::drivers::yokogawa
