// The WT500-family and WT3000-family models (scpi_analyzer's device on the WT dialects) end to
// end against their emulators over a pty and loopback TCP, with the faults every driver gets.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "drivers/yokogawa/wt_models.hpp"
#include "tests/drivers/yokogawa/wt3000_emulator.hpp"
#include "tests/drivers/yokogawa/wt_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::yokogawa::Wt3000Emulator;
using tests::yokogawa::WtEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Only this folder's drivers, so the test does not depend on every other driver building.
const api::Registry& registry() {
    static const api::Registry r = [] {
        api::Registry x;
        for (auto info : wt_driver_infos()) {
            x.add(std::move(info));
        }
        return x;
    }();
    return r;
}

std::unique_ptr<api::Device> make(api::DeviceConfig c) {
    auto made = registry().create(std::move(c));
    if (auto* e = std::get_if<api::DeviceError>(&made)) {
        ADD_FAILURE() << e->message;
        return nullptr;
    }
    return std::move(std::get<std::unique_ptr<api::Device>>(made));
}

std::size_t index_of(const api::Device& d, const std::string& name) {
    const auto& ch = d.channels();
    for (std::size_t i = 0; i < ch.size(); ++i) {
        if (ch[i].name == name) {
            return i;
        }
    }
    ADD_FAILURE() << "no channel " << name;
    return 0;
}

// Drops the link for `down`, expects the device to see it lost, then reopens it as the
// sampler would (close, wait, open with retries); the reopen's result.
std::optional<api::DeviceError> drop_and_reopen(api::Device& device, StreamServer& server,
                                                std::chrono::milliseconds down) {
    server.drop(down);
    std::this_thread::sleep_for(50ms);
    bool lost = false;
    for (int i = 0; i < 5 && !lost; ++i) {
        auto r = device.poll(Clock::now() + 300ms);
        lost = r.error && r.error->kind == ErrorKind::link_lost;
    }
    EXPECT_TRUE(lost);
    device.close();
    std::this_thread::sleep_for(down + 100ms);
    std::optional<api::DeviceError> e = api::DeviceError{};
    for (int i = 0; i < 20 && e; ++i) {
        e = device.open();
        if (e) {
            std::this_thread::sleep_for(100ms);
        }
    }
    return e;
}

struct Wt500Rig {
    WtEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    explicit Wt500Rig(StreamServer::Kind kind, const std::string& driver = "yokogawa-wt500",
                      const std::string& idn = "YOKOGAWA,760203,91K123456,F1.01",
                      std::function<void(api::Options&)> options = {})
        : emulator(idn, 3), server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "analyzer";
        c.driver = driver;
        c.connection = server.connection("?baud=19200");
        c.options.set("voltage_range", 300.0);
        c.options.set("current_range", 5.0);
        if (options) {
            options(c.options);
        }
        device = make(std::move(c));
    }
    api::PollResult poll(std::chrono::milliseconds budget = 800ms) {
        return device->poll(Clock::now() + budget);
    }
};

class Wt500EndToEnd : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(Wt500EndToEnd, IdentifiesSetsElementItemsAndReads) {
    Wt500Rig rig(GetParam());
    ASSERT_TRUE(rig.device);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "760203");
    EXPECT_EQ(rig.device->identity().serial, "91K123456");
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.readings.size(), 8u);
    const auto& d = *rig.device;
    EXPECT_NEAR(r.readings[index_of(d, "power")].value, 87.52, 1e-9);
    EXPECT_NEAR(r.readings[index_of(d, "voltage")].value, 230.1, 1e-9);
    EXPECT_NEAR(r.readings[index_of(d, "reactive_power")].value, 51.3, 1e-9);
    EXPECT_NEAR(r.readings[index_of(d, "energy")].value, 0.0123, 1e-9);
    EXPECT_TRUE(rig.emulator.errors().empty()) << rig.emulator.errors().front();
    EXPECT_EQ(rig.emulator.voltage_range(1), 300.0);
    EXPECT_FALSE(rig.emulator.voltage_auto(1));
    EXPECT_EQ(rig.emulator.current_range(1), 5.0);
    EXPECT_TRUE(rig.emulator.integrating());
    // The manifest gets what the meter reports.
    bool seen = false;
    for (const auto& n : r.notices) {
        if (n.settings.count("voltage_range_in_use")) {
            EXPECT_EQ(std::get<double>(n.settings.at("voltage_range_in_use")), 300.0);
            EXPECT_EQ(std::get<std::string>(n.settings.at("ranging")), "fixed");
            seen = true;
        }
    }
    EXPECT_TRUE(seen);
}

