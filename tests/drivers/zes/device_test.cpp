#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "drivers/zes/models.hpp"
#include "tests/drivers/scpi_analyzer/table_lookup.hpp"
#include "tests/drivers/zes/zes_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::zes {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::emulators::ZesEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

api::DriverInfo lmg95_driver_info() {
    return testing::info_named(driver_infos(), "zes-lmg95");
}
api::DriverInfo lmg600_driver_info() {
    return testing::info_named(driver_infos(), "zes-lmg600");
}

struct Rig {
    ZesEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    Rig(StreamServer::Kind kind, const std::string& model, api::DriverInfo info,
        std::map<std::string, api::OptionValue> options = {})
        : emulator(model), server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        server.set_ticker([this] { return emulator.tick(); });
        api::DeviceConfig c;
        c.id = "wattmeter";
        c.driver = info.name;
        c.connection = server.connection("?baud=115200");
        c.options.set("update_interval", 0.1);
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
    api::PollResult poll(std::chrono::milliseconds budget = 600ms) {
        return device->poll(Clock::now() + budget);
    }
    // The emulator logs a command once its thread has read it, a moment after the write.
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
    std::size_t index(const std::string& name) const {
        const auto& c = device->channels();
        for (std::size_t i = 0; i < c.size(); ++i) {
            if (c[i].name == name) {
                return i;
            }
        }
        ADD_FAILURE() << "no channel " << name;
        return c.size();
    }
    double value(const api::PollResult& r, const std::string& name) const {
        for (const auto& x : r.readings) {
            if (x.channel == index(name)) {
                return x.status == Status::ok ? x.value : -1e300;
            }
        }
        return -2e300;
    }
    Status status(const api::PollResult& r, const std::string& name) const {
        for (const auto& x : r.readings) {
            if (x.channel == index(name)) {
                return x.status;
            }
        }
        return Status::error;
    }
};

std::map<std::string, api::OptionValue> fixed() {
    return {{"voltage_range", 250.0}, {"current_range", 10.0}};
}

class ZesLmg95 : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(ZesLmg95, OpensFixesRangesAndReadsTheStream) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "LMG95");
    EXPECT_EQ(rig.device->identity().serial, "01234");
    EXPECT_TRUE(rig.sent("syst:lang short"));
    EXPECT_TRUE(rig.sent("cycl 0.1;*OPC?"));
    EXPECT_TRUE(rig.sent("uam manual;*OPC?"));
    EXPECT_TRUE(rig.sent("urng 250;*OPC?"));
    EXPECT_TRUE(rig.sent("iam manual;*OPC?"));
    EXPECT_TRUE(rig.sent("irng 10;*OPC?"));
    EXPECT_TRUE(rig.sent("actn;utrms?;itrms?;p?;s?;q?;pf?;freq?"));
    EXPECT_TRUE(rig.sent("cont on"));
    EXPECT_FALSE(rig.emulator.voltage_auto());
    EXPECT_DOUBLE_EQ(rig.emulator.current_range(), 10.0);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(r.readings.size(), std::size_t{7});  // no energy: no confirmed integrator commands
    for (const auto& c : rig.device->channels()) {
        EXPECT_NE(c.name, "energy");
    }
    EXPECT_DOUBLE_EQ(rig.value(r, "power"), 101.7);
    EXPECT_DOUBLE_EQ(rig.value(r, "voltage"), 230.4);
    EXPECT_DOUBLE_EQ(rig.value(r, "reactive_power"), -59.6);
    EXPECT_DOUBLE_EQ(rig.value(r, "frequency"), 49.98);
    ASSERT_FALSE(r.notices.empty());
    const auto& s = r.notices.back().settings;
    EXPECT_EQ(std::get<double>(s.at("voltage_range_in_use")), 250.0);
    EXPECT_EQ(std::get<double>(s.at("current_range_in_use")), 10.0);
    EXPECT_EQ(std::get<std::string>(s.at("ranging")), "fixed");
    rig.device->close();
    EXPECT_TRUE(rig.sent("cont off"));
    EXPECT_TRUE(rig.sent("gtl"));
    EXPECT_FALSE(rig.emulator.streaming());
}

