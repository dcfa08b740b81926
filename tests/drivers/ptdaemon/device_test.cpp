#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/drivers/ptdaemon/ptd_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::ptdaemon {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::PtdEmulator;
using tests::emulators::StreamServer;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

std::string ptd_connection(const StreamServer& s) {
    auto c = s.connection();
    return "ptd://" + c.substr(c.find("://") + 3);
}

struct Rig {
    PtdEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    explicit Rig(std::function<void(api::Options&)> options = {})
        : server(StreamServer::Kind::tcp, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "ptd";
        c.driver = "ptdaemon";
        c.connection = ptd_connection(server);
        c.options.set("interval_ms", std::int64_t{100});
        c.options.set("timeout_ms", std::int64_t{400});
        if (options) {
            options(c.options);
        }
        auto made = builtin_registry().create(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll() { return device->poll(Clock::now() + 500ms); }
    bool sent(const std::string& c) const {
        const auto cmds = emulator.commands();
        return std::find(cmds.begin(), cmds.end(), c) != cmds.end();
    }
    std::size_t channel(const std::string& name) const {
        const auto& ch = device->channels();
        for (std::size_t i = 0; i < ch.size(); ++i) {
            if (ch[i].name == name) {
                return i;
            }
        }
        ADD_FAILURE() << "no channel " << name;
        return 0;
    }
    const api::Reading& reading(const api::PollResult& r, const std::string& name) const {
        const auto i = channel(name);
        for (const auto& x : r.readings) {
            if (x.channel == i) {
                return x;
            }
        }
        static api::Reading none{0, 0.0, Status::error, "absent"};
        ADD_FAILURE() << "no reading for " << name;
        return none;
    }
};

const api::Notice* find_notice(const api::PollResult& r, const std::string& text) {
    for (const auto& n : r.notices) {
        if (n.message.find(text) != std::string::npos) {
            return &n;
        }
    }
    return nullptr;
}

const api::Notice* settings_notice(const api::PollResult& r) {
    for (auto it = r.notices.rbegin(); it != r.notices.rend(); ++it) {
        if (!it->settings.empty()) {
            return &*it;
        }
    }
    return nullptr;
}

template <class T>
T setting(const api::Notice& n, const std::string& key) {
    const auto it = n.settings.find(key);
    EXPECT_NE(it, n.settings.end()) << key;
    if (it == n.settings.end() || !std::holds_alternative<T>(it->second)) {
        ADD_FAILURE() << key << " missing or of another type";
        return T{};
    }
    return std::get<T>(it->second);
}

TEST(PtdDevice, OpensIdentifiesSetsRangesAndStarts) {
    Rig rig([](api::Options& o) {
        o.set("voltage_range", 300.0);
        o.set("current_range", std::string("auto"));
    });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "WT310");
    EXPECT_EQ(rig.device->identity().firmware, "PTDaemon 1.11.1");
    EXPECT_TRUE(rig.sent("Hello"));
    EXPECT_TRUE(rig.sent("Identify"));
    EXPECT_TRUE(rig.sent("SR,V,300"));
    EXPECT_TRUE(rig.sent("SR,A,Auto"));
    EXPECT_TRUE(rig.sent("RR"));
    EXPECT_TRUE(rig.sent("Go,100,0,wattbench"));
    const auto r = rig.poll();
    const auto* n = settings_notice(r);
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(setting<std::string>(*n, "ptd_model"), "WT310");
    EXPECT_EQ(setting<std::string>(*n, "ptd_version"), "1.11.1");
    EXPECT_EQ(setting<std::string>(*n, "ptd_version_crc"), "a3b2c1d0");
    EXPECT_EQ(setting<bool>(*n, "ptd_accepted"), true);
    EXPECT_EQ(setting<double>(*n, "voltage_range_in_use"), 300.0);
    EXPECT_EQ(setting<std::string>(*n, "current_auto"), "on");
    EXPECT_EQ(setting<std::string>(*n, "voltage_auto"), "off");
    rig.device->close();
    EXPECT_TRUE(rig.sent("Stop"));
    EXPECT_FALSE(rig.emulator.measuring());
}

TEST(PtdDevice, RefusedRangeIsAWarningNotAFailure) {
    Rig rig([](api::Options& o) { o.set("voltage_range", 1000.0); });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto r = rig.poll();
    EXPECT_NE(find_notice(r, "PTDaemon refused SR,V,1000: Error in parameter"), nullptr);
}

class PtdRlForms : public ::testing::TestWithParam<PtdEmulator::RlForm> {};

// Whether RL hands out only the samples since the last RL or a repeated history, each poll
// takes the new ones; nothing new is unavailable, never the old value again.
TEST_P(PtdRlForms, EachPollTakesTheSamplesSinceTheLast) {
    Rig rig;
    rig.emulator.set_rl_form(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    std::this_thread::sleep_for(350ms);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(rig.reading(r, "power").status, Status::ok);
    EXPECT_NEAR(rig.reading(r, "power").value, 120.5, 1e-9);
    EXPECT_NEAR(rig.reading(r, "voltage").value, 230.1, 1e-9);
    EXPECT_NEAR(rig.reading(r, "current").value, 0.62, 1e-9);
    EXPECT_NEAR(rig.reading(r, "power_factor").value, 0.845, 1e-9);
    r = rig.poll();  // within the same 100 ms sample: nothing new
    if (r.readings.size() && rig.reading(r, "power").status == Status::ok) {
        EXPECT_NEAR(rig.reading(r, "power").value, 120.5, 1e-9);
    }
    rig.emulator.set_values(200.0, 231.0, 1.0, 0.9);
    std::this_thread::sleep_for(350ms);
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_NEAR(rig.reading(r, "power").value, 200.0, 1e-9);
    rig.emulator.set_busy(true);  // nothing new can come
    r = rig.poll();
    rig.emulator.set_busy(false);
    r = rig.poll();
    std::this_thread::sleep_for(20ms);
    r = rig.poll();
    // Right after a poll at most one 100 ms sample is new; with none the row is unavailable.
    const auto& p = rig.reading(r, "power");
    EXPECT_TRUE(p.status == Status::unavailable || std::abs(p.value - 200.0) < 1e-9);
}

INSTANTIATE_TEST_SUITE_P(Forms, PtdRlForms,
                         ::testing::Values(PtdEmulator::RlForm::since_last,
                                           PtdEmulator::RlForm::history));

TEST(PtdDevice, MissingValuesAreUnavailable) {
    Rig rig;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.set_missing(true);
    std::this_thread::sleep_for(350ms);
    rig.poll();
    std::this_thread::sleep_for(250ms);
    const auto r = rig.poll();
    ASSERT_FALSE(r.error);
    for (const char* c : {"power", "voltage", "current", "power_factor"}) {
        EXPECT_EQ(rig.reading(r, c).status, Status::unavailable) << c;
    }
}

TEST(PtdDevice, MeterBusyIsUnavailableAndLoggedOnce) {
    Rig rig;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.poll();
    rig.emulator.set_busy(true);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(rig.reading(r, "power").status, Status::unavailable);
    EXPECT_NE(find_notice(r, "PTDaemon answered RL: Meter busy"), nullptr);
    r = rig.poll();
    EXPECT_EQ(rig.reading(r, "power").status, Status::unavailable);
    EXPECT_EQ(find_notice(r, "Meter busy"), nullptr);  // once
    rig.emulator.set_busy(false);
    std::this_thread::sleep_for(250ms);
    r = rig.poll();
    EXPECT_EQ(rig.reading(r, "power").status, Status::ok);
}

// The link drops: the poll says so, the sampler reopens, and PTD (still measuring for the lost
// connection) answers the new Go with Meter busy, so the driver stops it and starts again.
TEST(PtdDevice, DroppedLinkReconnectsAndStartsAgain) {
    Rig rig;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    std::this_thread::sleep_for(250ms);
    ASSERT_FALSE(rig.poll().error);
    rig.server.drop(300ms);
    std::this_thread::sleep_for(50ms);
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost);
    rig.device->close();
    EXPECT_TRUE(rig.device->open().has_value());  // still refused
    std::this_thread::sleep_for(400ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.emulator.count("Go,"), 3);
    EXPECT_EQ(rig.emulator.count("Stop"), 1);
    std::this_thread::sleep_for(250ms);
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(rig.reading(r, "power").status, Status::ok);
}

TEST(PtdDevice, GarbageBeforeAnswersIsSkipped) {
    Rig rig;
    rig.server.garbage = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    std::this_thread::sleep_for(250ms);
    const auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 120.5, 1e-9);
}