TEST_P(Wt500EndToEnd, ReadsSeveralElementsAndSigma) {
    Wt500Rig rig(GetParam(), "yokogawa-wt500", "YOKOGAWA,760203,91K123456,F1.01",
                 [](api::Options& o) { o.set("elements", std::string("1,3,sigma")); });
    ASSERT_TRUE(rig.device);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    const auto& d = *rig.device;
    ASSERT_EQ(d.channels().size(), 23u);
    EXPECT_NEAR(r.readings[index_of(d, "power_3")].value, 87.52 / 3, 1e-3);
    EXPECT_NEAR(r.readings[index_of(d, "power_sigma")].value, 87.52 * (1 + 0.5 + 1.0 / 3), 1e-2);
    EXPECT_EQ(rig.emulator.voltage_range(3), 300.0);
    EXPECT_TRUE(rig.emulator.voltage_auto(2));  // element 2 is not read: left alone
    // Each element read has its ranges read back into the manifest; Σ has none.
    bool seen = false;
    for (const auto& n : r.notices) {
        if (n.settings.count("voltage_range_in_use_3")) {
            seen = true;
            EXPECT_EQ(std::get<double>(n.settings.at("voltage_range_in_use")), 300.0);
            EXPECT_EQ(std::get<double>(n.settings.at("current_range_in_use_3")), 5.0);
            EXPECT_EQ(n.settings.count("voltage_range_in_use_2"), 0u);
            EXPECT_EQ(std::get<std::string>(n.settings.at("elements")), "1,3,sigma");
        }
    }
    EXPECT_TRUE(seen);
}

TEST_P(Wt500EndToEnd, ASwitchOnAnotherElementIsFlaggedToo) {
    Wt500Rig rig(GetParam(), "yokogawa-wt500", "YOKOGAWA,760203,91K123456,F1.01",
                 [](api::Options& o) {
                     o.set("elements", std::string("1,3"));
                     o.set("current_range", std::string("auto"));
                 });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.amps = 3.2;  // element 1: 0.5 A → 5 A; element 3 (a third): 0.5 A → 2 A
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    bool flagged = false;
    for (const auto& n : r.notices) {
        if (n.phase_flag == "range_change") {
            flagged = true;
            EXPECT_NE(n.message.find("element 3 current range 0.5 A → 2 A"), std::string::npos)
                << n.message;
            EXPECT_EQ(std::get<double>(n.settings.at("current_range_in_use_3")), 2.0);
        }
    }
    EXPECT_TRUE(flagged);
}

TEST_P(Wt500EndToEnd, APollWithFixedRangesIsOneQueryAndOneLine) {
    Wt500Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto in = rig.emulator.bytes_in();
    const auto out = rig.emulator.bytes_out();
    ASSERT_FALSE(rig.poll().error);
    // `:NUM:NORM:VAL?` LF; eight NR3 values (energy with six digits), seven commas, LF.
    EXPECT_EQ(rig.emulator.bytes_in() - in, 15u);
    EXPECT_EQ(rig.emulator.bytes_out() - out, 7u * 10 + 11 + 7 + 1);
}

TEST_P(Wt500EndToEnd, SentinelsAreStatuses) {
    Wt500Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto& d = *rig.device;
    rig.emulator.nan = true;
    rig.emulator.overrange = true;
    rig.emulator.float_sentinels = true;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(r.readings[index_of(d, "power")].status, Status::unavailable);
    EXPECT_EQ(r.readings[index_of(d, "current")].status, Status::overrange);
    EXPECT_EQ(r.readings[index_of(d, "apparent_power")].status, Status::overrange);
    EXPECT_EQ(r.readings[index_of(d, "reactive_power")].status, Status::unavailable);
    EXPECT_EQ(r.readings[index_of(d, "voltage")].status, Status::ok);
}

