#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "drivers/tektronix/models.hpp"
#include "tests/drivers/tektronix/pa_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::tektronix {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::tektronix::PaEmulator;
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

// The emulator's pause rule at a tenth of the manuals' 0.5 s, and the driver's gap to match,
// so a test opens in about a second instead of six.
constexpr double gap_s = 0.05;

struct Rig {
    PaEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    Rig(StreamServer::Kind kind, const std::string& model = "PA1000",
        std::function<void(PaEmulator&, api::Options&)> tweak = {})
        : emulator(model), server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        emulator.min_config_gap_s = gap_s;
        emulator.update_interval_s = 0.05;
        // Over a pty there is no Ethernet: the set-command answer is UNCONFIRMED, none here.
        emulator.ack =
            kind == StreamServer::Kind::pty ? PaEmulator::Ack::none : PaEmulator::Ack::lf;
        api::DeviceConfig c;
        c.id = "wattmeter";
        c.driver = model == "PA3000" ? "tektronix-pa3000" : "tektronix-pa1000";
        c.connection = server.connection("?baud=9600");
        c.options.set("voltage_range", std::string("300V"));
        c.options.set("current_range", std::string("auto"));
        c.options.set("command_gap", gap_s);
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
    std::size_t at(const std::string& name) const {
        const auto& ch = device->channels();
        auto it = std::find_if(ch.begin(), ch.end(), [&](const auto& c) { return c.name == name; });
        EXPECT_NE(it, ch.end()) << name;
        return static_cast<std::size_t>(it - ch.begin());
    }
    const api::Reading& reading(const api::PollResult& r, const std::string& name) const {
        static const api::Reading none{0, 0.0, Status::error, ""};
        const auto i = at(name);
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

class TektronixEndToEnd : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(TektronixEndToEnd, IdentifiesSelectsAndReadsEveryChannel) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().vendor, "Tektronix");
    EXPECT_EQ(rig.device->identity().model, "PA1000");
    EXPECT_EQ(rig.device->identity().serial, "491107");
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
    for (const char* c :
         {":SEL:CLR", ":SEL:VLT", ":SEL:AMP", ":SEL:WAT", ":SEL:VAS", ":SEL:VAR", ":SEL:PWF",
          ":SEL:FRQ", ":SEL:WHR", ":DSE 2", ":RNG:VLT:FIX 5", ":RNG:AMP:AUT", ":INT:RESET"}) {
        EXPECT_TRUE(rig.sent(c)) << c;
    }
    EXPECT_TRUE(rig.emulator.integrating());
    // Every rule of the manuals kept: leading colons, one command a line, spaces, pauses.
    EXPECT_EQ(rig.emulator.violations(), std::vector<std::string>{});
    const auto s = last_settings(r);
    ASSERT_TRUE(s.count("voltage_range_in_use"));
    EXPECT_EQ(std::get<double>(s.at("voltage_range_in_use")), 300.0);
}

TEST_P(TektronixEndToEnd, EveryAcknowledgementFormIsTolerated) {
    for (auto ack : {PaEmulator::Ack::none, PaEmulator::Ack::lf, PaEmulator::Ack::cr}) {
        for (char eol : {'\n', '\r'}) {
            Rig rig(GetParam(), "PA3000", [&](PaEmulator& e, api::Options&) {
                e.ack = ack;
                e.eol = eol;
            });
            ASSERT_EQ(rig.device->open(), std::nullopt)
                << static_cast<int>(ack) << " eol " << static_cast<int>(eol);
            EXPECT_EQ(rig.device->identity().model, "PA3000");
            for (int i = 0; i < 2; ++i) {
                auto r = rig.poll();
                ASSERT_FALSE(r.error) << r.error->message;
                EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
                EXPECT_NEAR(rig.reading(r, "frequency").value, 50.01, 1e-9);
            }
            EXPECT_EQ(rig.emulator.violations(), std::vector<std::string>{});
        }
    }
}

// The values come in the instrument's order; the driver maps them through the :FRF? labels,
// or by the documented display order when the labels cannot be read.
TEST_P(TektronixEndToEnd, ValueOrderIsTheInstrumentsWithOrWithoutLabels) {
    for (bool selection_order : {false, true}) {
        Rig rig(GetParam(), "PA1000",
                [&](PaEmulator& e, api::Options&) { e.selection_order = selection_order; });
        ASSERT_EQ(rig.device->open(), std::nullopt);
        auto r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        EXPECT_NEAR(rig.reading(r, "frequency").value, 50.01, 1e-9) << selection_order;
        EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9) << selection_order;
    }
    Rig unlabelled(GetParam(), "PA1000",
                   [](PaEmulator& e, api::Options&) { e.labels_known = false; });
    ASSERT_EQ(unlabelled.device->open(), std::nullopt);
    auto r = unlabelled.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(unlabelled.reading(r, "frequency").value, 50.01, 1e-9);
    EXPECT_NEAR(unlabelled.reading(r, "voltage").value, 230.1, 1e-9);
}

