#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "drivers/rohde_schwarz/models.hpp"
#include "tests/drivers/rohde_schwarz/hmc_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::rohde_schwarz {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::rohde_schwarz::HmcEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// This driver's entries alone, so the test links only its library.
const api::Registry& registry() {
    static const api::Registry r = [] {
        api::Registry x;
        for (auto& info : driver_infos()) {
            x.add(std::move(info));
        }
        return x;
    }();
    return r;
}

struct Rig {
    HmcEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    explicit Rig(StreamServer::Kind kind,
                 std::function<void(HmcEmulator&, api::Options&)> tweak = {})
        : server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "wattmeter";
        c.driver = "rs-hmc8015";
        c.connection = server.connection("?baud=9600");
        c.options.set("voltage_range", std::string("300V"));
        c.options.set("current_range", std::string("auto"));
        if (tweak) {
            tweak(emulator, c.options);
        }
        auto made = registry().create(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll(std::chrono::milliseconds budget = 800ms) {
        return device->poll(Clock::now() + budget);
    }
    const api::Reading& reading(const api::PollResult& r, const std::string& name) const {
        static const api::Reading none{0, 0.0, Status::error, ""};
        const auto& ch = device->channels();
        auto it = std::find_if(ch.begin(), ch.end(), [&](const auto& c) { return c.name == name; });
        EXPECT_NE(it, ch.end()) << name;
        const auto i = static_cast<std::size_t>(it - ch.begin());
        for (const auto& x : r.readings) {
            if (x.channel == i) {
                return x;
            }
        }
        ADD_FAILURE() << "no reading for " << name;
        return none;
    }
    bool sent(const std::string& command) const {
        const auto c = emulator.commands();
        return std::find(c.begin(), c.end(), command) != c.end();
    }
};

std::map<std::string, api::OptionValue> last_settings(const api::PollResult& r) {
    std::map<std::string, api::OptionValue> s;
    for (const auto& n : r.notices) {
        if (!n.settings.empty()) {
            s = n.settings;
        }
    }
    return s;
}

class HmcEndToEnd : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(HmcEndToEnd, IdentifiesSelectsAndReadsEveryChannel) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "HMC8015");
    EXPECT_EQ(rig.device->identity().serial, "012345678");
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
    EXPECT_NEAR(rig.reading(r, "apparent_power").value, 100.12, 1e-9);
    EXPECT_NEAR(rig.reading(r, "reactive_power").value, 48.6, 1e-9);
    EXPECT_NEAR(rig.reading(r, "power_factor").value, 0.8742, 1e-9);
    EXPECT_NEAR(rig.reading(r, "voltage").value, 230.1, 1e-9);
    EXPECT_NEAR(rig.reading(r, "current").value, 0.4351, 1e-9);
    EXPECT_NEAR(rig.reading(r, "frequency").value, 50.01, 1e-9);
    EXPECT_EQ(rig.reading(r, "energy").status, Status::ok);
    EXPECT_TRUE(rig.sent("CHAN1:MEAS:FUNC P,S,Q,LAMB,URMS,IRMS,FU,WH"));
    EXPECT_TRUE(rig.sent("CHAN1:VOLT:RANG 300"));
    EXPECT_TRUE(rig.sent("CHAN1:CURR:RANG:AUTO 1"));
    EXPECT_TRUE(rig.sent("INT:RES"));
    EXPECT_TRUE(rig.sent("INT:STAR"));
    EXPECT_TRUE(rig.emulator.integrating());
    EXPECT_DOUBLE_EQ(rig.emulator.voltage_range(), 300.0);
    const auto s = last_settings(r);
    ASSERT_TRUE(s.count("voltage_range_in_use"));
    EXPECT_EQ(std::get<double>(s.at("voltage_range_in_use")), 300.0);
}

// No data is 9.91E+37 (the R&S driver) or NAN (third-party code); over-range is UNCONFIRMED.
TEST_P(HmcEndToEnd, SentinelsInEveryPlausibleForm) {
    for (const char* none : {"9.91E+37", "NAN"}) {
        for (const char* over : {"INF", "9.9E+37", "-9.9E+37"}) {
            Rig rig(GetParam(), [&](HmcEmulator& e, api::Options&) {
                e.no_data_text = none;
                e.overrange_text = over;
            });
            ASSERT_EQ(rig.device->open(), std::nullopt);
            rig.emulator.no_data = true;
            auto r = rig.poll();
            ASSERT_FALSE(r.error) << r.error->message;
            EXPECT_EQ(rig.reading(r, "power").status, Status::unavailable) << none;
            rig.emulator.no_data = false;
            rig.emulator.overrange = true;
            r = rig.poll();
            ASSERT_FALSE(r.error) << r.error->message;
            EXPECT_EQ(rig.reading(r, "current").status, Status::overrange) << over;
            EXPECT_EQ(rig.reading(r, "voltage").status, Status::ok);
        }
    }
}