TEST_P(Wt500EndToEnd, GarbageSilenceAndADroppedLink) {
    Wt500Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;  // noise lines are skipped
    rig.server.garbage = false;
    rig.server.silent = true;
    r = rig.poll(300ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    ASSERT_EQ(drop_and_reopen(*rig.device, rig.server, 300ms), std::nullopt);
    r = rig.poll();
    EXPECT_FALSE(r.error);
}

TEST_P(Wt500EndToEnd, AnAutoRangeSwitchIsFlagged) {
    Wt500Rig rig(GetParam(), "yokogawa-wt500", "YOKOGAWA,760203,91K123456,F1.01",
                 [](api::Options& o) { o.set("current_range", std::string("auto")); });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    for (const auto& n : r.notices) {
        EXPECT_TRUE(n.phase_flag.empty());
    }
    rig.emulator.amps = 3.2;  // 0.5 A range → 5 A
    r = rig.poll();
    ASSERT_FALSE(r.error);
    bool flagged = false;
    for (const auto& n : r.notices) {
        if (n.phase_flag == "range_change") {
            flagged = true;
            EXPECT_NE(n.message.find("element 1 current range 0.5 A → 5 A"), std::string::npos)
                << n.message;
        }
    }
    EXPECT_TRUE(flagged);
}

TEST_P(Wt500EndToEnd, TheRealWt500LineIsNotTakenForOtherItems) {
    Wt500Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.real_line = true;  // ten values for eight items
    auto r = rig.poll(300ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::protocol);
}

INSTANTIATE_TEST_SUITE_P(Links, Wt500EndToEnd,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp));

TEST(Wt1800, IdentifiesByItsModelCodeAndRefusesAMissingElement) {
    Wt500Rig rig(StreamServer::Kind::tcp, "yokogawa-wt1800", "YOKOGAWA,WT1803E-5A3,91N8,F1.01",
                 [](api::Options& o) { o.set("elements", std::string("1,4")); });
    ASSERT_TRUE(rig.device);
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("has 3 element(s)"), std::string::npos) << e->message;
}

TEST(Wt1800, TheWrongDriverNamesTheRightOne) {
    Wt500Rig rig(StreamServer::Kind::tcp, "yokogawa-wt500", "YOKOGAWA,WT1806E-5A3-50A3,9,F1.01");
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("yokogawa-wt1800"), std::string::npos) << e->message;
}

TEST(WtSettings, RefusesWhatTheModelCannotDo) {
    auto fails = [](const std::string& driver, const std::string& connection,
                    std::function<void(api::Options&)> f) {
        api::DeviceConfig c;
        c.id = "a";
        c.driver = driver;
        c.connection = connection;
        f(c.options);
        auto made = registry().create(c);
        if (!std::holds_alternative<api::DeviceError>(made)) {
            return std::string();
        }
        return std::get<api::DeviceError>(made).message;
    };
    const std::string tcp = "tcp://127.0.0.1:5025";
    EXPECT_NE(fails("yokogawa-wt500", tcp, [](auto& o) { o.set("elements", std::string("4")); })
                  .find("elements"),
              std::string::npos);
    EXPECT_NE(fails("yokogawa-wt500", tcp, [](auto& o) { o.set("voltage_range", 5000.0); })
                  .find("voltage_range"),
              std::string::npos);
    EXPECT_NE(fails("yokogawa-wt500", tcp, [](auto& o) { o.set("update_interval", 0.3); })
                  .find("update_interval"),
              std::string::npos);
    EXPECT_NE(
        fails("yokogawa-wt500", tcp, [](auto& o) { o.set("ranging", std::string("calibrate")); })
            .find("ranging"),
        std::string::npos);
    EXPECT_NE(fails("yokogawa-wt3000", "serial:///dev/ttyS0", [](auto&) {}).find("tcp://"),
              std::string::npos);
    EXPECT_EQ(fails("yokogawa-wt3000", "tcp://192.0.2.1", [](auto&) {}), "");  // port 10001
    EXPECT_EQ(
        fails("yokogawa-wt5000", tcp, [](auto& o) { o.set("elements", std::string("1,7,sigma")); }),
        "");
}

