#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <thread>

#include "drivers/chroma/models.hpp"
#include "tests/drivers/chroma/chroma_emulator.hpp"
#include "tests/drivers/scpi_analyzer/table_lookup.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::chroma {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::ChromaEmulator;
using tests::emulators::StreamServer;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

api::DriverInfo c66202_driver_info() {
    return testing::info_named(driver_infos(), "chroma-66202");
}
api::DriverInfo c66203_driver_info() {
    return testing::info_named(driver_infos(), "chroma-66203");
}
api::DriverInfo c66204_driver_info() {
    return testing::info_named(driver_infos(), "chroma-66204");
}

struct Rig {
    ChromaEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    Rig(StreamServer::Kind kind, const std::string& model, api::DriverInfo info,
        std::map<std::string, api::OptionValue> options)
        : emulator(model), server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "wattmeter";
        c.driver = info.name;
        c.connection = server.connection("?baud=9600");
        for (auto& [k, v] : options) {
            c.options.set(k, v);
        }
        auto made = info.factory(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        EXPECT_TRUE(c.options.unused().empty());
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll(std::chrono::milliseconds budget = 800ms) {
        return device->poll(Clock::now() + budget);
    }
    bool sent(const std::string& command) const {
        const auto until = Clock::now() + 1s;
        for (;;) {
            auto c = emulator.commands();
            if (std::find(c.begin(), c.end(), command) != c.end()) {
                return true;
            }
            if (Clock::now() > until) {
                return false;
            }
            std::this_thread::sleep_for(10ms);
        }
    }
    const api::Reading* find(const api::PollResult& r, const std::string& name) const {
        const auto& c = device->channels();
        for (const auto& x : r.readings) {
            if (x.channel < c.size() && c[x.channel].name == name) {
                return &x;
            }
        }
        return nullptr;
    }
    static bool flagged(const api::PollResult& r) {
        return std::any_of(r.notices.begin(), r.notices.end(),
                           [](const api::Notice& n) { return n.phase_flag == "range_change"; });
    }
};

std::map<std::string, api::OptionValue> fixed(std::int64_t channel = 2) {
    return {{"voltage_range", 300.0}, {"current_range", 2.0}, {"channel", channel}};
}

class Chroma66204 : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(Chroma66204, OpensSelectsTheChannelAndFetches) {
    Rig rig(GetParam(), "66204", c66204_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "66204");
    EXPECT_EQ(rig.device->identity().serial, "66204M000066");
    EXPECT_TRUE(rig.sent("CHAN 2"));
    EXPECT_TRUE(rig.sent("CONF:VOLT:RANG 300"));
    EXPECT_TRUE(rig.sent("CONF:CURR:RANG 2"));
    EXPECT_TRUE(rig.sent("TRIG ON"));
    EXPECT_EQ(rig.emulator.channel(), 2);
    EXPECT_TRUE(rig.emulator.integrating());
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.readings.size(), 8u);
    const std::vector<std::string> names = {"power",        "apparent_power", "reactive_power",
                                            "power_factor", "voltage",        "current",
                                            "frequency",    "energy"};
    for (std::size_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(rig.device->channels()[i].name, names[i]);
    }
    EXPECT_DOUBLE_EQ(rig.find(r, "power")->value, 250.12);
    EXPECT_DOUBLE_EQ(rig.find(r, "voltage")->value, 229.87);
    EXPECT_DOUBLE_EQ(rig.find(r, "reactive_power")->value, -134.05);
    EXPECT_DOUBLE_EQ(rig.find(r, "energy")->value, 12.345);
    EXPECT_TRUE(rig.sent("FETC? V,I,W,VA,VAR,PF,FREQ,ENEG"));
    ASSERT_FALSE(r.notices.empty());
    const auto& s = r.notices.back().settings;
    EXPECT_EQ(std::get<double>(s.at("voltage_range_in_use")), 300.0);
    EXPECT_EQ(std::get<double>(s.at("current_range_in_use")), 2.0);
    EXPECT_EQ(std::get<std::string>(s.at("integrator_state")), "RUNNING");
    EXPECT_EQ(std::get<std::string>(s.at("read")), "fetch");
    EXPECT_EQ(std::get<std::int64_t>(s.at("channel")), 2);
    EXPECT_FALSE(Rig::flagged(r));
}

// Every answer form the manual allows, each read the same.
TEST_P(Chroma66204, SemicolonsCrlfAndHeaders) {
    Rig rig(GetParam(), "66204", c66204_driver_info(), fixed());
    rig.emulator.semicolons = true;
    rig.emulator.crlf = true;
    rig.emulator.headers = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(rig.find(r, "power")->value, 250.12);
    EXPECT_DOUBLE_EQ(rig.find(r, "frequency")->value, 50.0);
}

TEST_P(Chroma66204, IdentifiesThroughChannelIdWhenIdnIsSilent) {
    Rig rig(GetParam(), "66204", c66204_driver_info(), fixed());
    rig.emulator.idn_silent = true;
    rig.emulator.headers = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "66204");
}