TEST_P(ZesLmg95, EachPollTakesTheNewestLine) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    std::this_thread::sleep_for(350ms);  // three or four lines pile up
    rig.emulator.watts = 150.25;
    std::this_thread::sleep_for(150ms);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(rig.value(r, "power"), 150.25);
}

TEST_P(ZesLmg95, ActnThatAnswersAtOnceIsTakenToo) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(), fixed());
    rig.emulator.actn_answers = true;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(rig.value(r, "power"), 101.7);
}

TEST_P(ZesLmg95, SentinelsAreUnavailableAndOverrange) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.invalid = true;
    rig.emulator.overrange = true;
    std::this_thread::sleep_for(250ms);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_EQ(rig.status(r, "power"), Status::unavailable);
    EXPECT_EQ(rig.status(r, "current"), Status::overrange);
    EXPECT_EQ(rig.status(r, "voltage"), Status::ok);
}

TEST_P(ZesLmg95, AutoRangeSwitchInsideAWindowIsFlagged) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(),
            {{"voltage_range", 250.0}, {"current_range", std::string("auto")}});
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_TRUE(rig.sent("iam auto;*OPC?"));
    EXPECT_TRUE(rig.sent("actn;utrms?;itrms?;p?;s?;q?;pf?;freq?;urng?;irng?"));
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    for (const auto& n : r.notices) {
        EXPECT_TRUE(n.phase_flag.empty()) << n.message;
    }
    rig.emulator.amps = 3.2;  // 0.6 A → 5 A range
    std::this_thread::sleep_for(250ms);
    r = rig.poll();
    ASSERT_FALSE(r.error);
    bool flagged = false;
    for (const auto& n : r.notices) {
        flagged = flagged || n.phase_flag == "range_change";
    }
    EXPECT_TRUE(flagged);
}

TEST_P(ZesLmg95, GarbageIsAProtocolErrorThenRecovers) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.noise = true;
    std::this_thread::sleep_for(250ms);
    rig.poll(100ms);  // may still hold a good line sent before the noise
    std::this_thread::sleep_for(250ms);
    auto r = rig.poll(150ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::protocol);
    EXPECT_TRUE(r.readings.empty());
    rig.emulator.noise = false;
    std::this_thread::sleep_for(250ms);
    r = rig.poll();
    EXPECT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(rig.value(r, "power"), 101.7);
}

TEST_P(ZesLmg95, AStreamThatStopsIsALostLinkAndReopens) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.stalled = true;
    std::this_thread::sleep_for(100ms);
    rig.poll(100ms);  // drains what was already on its way
    auto r = rig.poll(200ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    const auto until = Clock::now() + 6s;
    while (Clock::now() < until && (!r.error || r.error->kind != ErrorKind::link_lost)) {
        r = rig.poll(500ms);
    }
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost);
    EXPECT_NE(r.error->message.find("stream stopped"), std::string::npos);
    rig.emulator.stalled = false;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    std::this_thread::sleep_for(150ms);
    r = rig.poll();
    EXPECT_FALSE(r.error);
}

TEST_P(ZesLmg95, SilenceFailsOpenAsUnreachable) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(), fixed());
    rig.server.silent = true;
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
}