TEST(PtdDevice, SilenceIsATimeoutAndNoNumber) {
    Rig rig;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.silent = true;
    const auto r = rig.device->poll(Clock::now() + 300ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    EXPECT_TRUE(r.readings.empty());
    rig.server.silent = false;
}

TEST(PtdDevice, SilentPtdIsUnreachableAtOpen) {
    Rig rig;
    rig.server.silent = true;
    const auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
}

TEST(PtdDevice, AGapInPtdsSamplesIsNoticed) {
    Rig rig;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    std::this_thread::sleep_for(250ms);
    rig.poll();
    rig.emulator.drop_samples_for(600ms);
    std::this_thread::sleep_for(900ms);
    const auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_NE(find_notice(r, "PTDaemon's samples have a gap of"), nullptr);
}

TEST(PtdDevice, MultichannelAnalyzerGetsPerChannelReadings) {
    Rig rig;
    rig.emulator.set_channels(2);
    EXPECT_EQ(rig.device->channels().size(), 4u);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_EQ(rig.device->channels().size(), 12u);  // sum, then Ch1 and Ch2
    EXPECT_EQ(rig.device->channels()[4].name, "power_1");
    std::this_thread::sleep_for(250ms);
    const auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_NEAR(rig.reading(r, "power").value, 120.5, 1e-9);
    EXPECT_NEAR(rig.reading(r, "power_1").value, 60.25, 1e-9);
    EXPECT_NEAR(rig.reading(r, "current_2").value, 0.31, 1e-9);
    EXPECT_NEAR(rig.reading(r, "voltage_2").value, 230.1, 1e-9);
}

class PtdIdentifyForms : public ::testing::TestWithParam<PtdEmulator::IdentifyForm> {};

TEST_P(PtdIdentifyForms, ModelIsFieldZeroWhateverFollows) {
    Rig rig;
    rig.emulator.set_identify(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto& model = rig.device->identity().model;
    EXPECT_NE(model.find("WT310"), std::string::npos) << model;
    std::this_thread::sleep_for(250ms);
    EXPECT_FALSE(rig.poll().error);
}

INSTANTIATE_TEST_SUITE_P(Forms, PtdIdentifyForms,
                         ::testing::Values(PtdEmulator::IdentifyForm::full,
                                           PtdEmulator::IdentifyForm::idn_with_commas,
                                           PtdEmulator::IdentifyForm::minimal));

TEST(PtdDevice, NotAcceptedIsAWarning) {
    Rig rig;
    rig.emulator.set_accepted(false);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto r = rig.poll();
    EXPECT_NE(find_notice(r, "as not accepted by SPEC"), nullptr);
    EXPECT_EQ(setting<bool>(*settings_notice(r), "ptd_accepted"), false);
}

class PtdMarkForms : public ::testing::TestWithParam<bool> {};

// Mark answers a line or nothing (the sources do not say): either way the window's Mark goes
// out, and at its close PTD's Watts and Uncertainty reach the device's settings.
TEST_P(PtdMarkForms, WindowEdgesGiveMarkWattsAndUncertainty) {
    Rig rig;
    rig.emulator.set_mark_answers(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto* marks = rig.device->window_marks();
    ASSERT_NE(marks, nullptr);
    std::this_thread::sleep_for(150ms);
    rig.poll();
    marks->mark_window(api::WindowEdge::open, "idle, cold");
    EXPECT_TRUE(marks->window_mark_pending());
    auto r = rig.poll();
    EXPECT_FALSE(marks->window_mark_pending());
    EXPECT_TRUE(rig.sent("Mark,idle_ cold"));
    std::this_thread::sleep_for(450ms);
    r = rig.poll();
    ASSERT_FALSE(r.error);
    marks->mark_window(api::WindowEdge::close, "idle, cold");
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    const auto* n = find_notice(r, "PTDaemon's figures for the window of phase 'idle, cold'");
    ASSERT_NE(n, nullptr);
    EXPECT_NEAR(setting<double>(*n, "ptd_idle__cold_watts_avg"), 120.5, 1e-9);
    EXPECT_GE(setting<std::int64_t>(*n, "ptd_idle__cold_samples"), 3);
    EXPECT_EQ(setting<std::int64_t>(*n, "ptd_idle__cold_errors"), 0);
    EXPECT_EQ(setting<std::string>(*n, "ptd_idle__cold_valid"), "1");
    EXPECT_NEAR(setting<double>(*n, "ptd_idle__cold_uncertainty"), 0.0015, 1e-12);
    EXPECT_EQ(setting<std::string>(*n, "ptd_model"), "WT310");  // the whole map, every time
    EXPECT_EQ(rig.emulator.count("Watts"), 1);
    // A discarded window is not summarised.
    marks->mark_window(api::WindowEdge::open, "busy");
    rig.poll();
    marks->mark_window(api::WindowEdge::discard, "busy");
    rig.poll();
    EXPECT_EQ(rig.emulator.count("Watts"), 1);
    EXPECT_FALSE(marks->window_mark_pending());
}

INSTANTIATE_TEST_SUITE_P(MarkAnswers, PtdMarkForms, ::testing::Values(false, true));

TEST(PtdDevice, OlderPtdWithoutUncertaintyStillGivesWatts) {
    Rig rig;
    rig.emulator.set_uncertainty(false);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.device->window_marks()->mark_window(api::WindowEdge::open, "idle");
    rig.poll();
    std::this_thread::sleep_for(350ms);
    rig.device->window_marks()->mark_window(api::WindowEdge::close, "idle");
    const auto r = rig.poll();
    const auto* n = find_notice(r, "Uncertainty answered Unknown command");
    ASSERT_NE(n, nullptr);
    EXPECT_NEAR(setting<double>(*n, "ptd_idle_watts_avg"), 120.5, 1e-9);
    EXPECT_EQ(n->settings.count("ptd_idle_uncertainty"), 0u);
}

api::DeviceError config_error(const std::string& connection,
                              std::function<void(api::Options&)> options = {}) {
    api::DeviceConfig c;
    c.id = "ptd";
    c.driver = "ptdaemon";
    c.connection = connection;
    if (options) {
        options(c.options);
    }
    auto made = builtin_registry().create(c);
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(made)) << connection;
    return std::holds_alternative<api::DeviceError>(made) ? std::get<api::DeviceError>(made)
                                                          : api::DeviceError{};
}

TEST(PtdSettings, ConnectionAndOptionsAreCheckedWithoutIo) {
    api::DeviceConfig c;
    c.id = "ptd";
    c.driver = "ptdaemon";
    for (const char* ok :
         {"ptd://192.0.2.7", "ptd://192.0.2.7:8889", "ptd://[::1]:8888", "ptd://director.lab/"}) {
        c.connection = ok;
        EXPECT_TRUE(
            std::holds_alternative<std::unique_ptr<api::Device>>(builtin_registry().create(c)))
            << ok;
    }
    EXPECT_NE(config_error("tcp://192.0.2.7:8888").message.find("device 'ptd': key 'connection'"),
              std::string::npos);
    EXPECT_NE(config_error("ptd://host:0").message.find("port"), std::string::npos);
    EXPECT_NE(config_error("ptd://host:").message.find("empty port"), std::string::npos);
    EXPECT_NE(config_error("ptd://").message.find("ptd://HOST"), std::string::npos);
    const auto range = config_error(
        "ptd://h", [](api::Options& o) { o.set("voltage_range", std::string("300V")); });
    EXPECT_NE(range.message.find("key 'voltage_range'"), std::string::npos) << range.message;
    EXPECT_EQ(range.kind, ErrorKind::config);
    EXPECT_NE(
        config_error("ptd://h", [](api::Options& o) { o.set("interval_ms", std::int64_t{5}); })
            .message.find("key 'interval_ms'"),
        std::string::npos);
    EXPECT_NE(config_error("ptd://h", [](api::Options& o) { o.set("channels", std::int64_t{0}); })
                  .message.find("key 'channels'"),
              std::string::npos);
    EXPECT_NE(config_error("ptd://h", [](api::Options& o) { o.set("password", std::string("x")); })
                  .message.find("password"),
              std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers::ptdaemon
