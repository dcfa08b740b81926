// The GW Instek drivers end to end over a pty and loopback TCP against the emulator, in every
// UNCONFIRMED form, with the faults every driver gets.
#include <gtest/gtest.h>

#include <thread>

#include "drivers/gwinstek/models.hpp"
#include "drivers/scpi_analyzer/driver_info.hpp"
#include "tests/drivers/gwinstek/gpm_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::gwinstek {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::gwinstek::GpmEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

const scpi_analyzer::Model& model(const std::string& driver) {
    for (const auto& m : models()) {
        if (m.driver == driver) {
            return m;
        }
    }
    throw std::runtime_error("no model " + driver);
}

struct Rig {
    GpmEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    Rig(StreamServer::Kind kind, api::Options options = {}, const std::string& name = "GPM-8213",
        const std::string& driver = "gwinstek-gpm8213")
        : emulator(name), server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "wattmeter";
        c.driver = driver;
        c.connection = server.connection("?baud=115200");
        c.options = std::move(options);
        if (!c.options.has("voltage_range") && !c.options.has("ranging")) {
            c.options.set("voltage_range", std::string("300V"));
            c.options.set("current_range", std::string("auto"));
        }
        auto made = scpi_analyzer::driver_info(model(driver)).factory(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll(std::chrono::milliseconds budget = 500ms) {
        return device->poll(Clock::now() + budget);
    }
    std::size_t index(const std::string& name) const {
        const auto& c = device->channels();
        for (std::size_t i = 0; i < c.size(); ++i) {
            if (c[i].name == name) {
                return i;
            }
        }
        ADD_FAILURE() << "no channel " << name;
        return 0;
    }
    const api::Reading& at(const api::PollResult& r, const std::string& name) const {
        return r.readings.at(index(name));
    }
};

struct Form {
    StreamServer::Kind kind;
    GpmEmulator::RangeForm range;
    bool echo;
    bool run;
};

class GwinstekForms : public ::testing::TestWithParam<Form> {};

TEST_P(GwinstekForms, IdentifiesSetsUpAndReadsValues) {
    const auto f = GetParam();
    api::Options o;
    o.set("update_interval", 0.5);
    o.set("voltage_range", std::string("300V"));
    o.set("current_range", std::string("auto"));
    Rig rig(f.kind, o);
    rig.emulator.range_form = f.range;
    rig.emulator.value_echo = f.echo;
    rig.emulator.state_run = f.run;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "GPM-8213");
    EXPECT_EQ(rig.device->identity().serial, "GES913349");
    EXPECT_TRUE(rig.emulator.integrating());
    EXPECT_EQ(rig.emulator.rate(), "500MS");
    EXPECT_DOUBLE_EQ(rig.emulator.voltage_range(), 300.0);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.readings.size(), 8u);
    EXPECT_NEAR(rig.at(r, "power").value, 17.688, 1e-9);
    EXPECT_NEAR(rig.at(r, "voltage").value, 127.58, 1e-9);
    EXPECT_NEAR(rig.at(r, "current").value, 0.24002, 1e-9);
    EXPECT_NEAR(rig.at(r, "power_factor").value, 0.5776, 1e-9);
    EXPECT_NEAR(rig.at(r, "frequency").value, 59.993, 1e-9);
    EXPECT_GT(rig.at(r, "energy").value, 0.0);
    bool seen = false;
    for (const auto& n : r.notices) {
        EXPECT_FALSE(n.warning) << n.message;
        if (n.settings.count("voltage_range_in_use")) {
            seen = true;
            EXPECT_EQ(std::get<double>(n.settings.at("voltage_range_in_use")), 300.0);
            EXPECT_EQ(std::get<double>(n.settings.at("current_range_in_use")), 0.5);
            EXPECT_EQ(std::get<double>(n.settings.at("update_interval_s")), 0.5);
        }
    }
    EXPECT_TRUE(seen);
    rig.device->close();
    // The emulator reads the closing command on its own thread.
    for (int i = 0; i < 100 && rig.emulator.commands().back() != ":COMMunicate:REMote 0"; ++i) {
        std::this_thread::sleep_for(10ms);
    }
    EXPECT_EQ(rig.emulator.commands().back(), ":COMMunicate:REMote 0");
}