TEST_P(ZesLmg95, DroppedLinkIsLostThenReopens) {
    Rig rig(GetParam(), "LMG95", lmg95_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.server.drop(400ms);
    std::this_thread::sleep_for(50ms);
    api::PollResult r;
    for (int i = 0; i < 5; ++i) {
        r = rig.poll(300ms);
        if (r.error && r.error->kind == ErrorKind::link_lost) {
            break;
        }
    }
    ASSERT_TRUE(r.error);
    EXPECT_TRUE(r.error->kind == ErrorKind::link_lost || r.error->kind == ErrorKind::timeout);
    std::this_thread::sleep_for(500ms);
    rig.device->close();
    ASSERT_EQ(rig.device->open(), std::nullopt);
    std::this_thread::sleep_for(150ms);
    r = rig.poll();
    EXPECT_FALSE(r.error) << r.error->message;
    EXPECT_GE(rig.server.connections(), 2);
}

TEST_P(ZesLmg95, WrongModelIsAConfigError) {
    Rig rig(GetParam(), "LMG95", lmg600_driver_info(), fixed());
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("LMG95"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Links, ZesLmg95,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp));

TEST(ZesLmg670, PerChannelNamesOverTcp) {
    Rig rig(StreamServer::Kind::tcp, "LMG670", lmg600_driver_info(), fixed());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "LMG670");
    EXPECT_TRUE(rig.sent("*zlang short"));
    EXPECT_TRUE(rig.sent("uauto1 0;*OPC?"));
    EXPECT_TRUE(rig.sent("urng1 250;*OPC?"));
    EXPECT_TRUE(rig.sent("iauto1 0;*OPC?"));
    EXPECT_TRUE(rig.sent("actn;utrms1?;itrms1?;p1?;s1?;q1?;pf1?;fcyc1?"));
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.value(r, "voltage"), 230.4, 1e-9);
    EXPECT_NEAR(rig.value(r, "frequency"), 49.98, 1e-9);
    rig.emulator.invalid = true;
    std::this_thread::sleep_for(250ms);
    r = rig.poll();
    EXPECT_EQ(rig.status(r, "power"), Status::unavailable);
}

// The `channel` key picks the LMG6xx input: every name, range command and query carries it.
TEST(ZesLmg670, ChannelKeyPicksTheInput) {
    auto options = fixed();
    options["channel"] = std::int64_t{3};
    options["current_range"] = std::string("auto");
    Rig rig(StreamServer::Kind::tcp, "LMG670", lmg600_driver_info(), options);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_TRUE(rig.sent("uauto3 0;*OPC?"));
    EXPECT_TRUE(rig.sent("urng3 250;*OPC?"));
    EXPECT_TRUE(rig.sent("iauto3 1;*OPC?"));
    EXPECT_TRUE(rig.sent("urng3?"));
    EXPECT_TRUE(rig.sent("actn;utrms3?;itrms3?;p3?;s3?;q3?;pf3?;fcyc3?;urng3?;irng3?"));
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.value(r, "power"), 101.7, 1e-9);
    ASSERT_FALSE(r.notices.empty());
    EXPECT_EQ(std::get<std::int64_t>(r.notices.front().settings.at("channel")), 3);
}

TEST(ZesSettings, OptionsAreCheckedWithoutIo) {
    auto make = [](std::map<std::string, api::OptionValue> options,
                   const std::string& connection = "tcp://127.0.0.1:2101") {
        api::DeviceConfig c;
        c.id = "w";
        c.driver = "zes-lmg95";
        c.connection = connection;
        for (auto& [k, v] : options) {
            c.options.set(k, v);
        }
        return lmg95_driver_info().factory(c);
    };
    auto message = [](const auto& made) {
        auto* e = std::get_if<api::DeviceError>(&made);
        return e ? e->message : std::string();
    };
    EXPECT_NE(message(make({{"voltage_range", 5000.0}})).find("voltage_range"), std::string::npos);
    EXPECT_NE(message(make({{"current_range", std::string("big")}})).find("current_range"),
              std::string::npos);
    EXPECT_NE(message(make({{"channel", std::int64_t{2}}})).find("channel"), std::string::npos);
    EXPECT_NE(message(make({{"update_interval", 0.0}})).find("update_interval"), std::string::npos);
    EXPECT_NE(message(make({{"ranging", std::string("calibrate")}})).find("zes-lmg95"),
              std::string::npos);
    EXPECT_NE(message(make({}, "tcp://127.0.0.1")).find("PORT"), std::string::npos);
    EXPECT_EQ(message(make({{"voltage_range", 250.0}, {"current_range", std::string("auto")}})),
              "");
    api::DeviceConfig six;
    six.driver = "zes-lmg600";
    six.connection = "tcp://127.0.0.1";  // 5025 by default
    six.options.set("channel", std::int64_t{7});
    EXPECT_TRUE(
        std::holds_alternative<std::unique_ptr<api::Device>>(lmg600_driver_info().factory(six)));
}

}  // namespace
}  // namespace wattbench::drivers::zes
