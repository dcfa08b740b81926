// The HIOKI drivers end to end over a pty and loopback TCP against the emulator, in every
// UNCONFIRMED form, with the faults every driver gets.
#include <gtest/gtest.h>

#include <thread>

#include "drivers/hioki/models.hpp"
#include "drivers/scpi_analyzer/driver_info.hpp"
#include "tests/drivers/hioki/hioki_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::hioki {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::hioki::HiokiEmulator;
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

std::size_t index_of(const api::Device& d, const std::string& name) {
    const auto& c = d.channels();
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (c[i].name == name) {
            return i;
        }
    }
    ADD_FAILURE() << "no channel " << name;
    return 0;
}

struct Rig {
    HiokiEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    Rig(StreamServer::Kind kind, const std::string& name = "PW3335", api::Options options = {})
        : emulator(name), server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "wattmeter";
        std::string lower = name;
        for (auto& ch : lower) {
            ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        }
        c.driver = "hioki-" + lower;
        c.connection = server.connection("?baud=9600");
        c.options = std::move(options);
        if (!c.options.has("voltage_range") && !c.options.has("ranging")) {
            c.options.set("voltage_range", std::string("300V"));
            c.options.set("current_range", std::string("auto"));
        }
        auto made = scpi_analyzer::driver_info(model(c.driver)).factory(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll(std::chrono::milliseconds budget = 500ms) {
        return device->poll(Clock::now() + budget);
    }
    double value(const api::PollResult& r, const std::string& name) {
        return r.readings.at(index_of(*device, name)).value;
    }
    Status status(const api::PollResult& r, const std::string& name) {
        return r.readings.at(index_of(*device, name)).status;
    }
};

// Every combination of the UNCONFIRMED answer forms, over both transports.
struct Form {
    StreamServer::Kind kind;
    bool headers;
    char separator;
    bool crlf;
    bool codes;
};

class HiokiForms : public ::testing::TestWithParam<Form> {};

TEST_P(HiokiForms, IdentifiesSetsUpAndReadsValues) {
    const auto f = GetParam();
    Rig rig(f.kind);
    rig.emulator.headers = f.headers;
    rig.emulator.separator = f.separator;
    rig.emulator.crlf = f.crlf;
    rig.emulator.confirmation_codes = f.codes;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().vendor, "HIOKI");
    EXPECT_EQ(rig.device->identity().model, "PW3335");
    EXPECT_TRUE(rig.emulator.integrating());
    EXPECT_DOUBLE_EQ(rig.emulator.voltage_range(), 300.0);
    for (int i = 0; i < 3; ++i) {
        auto r = rig.poll();
        ASSERT_FALSE(r.error) << r.error->message;
        ASSERT_EQ(r.readings.size(), 8u);
        EXPECT_NEAR(rig.value(r, "power"), 87.52, 1e-9);
        EXPECT_NEAR(rig.value(r, "voltage"), 230.1, 1e-9);
        EXPECT_NEAR(rig.value(r, "current"), 0.4351, 1e-9);
        EXPECT_NEAR(rig.value(r, "power_factor"), 0.8742, 1e-9);
        EXPECT_NEAR(rig.value(r, "frequency"), 50.01, 1e-9);
        EXPECT_NEAR(rig.value(r, "reactive_power"), 48.9, 1e-9);
        EXPECT_GT(rig.value(r, "energy"), 0.0);
        if (i == 0) {
            // The open's settings notice: ranges as set and as read back.
            bool seen = false;
            for (const auto& n : r.notices) {
                if (n.settings.count("voltage_range_in_use")) {
                    seen = true;
                    EXPECT_EQ(std::get<double>(n.settings.at("voltage_range_in_use")), 300.0);
                    EXPECT_EQ(std::get<std::string>(n.settings.at("current_range")), "auto");
                    EXPECT_EQ(std::get<double>(n.settings.at("current_range_in_use")), 0.5);
                    EXPECT_EQ(std::get<std::string>(n.settings.at("integrator_state")), "START");
                }
                EXPECT_FALSE(n.warning) << n.message;
            }
            EXPECT_TRUE(seen);
        }
    }
    rig.device->close();
}

