#include <gtest/gtest.h>

#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/drivers/kasa/kasa_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::kasa {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::kasa::KasaEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

struct Rig {
    KasaEmulator emulator;
    StreamServer server;
    std::unique_ptr<api::Device> device;

    explicit Rig(KasaEmulator::Form form, std::int64_t outlet = 0)
        : emulator(form),
          server(StreamServer::Kind::tcp, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "plug";
        c.driver = "kasa";
        c.connection = server.connection();
        c.options.set("timeout_ms", std::int64_t{300});
        if (outlet > 0) {
            c.options.set("outlet", outlet);
        }
        auto made = builtin_registry().create(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll() { return device->poll(Clock::now() + 500ms); }
    std::optional<double> value(const api::PollResult& r, const std::string& name) {
        const auto& ch = device->channels();
        for (const auto& x : r.readings) {
            if (ch[x.channel].name == name && x.status == Status::ok) {
                return x.value;
            }
        }
        return std::nullopt;
    }
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& c : device->channels()) {
            out.push_back(c.name);
        }
        return out;
    }
};

class KasaForms : public ::testing::TestWithParam<KasaEmulator::Form> {};

TEST_P(KasaForms, ReadsValuesThatChangeDuringARun) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "HS110(EU)");
    EXPECT_EQ(rig.device->identity().firmware, "1.0.4 Build 191111 Rel.143500");
    EXPECT_EQ(rig.names(), (std::vector<std::string>{"power", "voltage", "current", "energy"}));
    for (const auto& c : rig.device->channels()) {
        EXPECT_FALSE(c.accuracy) << c.name << ": TP-Link publishes no accuracy";
    }
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(*rig.value(r, "power"), 61.753, 1e-6);
    EXPECT_NEAR(*rig.value(r, "voltage"), 230.837, 1e-6);
    EXPECT_NEAR(*rig.value(r, "current"), 0.451, 1e-6);
    EXPECT_NEAR(*rig.value(r, "energy"), 16323, 1e-6);
    rig.emulator.set(120.5, 229.1, 0.9, 16400);
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(*rig.value(r, "power"), 120.5, 1e-6);
    EXPECT_NEAR(*rig.value(r, "energy"), 16400, 1e-6);
    EXPECT_EQ(rig.server.connections(), 1) << "the connection is kept between polls";
}

INSTANTIATE_TEST_SUITE_P(BothReplyForms, KasaForms,
                         ::testing::Values(KasaEmulator::Form::plain_units,
                                           KasaEmulator::Form::milli_units));

TEST(Kasa, CounterGoingBackwardsIsAWarningAndAPhaseFlag) {
    Rig rig(KasaEmulator::Form::milli_units);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.set(50, 230, 0.3, 2);
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_NEAR(*rig.value(r, "energy"), 2, 1e-9);
    bool flagged = false;
    for (const auto& n : r.notices) {
        flagged |= n.warning && n.phase_flag == "energy_counter_reset" &&
                   n.message.find("went backwards (16323.000 Wh to 2.000 Wh)") != std::string::npos;
    }
    EXPECT_TRUE(flagged);
}

TEST(Kasa, ErrCodeIsAProtocolErrorAndTheLinkStays) {
    Rig rig(KasaEmulator::Form::milli_units);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.err_code = -1;
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::protocol);
    EXPECT_NE(r.error->message.find("err_code -1"), std::string::npos) << r.error->message;
    EXPECT_TRUE(r.readings.empty());
    rig.emulator.err_code = 0;
    rig.emulator.bad_json = true;
    r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::protocol);
    rig.emulator.bad_json = false;
    EXPECT_FALSE(rig.poll().error);
}

TEST(Kasa, SilenceIsATimeoutThenTheNextPollReconnects) {
    Rig rig(KasaEmulator::Form::plain_units);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.silent = true;
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    r = rig.poll();
    EXPECT_FALSE(r.error) << r.error->message;
    EXPECT_TRUE(rig.value(r, "power"));
}

TEST(Kasa, GarbageBeforeTheAnswerIsAProtocolError) {
    Rig rig(KasaEmulator::Form::plain_units);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_TRUE(r.error->kind == ErrorKind::protocol || r.error->kind == ErrorKind::timeout)
        << r.error->message;
    rig.server.garbage = false;
    for (int i = 0; i < 3 && rig.poll().error; ++i) {
    }
    EXPECT_FALSE(rig.poll().error);
}

TEST(Kasa, DroppedLinkIsLostThenReopens) {
    Rig rig(KasaEmulator::Form::plain_units);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.drop(600ms);
    std::this_thread::sleep_for(50ms);
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost) << r.error->message;
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    std::this_thread::sleep_for(700ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_FALSE(rig.poll().error);
}

TEST(Kasa, StripOutletIsAddressedByItsChildId) {
    Rig rig(KasaEmulator::Form::milli_units, 3);
    rig.emulator.outlets = 6;
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    EXPECT_NE(rig.emulator.last_request().find(
                  R"("child_ids":["80067AC4FDBD41C54C1A0F9D4B16C8F61F64A0E102"])"),
              std::string::npos)
        << rig.emulator.last_request();
    Rig missing(KasaEmulator::Form::milli_units, 7);
    missing.emulator.outlets = 6;
    auto e = missing.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("outlet 7: the device has 6 outlets"), std::string::npos);
}

TEST(KasaSettings, RefusesWhatIsNotAKasaConnection) {
    for (const char* bad : {"serial:///dev/ttyUSB0", "http://192.0.2.60", "tcp://"}) {
        api::DeviceConfig c;
        c.id = "plug";
        c.driver = "kasa";
        c.connection = bad;
        EXPECT_TRUE(std::holds_alternative<api::DeviceError>(builtin_registry().create(c))) << bad;
    }
    api::DeviceConfig c;
    c.id = "plug";
    c.driver = "kasa";
    c.connection = "tcp://192.0.2.60";
    c.options.set("outlet", std::int64_t{0});
    auto made = builtin_registry().create(c);
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(made));
    EXPECT_NE(std::get<api::DeviceError>(made).message.find("outlet"), std::string::npos);
    c.options = {};
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(builtin_registry().create(c)));
}

}  // namespace
}  // namespace wattbench::drivers::kasa