TEST_P(TektronixEndToEnd, SentinelsAreStatusesNeverNumbers) {
    for (const char* text : {"9.9E+37", "INF", "OVER"}) {
        Rig rig(GetParam(), "PA1000",
                [&](PaEmulator& e, api::Options&) { e.overrange_text = text; });
        ASSERT_EQ(rig.device->open(), std::nullopt);
        rig.emulator.overrange = true;
        auto r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        EXPECT_EQ(rig.reading(r, "current").status, Status::overrange) << text;
        EXPECT_EQ(rig.reading(r, "voltage").status, Status::ok);
        rig.emulator.overrange = false;
        rig.emulator.nan = true;
        r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        EXPECT_EQ(rig.reading(r, "power").status, Status::unavailable);
    }
}

TEST_P(TektronixEndToEnd, RangeReadBackAsCodeOrValue) {
    for (auto form : {PaEmulator::RangeReply::code, PaEmulator::RangeReply::value}) {
        Rig rig(GetParam(), "PA1000", [&](PaEmulator& e, api::Options& o) {
            e.range_reply = form;
            o.set("current_range", std::string("2A"));
        });
        ASSERT_EQ(rig.device->open(), std::nullopt);
        EXPECT_FALSE(rig.emulator.voltage_auto());
        EXPECT_DOUBLE_EQ(rig.emulator.voltage_range(), 300.0);
        EXPECT_DOUBLE_EQ(rig.emulator.current_range(), 2.0);
        auto r = rig.poll();
        ASSERT_FALSE(r.error);
        const auto s = last_settings(r);
        ASSERT_TRUE(s.count("current_range_in_use"));
        EXPECT_EQ(std::get<double>(s.at("current_range_in_use")), 2.0);
        EXPECT_EQ(std::get<double>(s.at("voltage_range_in_use")), 300.0);
    }
}

TEST_P(TektronixEndToEnd, AutoRangeSwitchMidWindowIsFlagged) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    rig.emulator.amps = 3.2;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    auto flagged = std::find_if(r.notices.begin(), r.notices.end(),
                                [](const auto& n) { return n.phase_flag == "range_change"; });
    ASSERT_NE(flagged, r.notices.end());
    EXPECT_NE(flagged->message.find("current range 0.5 A → 5 A"), std::string::npos)
        << flagged->message;
}

// The PA1000's integrator is UNCONFIRMED: a refusal leaves energy unavailable, not the run.
TEST_P(TektronixEndToEnd, RefusedIntegratorLeavesEnergyUnavailable) {
    Rig rig(GetParam(), "PA1000", [](PaEmulator& e, api::Options&) { e.integrator_known = false; });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(rig.reading(r, "energy").status, Status::unavailable);
    EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
    EXPECT_TRUE(std::any_of(r.notices.begin(), r.notices.end(), [](const auto& n) {
        return n.warning && n.message.find("integrat") != std::string::npos;
    }));
}

// A refused selection loses that channel only; a refused fixed range refuses the open, since
// a run on another range than the profile's is not the run that was asked for.
TEST_P(TektronixEndToEnd, ErrorRepliesToConfigCommands) {
    {
        Rig rig(GetParam(), "PA1000", [](PaEmulator& e, api::Options&) {
            e.reject_prefix = ":SEL:VAR";
            e.labels_known = false;
        });
        ASSERT_EQ(rig.device->open(), std::nullopt);
        auto r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        EXPECT_EQ(rig.reading(r, "reactive_power").status, Status::unavailable);
        EXPECT_NEAR(rig.reading(r, "power_factor").value, 0.8742, 1e-9);
        EXPECT_NEAR(rig.reading(r, "apparent_power").value, 100.12, 1e-9);
    }
    if (GetParam() == StreamServer::Kind::tcp) {
        Rig rig(GetParam(), "PA1000",
                [](PaEmulator& e, api::Options&) { e.reject_prefix = ":RNG:VLT:FIX"; });
        auto e = rig.device->open();
        ASSERT_TRUE(e);
        EXPECT_EQ(e->kind, ErrorKind::config) << e->message;
        EXPECT_NE(e->message.find(":RNG:VLT:FIX 5"), std::string::npos) << e->message;
    }
}

// A meter that refuses `:DSE 2` never sets the new-data bit: the polls go without the handshake.
TEST_P(TektronixEndToEnd, RefusedHandshakePollsWithoutIt) {
    Rig rig(GetParam(), "PA1000", [](PaEmulator& e, api::Options&) { e.reject_prefix = ":DSE"; });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
    EXPECT_FALSE(rig.sent(":DSR?"));
    EXPECT_TRUE(std::any_of(r.notices.begin(), r.notices.end(), [](const auto& n) {
        return n.warning && n.message.find(":DSE 2") != std::string::npos;
    }));
}