TEST_P(Chroma66204, SentinelsMinusOneTwoThree) {
    Rig rig(GetParam(), "66204", c66204_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.first_integration = true;
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(rig.find(r, "energy")->status, Status::unavailable);
    EXPECT_EQ(rig.find(r, "power")->status, Status::ok);
    EXPECT_FALSE(Rig::flagged(r));
    rig.emulator.first_integration = false;
    rig.emulator.range_error = true;
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(rig.find(r, "power")->status, Status::unavailable);
    EXPECT_TRUE(Rig::flagged(r));
    rig.emulator.range_error = false;
    rig.emulator.protection = true;
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(rig.find(r, "current")->status, Status::overrange);
    EXPECT_EQ(rig.find(r, "power")->status, Status::overrange);
}

TEST_P(Chroma66204, AutoRangeSwitchInsideAWindowIsFlagged) {
    Rig rig(GetParam(), "66204", c66204_driver_info(),
            {{"voltage_range", 300.0}, {"current_range", std::string("auto")}});
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_TRUE(rig.sent("CONF:CURR:AUTO ON"));
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_FALSE(Rig::flagged(r));
    rig.emulator.amps = 5.0;  // 2 A → 20 A range
    r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_TRUE(Rig::flagged(r));
}

TEST_P(Chroma66204, GarbageSilenceAndADroppedLink) {
    Rig rig(GetParam(), "66204", c66204_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    auto r = rig.poll();
    // Noise goes out before the answer: the answer is still found behind it.
    EXPECT_FALSE(r.error) << r.error->message;
    rig.server.garbage = false;
    rig.server.silent = true;
    r = rig.poll(300ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    EXPECT_TRUE(r.readings.empty());
    rig.server.silent = false;
    rig.server.drop(300ms);
    std::this_thread::sleep_for(50ms);
    for (int i = 0; i < 5 && !(r.error && r.error->kind == ErrorKind::link_lost); ++i) {
        r = rig.poll(200ms);
    }
    EXPECT_TRUE(r.error);
    std::this_thread::sleep_for(400ms);
    rig.device->close();
    ASSERT_EQ(rig.device->open(), std::nullopt);
    r = rig.poll();
    EXPECT_FALSE(r.error) << r.error->message;
    EXPECT_GE(rig.server.connections(), 2);
}

TEST_P(Chroma66204, SilentMeterFailsOpenAsUnreachable) {
    Rig rig(GetParam(), "66204", c66204_driver_info(), fixed());
    rig.server.silent = true;
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
}

TEST_P(Chroma66204, AnotherModelIsAConfigError) {
    Rig rig(GetParam(), "66203", c66204_driver_info(), fixed());
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("66203"), std::string::npos);
}

// The range and integrator commands are assumed (README): a meter that ignores them still
// opens and reads, with no range in use in the manifest and the ranges reported as asked.
TEST_P(Chroma66204, AMeterThatIgnoresTheRangeCommandsStillReads) {
    Rig rig(GetParam(), "66204", c66204_driver_info(), fixed());
    rig.emulator.no_conf = true;
    const auto t0 = Clock::now();
    ASSERT_EQ(rig.device->open(), std::nullopt);
    // The unanswered read-backs cost the integrator query's 0.5 s and the open's 2 s budget.
    EXPECT_LT(Clock::now() - t0, 3500ms);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(rig.find(r, "power")->value, 250.12);
    EXPECT_DOUBLE_EQ(rig.find(r, "energy")->value, 0.0);
    ASSERT_FALSE(r.notices.empty());
    const auto& s = r.notices.back().settings;
    EXPECT_EQ(s.count("voltage_range_in_use"), 0u);
    EXPECT_EQ(s.count("integrator_state"), 0u);
    EXPECT_EQ(std::get<double>(s.at("voltage_range")), 300.0);
    EXPECT_TRUE(std::any_of(r.notices.begin(), r.notices.end(), [](const api::Notice& n) {
        return n.warning && n.message.find("integrator") != std::string::npos;
    }));
}

INSTANTIATE_TEST_SUITE_P(Links, Chroma66204,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp));

TEST(Chroma66202, MeasureWithoutIntegration) {
    Rig rig(StreamServer::Kind::pty, "66202", c66202_driver_info(),
            {{"current_range", 0.4}, {"read", std::string("measure")}, {"integrate", false}});
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_TRUE(rig.sent("MEAS? V,I,W,VA,VAR,PF,FREQ"));
    EXPECT_FALSE(rig.sent("CHAN 1"));
    EXPECT_FALSE(rig.emulator.integrating());
    EXPECT_EQ(rig.find(r, "energy")->status, Status::unavailable);
    EXPECT_DOUBLE_EQ(rig.find(r, "current")->value, 1.2345);
}

TEST(ChromaSettings, OptionsAreCheckedWithoutIo) {
    auto make = [](api::DriverInfo info, std::map<std::string, api::OptionValue> options) {
        api::DeviceConfig c;
        c.id = "w";
        c.driver = info.name;
        c.connection = "serial:///dev/null";
        for (auto& [k, v] : options) {
            c.options.set(k, v);
        }
        auto made = info.factory(c);
        auto* e = std::get_if<api::DeviceError>(&made);
        return e ? e->message : std::string();
    };
    // SPEC's 66202 current ranges only.
    EXPECT_NE(make(c66202_driver_info(), {{"current_range", 1.0}}).find("no range of"),
              std::string::npos);
    EXPECT_EQ(make(c66202_driver_info(), {{"current_range", 20.0}}), "");
    EXPECT_EQ(make(c66204_driver_info(), {{"current_range", 1.0}}), "");
    EXPECT_NE(make(c66204_driver_info(), {{"channel", std::int64_t{5}}}).find("channel"),
              std::string::npos);
    EXPECT_NE(make(c66202_driver_info(), {{"channel", std::int64_t{2}}}).find("channel 1 only"),
              std::string::npos);
    EXPECT_NE(make(c66203_driver_info(), {{"read", std::string("poll")}}).find("\"measure\""),
              std::string::npos);
    EXPECT_EQ(make(c66203_driver_info(), {{"read", std::string("measure")}}), "");
    EXPECT_NE(make(c66203_driver_info(), {{"voltage_range", 5000.0}}).find("voltage_range"),
              std::string::npos);
    EXPECT_NE(make(c66203_driver_info(), {{"ranging", std::string("calibrate")}}).find("chroma"),
              std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers::chroma