struct Wt3000Rig {
    Wt3000Emulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    explicit Wt3000Rig(std::function<void(Wt3000Emulator&)> setup = {},
                       const std::string& driver = "yokogawa-wt3000",
                       const std::string& idn = "YOKOGAWA,WT3004E-2A0-30A4,0,F6.01")
        : emulator(idn, 4),
          server(StreamServer::Kind::tcp, [this](std::string& in) { return emulator.handle(in); }) {
        if (setup) {
            setup(emulator);
        }
        server.set_ticker([this] { return emulator.tick(server.connections()); });
        api::DeviceConfig c;
        c.id = "analyzer";
        c.driver = driver;
        c.connection = server.connection();
        c.options.set("voltage_range", 300.0);
        c.options.set("current_range", 5.0);
        c.options.set("elements", std::string("1,2"));
        device = make(std::move(c));
    }
    api::PollResult poll(std::chrono::milliseconds budget = 800ms) {
        return device->poll(Clock::now() + budget);
    }
};

// Every form the sources leave open: framed or plain prompts and answers, answers with or
// without their LF, empty acks for set commands.
struct Wt3000Form {
    bool framed_login, framed_answers, answer_lf, empty_acks;
};

class Wt3000Forms : public ::testing::TestWithParam<Wt3000Form> {};

TEST_P(Wt3000Forms, LogsInFramesEveryCommandAndReads) {
    const auto form = GetParam();
    Wt3000Rig rig([&](Wt3000Emulator& e) {
        e.framed_login = form.framed_login;
        e.framed_answers = form.framed_answers;
        e.answer_lf = form.answer_lf;
        e.empty_acks = form.empty_acks;
    });
    ASSERT_TRUE(rig.device);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_TRUE(rig.emulator.logged_in());
    EXPECT_EQ(rig.emulator.unframed_bytes(), 0);
    EXPECT_EQ(rig.device->identity().model, "WT3004E-2A0-30A4");
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    const auto& d = *rig.device;
    ASSERT_EQ(r.readings.size(), 16u);
    EXPECT_NEAR(r.readings[index_of(d, "power")].value, 87.52, 1e-9);
    EXPECT_NEAR(r.readings[index_of(d, "voltage_2")].value, 230.1, 1e-9);
    EXPECT_NEAR(r.readings[index_of(d, "power_2")].value, 87.52 / 2, 1e-9);
    const auto cmds = rig.emulator.grammar.commands();
    EXPECT_NE(std::find(cmds.begin(), cmds.end(), ":NUM:NORM:ITEM5 U,1"), cmds.end());
    EXPECT_TRUE(rig.emulator.grammar.errors().empty());
    EXPECT_EQ(rig.emulator.grammar.voltage_range(2), 300.0);
}

INSTANTIATE_TEST_SUITE_P(Forms, Wt3000Forms,
                         ::testing::Values(Wt3000Form{true, true, true, false},
                                           Wt3000Form{false, true, true, false},
                                           Wt3000Form{true, true, false, false},
                                           Wt3000Form{false, false, true, false},
                                           Wt3000Form{true, true, true, true}));

TEST(Wt3000, ABadLoginIsAConfigError) {
    Wt3000Rig rig([](Wt3000Emulator& e) { e.accepted_user = "admin"; });
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("anonymous"), std::string::npos) << e->message;
    EXPECT_NE(e->message.find("Login incorrect"), std::string::npos) << e->message;
}

TEST(Wt3000, LogsInAgainAfterADroppedLinkAndSurvivesFaults) {
    Wt3000Rig rig;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.grammar.overrange = true;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(r.readings[index_of(*rig.device, "current")].status, Status::overrange);
    rig.emulator.grammar.overrange = false;
    rig.server.garbage = true;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;  // a noise line before the framed answer
    rig.server.garbage = false;
    rig.server.silent = true;
    r = rig.poll(300ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    ASSERT_EQ(drop_and_reopen(*rig.device, rig.server, 200ms), std::nullopt);
    EXPECT_EQ(rig.emulator.logins(), 2);
    r = rig.poll();
    EXPECT_FALSE(r.error);
}

TEST(Wt1600, SpeaksTheFramedProtocolToo) {
    Wt3000Rig rig([](Wt3000Emulator& e) { e.empty_acks = true; }, "yokogawa-wt1600",
                  "YOKOGAWA,WT1600,12345,F2.01");
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(r.readings[index_of(*rig.device, "power")].value, 87.52, 1e-9);
}

}  // namespace
}  // namespace wattbench::drivers::yokogawa