TEST_P(TektronixEndToEnd, GarbageBeforeTheAnswerIsSkipped) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    int good = 0;
    for (int i = 0; i < 3; ++i) {
        auto r = rig.poll();
        if (!r.error) {
            EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
            ++good;
        }
    }
    rig.server.garbage = false;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
    EXPECT_GE(good, 0);
}

TEST_P(TektronixEndToEnd, SilenceIsATimeoutThenRecovers) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.silent = true;
    const auto start = Clock::now();
    auto r = rig.poll(400ms);
    EXPECT_LT(Clock::now() - start, 700ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    rig.emulator.watts = 120.0;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 120.0, 1e-9);
}

TEST_P(TektronixEndToEnd, DroppedLinkIsLostThenReopens) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.server.drop(700ms);
    std::this_thread::sleep_for(100ms);
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_TRUE(r.error->kind == ErrorKind::link_lost || r.error->kind == ErrorKind::timeout)
        << r.error->message;
    rig.device->close();
    std::this_thread::sleep_for(800ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.reading(r, "power").value, 87.52, 1e-9);
    EXPECT_EQ(rig.server.connections(), 2);
}

TEST_P(TektronixEndToEnd, AnotherInstrumentIsAConfigError) {
    tests::emulators::StreamServer server(GetParam(), [](std::string& in) {
        std::string out;
        for (auto lf = in.find('\n'); lf != std::string::npos; lf = in.find('\n')) {
            in.erase(0, lf + 1);
            out += "YOKOGAWA,WT310,C2PH13047V,F1.03\n";
        }
        return out;
    });
    api::DeviceConfig c;
    c.id = "wattmeter";
    c.driver = "tektronix-pa1000";
    c.connection = server.connection("?baud=9600");
    auto made = registry().create(c);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    auto device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    auto e = device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config) << e->message;
    EXPECT_NE(e->message.find("WT310"), std::string::npos) << e->message;
}

// ranging = "calibrate": auto through the warm-up, then the MLPerf rule fixes the codes.
TEST(TektronixCalibrate, ObservesThenFixesByTheMlperfRule) {
    PaEmulator emulator;
    emulator.min_config_gap_s = gap_s;
    emulator.update_interval_s = 0.05;
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    api::DeviceConfig c;
    c.id = "wattmeter";
    c.driver = "tektronix-pa1000";
    c.connection = server.connection();
    c.options.set("ranging", std::string("calibrate"));
    c.options.set("command_gap", gap_s);
    auto made = registry().create(c);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    auto device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    ASSERT_EQ(device->open(), std::nullopt);
    auto* ranging = device->ranging();
    ASSERT_NE(ranging, nullptr);
    ranging->request_ranging(api::RangingStep::observe);
    EXPECT_TRUE(ranging->ranging_pending());
    emulator.amps = 3.2;
    ASSERT_FALSE(device->poll(Clock::now() + 800ms).error);
    EXPECT_TRUE(emulator.voltage_auto());
    ranging->request_ranging(api::RangingStep::fix);
    auto r = device->poll(Clock::now() + 800ms);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_FALSE(ranging->ranging_pending());
    EXPECT_FALSE(emulator.voltage_auto());
    EXPECT_FALSE(emulator.current_auto());
    EXPECT_DOUBLE_EQ(emulator.voltage_range(), 300.0);  // smallest >= 230.1 V
    EXPECT_DOUBLE_EQ(emulator.current_range(), 5.0);    // smallest >= 1.1 x 3.2 A
    EXPECT_EQ(emulator.violations(), std::vector<std::string>{});
}

INSTANTIATE_TEST_SUITE_P(Links, TektronixEndToEnd,
                         ::testing::Values(StreamServer::Kind::tcp, StreamServer::Kind::pty),
                         [](const auto& info) {
                             return info.param == StreamServer::Kind::tcp ? "tcp" : "pty";
                         });

// Settings are checked when the device is made, before any I/O; errors name the key.
TEST(TektronixSettings, RefusesWhatTheModelLacks) {
    struct Case {
        std::string key;
        api::OptionValue value;
        std::string says;
    };
    const std::vector<Case> cases = {
        {"voltage_range", std::string("250V"), "voltage_range"},
        {"current_range", std::string("7A"), "current_range"},
        {"current_range", std::string("lots"), "current_range"},
        {"command_gap", -1.0, "command_gap"},
        {"bogus", true, "bogus"},
    };
    for (const auto& c : cases) {
        api::DeviceConfig config;
        config.id = "wattmeter";
        config.driver = "tektronix-pa1000";
        config.connection = "tcp://127.0.0.1:5025";
        config.options.set(c.key, c.value);
        auto made = registry().create(config);
        ASSERT_TRUE(std::holds_alternative<api::DeviceError>(made)) << c.key;
        const auto& e = std::get<api::DeviceError>(made);
        EXPECT_EQ(e.kind, ErrorKind::config);
        EXPECT_NE(e.message.find(c.says), std::string::npos) << e.message;
    }
}

}  // namespace
}  // namespace wattbench::drivers::tektronix