INSTANTIATE_TEST_SUITE_P(AllForms, HiokiForms,
                         ::testing::Values(Form{StreamServer::Kind::tcp, true, ';', true, false},
                                           Form{StreamServer::Kind::tcp, false, ',', false, false},
                                           Form{StreamServer::Kind::tcp, true, ',', false, true},
                                           Form{StreamServer::Kind::pty, false, ';', true, true},
                                           Form{StreamServer::Kind::pty, true, ';', false, false}));

class HiokiDevice : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(HiokiDevice, SentinelsAreOverrangeOrUnavailable) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.sentinel = HiokiEmulator::Sentinel::overrange;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(rig.status(r, "power"), Status::overrange);
    EXPECT_EQ(rig.status(r, "voltage"), Status::ok);
    rig.emulator.sentinel = HiokiEmulator::Sentinel::no_data;
    r = rig.poll();
    EXPECT_EQ(rig.status(r, "power"), Status::unavailable);
    EXPECT_EQ(rig.status(r, "energy"), Status::unavailable);
    rig.emulator.sentinel = HiokiEmulator::Sentinel::scaling_error;
    r = rig.poll();
    EXPECT_EQ(rig.status(r, "power"), Status::overrange);
    EXPECT_EQ(rig.status(r, "energy"), Status::overrange);
}

TEST_P(HiokiDevice, GarbageBeforeTheAnswerIsSkipped) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    auto r = rig.poll(1500ms);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.value(r, "power"), 87.52, 1e-9);
}

TEST_P(HiokiDevice, SilenceIsATimeoutThenRecovers) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.silent = true;
    auto r = rig.poll(300ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.value(r, "power"), 87.52, 1e-9);
}

TEST_P(HiokiDevice, DroppedLinkIsLostThenReopens) {
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
    EXPECT_NEAR(rig.value(r, "power"), 87.52, 1e-9);
}

TEST_P(HiokiDevice, AutoRangeSwitchInsideAWindowFlagsIt) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.amps = 3.2;  // auto: 0.5 A → 5 A
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    bool flagged = false;
    for (const auto& n : r.notices) {
        if (n.phase_flag == "range_change") {
            flagged = true;
            EXPECT_NE(n.message.find("current range"), std::string::npos) << n.message;
        }
    }
    EXPECT_TRUE(flagged);
}

TEST_P(HiokiDevice, CalibrateObservesThenFixesByTheMlperfRule) {
    api::Options o;
    o.set("ranging", std::string("calibrate"));
    Rig rig(GetParam(), "PW3335", o);
    ASSERT_NE(rig.device->ranging(), nullptr);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.device->ranging()->request_ranging(api::RangingStep::observe);
    EXPECT_TRUE(rig.device->ranging()->ranging_pending());
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.amps = 1.2;
    ASSERT_FALSE(rig.poll().error);
    rig.device->ranging()->request_ranging(api::RangingStep::fix);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_FALSE(rig.device->ranging()->ranging_pending());
    // 230.1 V → 300 V; 1.1 × 1.2 A → 2 A.
    EXPECT_DOUBLE_EQ(rig.emulator.voltage_range(), 300.0);
    EXPECT_DOUBLE_EQ(rig.emulator.current_range(), 2.0);
}

TEST_P(HiokiDevice, AnotherModelIsAConfigError) {
    Rig rig(GetParam());
    rig.device.reset();
    HiokiEmulator other("PW3336");
    StreamServer server(GetParam(), [&](std::string& in) { return other.handle(in); });
    api::DeviceConfig c;
    c.id = "wattmeter";
    c.driver = "hioki-pw3335";
    c.connection = server.connection("?baud=9600");
    auto made = scpi_analyzer::driver_info(model(c.driver)).factory(c);
    auto& device = std::get<std::unique_ptr<api::Device>>(made);
    auto e = device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("PW3336"), std::string::npos) << e->message;
}

TEST_P(HiokiDevice, Pw3337ReadsThreeChannels) {
    Rig rig(GetParam(), "PW3337");
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.readings.size(), 24u);
    EXPECT_NEAR(rig.value(r, "power_3"), 87.52, 1e-9);
    EXPECT_NEAR(rig.value(r, "voltage_2"), 230.1, 1e-9);
    EXPECT_DOUBLE_EQ(rig.emulator.voltage_range(), 300.0);
}

INSTANTIATE_TEST_SUITE_P(Transports, HiokiDevice,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp));

}  // namespace
}  // namespace wattbench::drivers::hioki