INSTANTIATE_TEST_SUITE_P(
    AllForms, GwinstekForms,
    ::testing::Values(Form{StreamServer::Kind::tcp, GpmEmulator::RangeForm::number, false, false},
                      Form{StreamServer::Kind::tcp, GpmEmulator::RangeForm::unit, true, true},
                      Form{StreamServer::Kind::pty, GpmEmulator::RangeForm::echo, false, true},
                      Form{StreamServer::Kind::pty, GpmEmulator::RangeForm::unit, true, false}));

class GwinstekDevice : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(GwinstekDevice, NanIsUnavailableAndInfIsOverrange) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.overrange = true;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(rig.at(r, "power").status, Status::overrange);
    rig.emulator.overrange = false;
    rig.emulator.no_data = true;
    r = rig.poll();
    EXPECT_EQ(rig.at(r, "power").status, Status::unavailable);
    EXPECT_EQ(rig.at(r, "power_factor").status, Status::unavailable);
    EXPECT_EQ(rig.at(r, "voltage").status, Status::ok);
}

TEST_P(GwinstekDevice, GarbageBeforeTheAnswerIsSkipped) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    auto r = rig.poll(1500ms);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.at(r, "power").value, 17.688, 1e-9);
}

TEST_P(GwinstekDevice, SilenceIsATimeoutThenRecovers) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.silent = true;
    auto r = rig.poll(300ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.at(r, "power").value, 17.688, 1e-9);
}

TEST_P(GwinstekDevice, DroppedLinkIsLostThenReopens) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.server.drop(700ms);
    std::optional<api::DeviceError> lost;
    for (int i = 0; i < 10 && !lost; ++i) {
        auto r = rig.poll(300ms);
        if (r.error && r.error->kind != ErrorKind::timeout) {
            lost = r.error;
        }
    }
    ASSERT_TRUE(lost);
    EXPECT_EQ(lost->kind, ErrorKind::link_lost);
    rig.device->close();
    std::optional<api::DeviceError> e = api::DeviceError{};
    for (int i = 0; i < 30 && e; ++i) {
        std::this_thread::sleep_for(100ms);
        e = rig.device->open();
    }
    ASSERT_EQ(e, std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.at(r, "power").value, 17.688, 1e-9);
}

TEST_P(GwinstekDevice, AutoRangeSwitchInsideAWindowFlagsIt) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.amps = 1.7;  // auto: 0.5 A → 2 A
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    bool flagged = false;
    for (const auto& n : r.notices) {
        flagged = flagged || n.phase_flag == "range_change";
    }
    EXPECT_TRUE(flagged);
}

TEST_P(GwinstekDevice, CalibrateObservesThenFixesByTheMlperfRule) {
    api::Options o;
    o.set("ranging", std::string("calibrate"));
    Rig rig(GetParam(), o);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.device->ranging()->request_ranging(api::RangingStep::observe);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.amps = 4.6;
    ASSERT_FALSE(rig.poll().error);
    rig.device->ranging()->request_ranging(api::RangingStep::fix);
    ASSERT_FALSE(rig.poll().error);
    // 127.58 V → 150 V; 1.1 × 4.6 A → 10 A.
    EXPECT_DOUBLE_EQ(rig.emulator.voltage_range(), 150.0);
    EXPECT_DOUBLE_EQ(rig.emulator.current_range(), 10.0);
}

TEST_P(GwinstekDevice, Gpm8310IsNotAGpm8213) {
    Rig rig(GetParam(), {}, "GPM-8310", "gwinstek-gpm8213");
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("GPM-8310"), std::string::npos) << e->message;
}

INSTANTIATE_TEST_SUITE_P(Transports, GwinstekDevice,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp));

}  // namespace
}  // namespace wattbench::drivers::gwinstek
