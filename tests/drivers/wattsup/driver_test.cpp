#include <gtest/gtest.h>

#include <thread>

#include "drivers/builtin_registry.hpp"
#include "drivers/wattsup/codec.hpp"
#include "tests/emulators/stream_server.hpp"
#include "tests/emulators/wattsup_emulator.hpp"

namespace wattbench::drivers::wattsup {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::StreamServer;
using tests::emulators::WattsupEmulator;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

struct Rig {
    WattsupEmulator emulator{50ms};
    StreamServer server;
    std::unique_ptr<api::Device> device;

    explicit Rig(StreamServer::Kind kind)
        : server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        server.set_ticker([this] { return emulator.tick(); });
        api::DeviceConfig c;
        c.id = "plug";
        c.driver = "wattsup-pro";
        c.connection = server.connection();
        auto made = builtin_registry().create(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll() { return device->poll(Clock::now() + 300ms); }
};

class WattsupEndToEnd : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(WattsupEndToEnd, IdentifiesStartsLoggingAndReadsRecords) {
    Rig rig(GetParam());
    std::this_thread::sleep_for(30ms);  // the banner goes out first
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().firmware, "5.6 (20110908)");
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(r.readings[power].value, 87.5);
    EXPECT_DOUBLE_EQ(r.readings[voltage].value, 230.2);
    auto cmds = rig.emulator.commands();
    EXPECT_NE(std::find(cmds.begin(), cmds.end(), "#L,W,3,E,,1;"), cmds.end());
    rig.device->close();
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(rig.emulator.commands().back(), "#L,W,0;");
}

TEST_P(WattsupEndToEnd, NewestRecordWinsAndStrayZeroIsFlagged) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    ASSERT_FALSE(rig.poll().error);
    rig.emulator.deciwatts = 1000;
    std::this_thread::sleep_for(180ms);  // several records pile up
    auto r = rig.poll();
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[power].value, 100.0);

    const int before = rig.emulator.records();
    rig.emulator.zero_once = true;
    while (rig.emulator.records() == before) {
        std::this_thread::sleep_for(5ms);
    }
    r = rig.device->poll(Clock::now());  // just the zero record, nothing newer yet
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[power].status, Status::error);
    EXPECT_EQ(r.readings[power].text, "stray 0 W record");
    EXPECT_EQ(r.readings[voltage].status, Status::ok);
    r = rig.poll();
    EXPECT_EQ(r.readings[power].status, Status::ok);
    EXPECT_DOUBLE_EQ(r.readings[power].value, 100.0);
}

TEST_P(WattsupEndToEnd, GarbageSilenceAndDrop) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(r.readings[power].value, 87.5);
    rig.server.garbage = false;
    rig.server.silent = true;
    std::this_thread::sleep_for(20ms);
    rig.poll();  // drains what was already in flight
    r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    rig.server.drop(500ms);
    std::this_thread::sleep_for(30ms);
    r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost) << r.error->message;
    rig.device->close();
    EXPECT_TRUE(rig.device->open());
    std::this_thread::sleep_for(600ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
}

INSTANTIATE_TEST_SUITE_P(Transports, WattsupEndToEnd,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp),
                         [](const auto& info) {
                             return info.param == StreamServer::Kind::pty ? "pty" : "tcp";
                         });

TEST(WattsupConfig, RecordIntervalIsWholeSeconds) {
    api::DeviceConfig cfg;
    cfg.driver = "wattsup-pro";
    cfg.connection = "serial:///dev/ttyUSB0";
    cfg.options.set("record_interval", std::int64_t{0});
    auto made = builtin_registry().create(cfg);
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(made));
    EXPECT_NE(std::get<api::DeviceError>(made).message.find("record_interval"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers::wattsup