// The R&S driver's `CHAN1:VOLT:RANG` and power-overwhelming's `CHAN1:ACQ:VOLT:RANG`: both
// are sent, so a meter that knows either takes the range; the read-back is the R&S form's.
TEST_P(HmcEndToEnd, RangesInEitherCommandForm) {
    for (auto form : {HmcEmulator::RangeForm::plain, HmcEmulator::RangeForm::acq}) {
        Rig rig(GetParam(), [&](HmcEmulator& e, api::Options& o) {
            e.range_form = form;
            o.set("current_range", std::string("2A"));
        });
        ASSERT_EQ(rig.device->open(), std::nullopt);
        EXPECT_FALSE(rig.emulator.voltage_auto());
        EXPECT_DOUBLE_EQ(rig.emulator.voltage_range(), 300.0);
        EXPECT_DOUBLE_EQ(rig.emulator.current_range(), 2.0);
        EXPECT_TRUE(rig.sent("*CLS"));  // the other form's -113 cleared
        auto r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        const auto s = last_settings(r);
        if (form == HmcEmulator::RangeForm::plain) {
            ASSERT_TRUE(s.count("current_range_in_use"));
            EXPECT_EQ(std::get<double>(s.at("current_range_in_use")), 2.0);
        }
    }
}

TEST_P(HmcEndToEnd, AutoRangeSwitchMidWindowIsFlagged) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.amps = 3.2;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    auto flagged = std::find_if(r.notices.begin(), r.notices.end(),
                                [](const auto& n) { return n.phase_flag == "range_change"; });
    ASSERT_NE(flagged, r.notices.end());
    EXPECT_NE(flagged->message.find("current range 0.5 A → 5 A"), std::string::npos)
        << flagged->message;
}

// A fixed range the meter refuses (an error reply in its queue) shows in the read-back: the
// open warns that the range in use is not the one asked for.
TEST_P(HmcEndToEnd, ARefusedRangeIsAWarningFromTheReadBack) {
    Rig rig(GetParam(),
            [](HmcEmulator& e, api::Options&) { e.reject_prefix = "CHAN1:VOLT:RANG 3"; });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_TRUE(std::any_of(r.notices.begin(), r.notices.end(), [](const auto& n) {
        return n.warning && n.message.find("300 V asked for") != std::string::npos;
    }));
}

TEST_P(HmcEndToEnd, RefusedIntegratorIsAWarning) {
    Rig rig(GetParam(), [](HmcEmulator& e, api::Options&) { e.reject_prefix = "INT:"; });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_FALSE(rig.emulator.integrating());
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
    EXPECT_TRUE(std::any_of(r.notices.begin(), r.notices.end(), [](const auto& n) {
        return n.warning && n.message.find("integrator") != std::string::npos;
    }));
}

TEST_P(HmcEndToEnd, GarbageSilenceAndADroppedLink) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    for (int i = 0; i < 3; ++i) {
        auto r = rig.poll();
        if (!r.error) {
            EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
        }
    }
    rig.server.garbage = false;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;

    rig.server.silent = true;
    const auto start = Clock::now();
    r = rig.poll(400ms);
    EXPECT_LT(Clock::now() - start, 700ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    rig.emulator.watts = 120.0;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 120.0, 1e-9);

    rig.server.drop(700ms);
    std::this_thread::sleep_for(100ms);
    r = rig.poll();
    ASSERT_TRUE(r.error);
    rig.device->close();
    std::this_thread::sleep_for(800ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 120.0, 1e-9);
    EXPECT_EQ(rig.server.connections(), 2);
}

INSTANTIATE_TEST_SUITE_P(Links, HmcEndToEnd,
                         ::testing::Values(StreamServer::Kind::tcp, StreamServer::Kind::pty),
                         [](const auto& info) {
                             return info.param == StreamServer::Kind::tcp ? "tcp" : "pty";
                         });

TEST(HmcSettings, RefusesRangesTheMeterLacks) {
    for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
             {"voltage_range", "250V"}, {"current_range", "30A"}, {"voltage_range", "x"}}) {
        api::DeviceConfig config;
        config.id = "wattmeter";
        config.driver = "rs-hmc8015";
        config.connection = "tcp://127.0.0.1";
        config.options.set(key, value);
        auto made = registry().create(config);
        ASSERT_TRUE(std::holds_alternative<api::DeviceError>(made)) << key << value;
        const auto& e = std::get<api::DeviceError>(made);
        EXPECT_EQ(e.kind, ErrorKind::config);
        EXPECT_NE(e.message.find(key), std::string::npos) << e.message;
    }
}

}  // namespace
}  // namespace wattbench::drivers::rohde_schwarz
