#include <gtest/gtest.h>

#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/emulators/sdm_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::eastron {
namespace {

using api::ErrorKind;
using api::Status;
using tests::emulators::SdmEmulator;
using tests::emulators::StreamServer;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

struct Rig {
    SdmEmulator emulator{7};
    StreamServer server;
    std::unique_ptr<api::Device> device;

    Rig(StreamServer::Kind kind, const std::string& model = "sdm120")
        : server(kind, [this](std::string& in) { return emulator.handle(in); }) {
        api::DeviceConfig c;
        c.id = "meter";
        c.driver = "eastron-sdm";
        c.connection = server.connection("?baud=9600");
        c.options.set("model", model);
        c.options.set("address", std::int64_t{7});
        auto made = builtin_registry().create(c);
        if (auto* e = std::get_if<api::DeviceError>(&made)) {
            ADD_FAILURE() << e->message;
            return;
        }
        device = std::move(std::get<std::unique_ptr<api::Device>>(made));
    }
    api::PollResult poll() { return device->poll(Clock::now() + 500ms); }
    double value(const api::PollResult& r, const std::string& name) {
        const auto& ch = device->channels();
        for (const auto& x : r.readings) {
            if (ch[x.channel].name == name) {
                EXPECT_EQ(x.status, Status::ok) << name;
                return x.value;
            }
        }
        ADD_FAILURE() << "no " << name;
        return 0.0;
    }
};

class SdmEndToEnd : public ::testing::TestWithParam<StreamServer::Kind> {};

TEST_P(SdmEndToEnd, ReadsBlocksIntoChannels) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "SDM120 (Modbus address 7)");
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.value(r, "voltage"), 230.2, 1e-4);
    EXPECT_NEAR(rig.value(r, "power"), 87.5, 1e-4);
    EXPECT_NEAR(rig.value(r, "power_factor"), 0.874, 1e-6);
    EXPECT_NEAR(rig.value(r, "frequency"), 50.0, 1e-6);
    EXPECT_NEAR(rig.value(r, "energy"), 1234.0, 1e-3);  // kWh → Wh
}

TEST_P(SdmEndToEnd, Sdm630TotalsAndPhases) {
    Rig rig(GetParam(), "sdm630");
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.value(r, "voltage_l2"), 231.0, 1e-4);
    EXPECT_NEAR(rig.value(r, "power"), 87.5, 1e-4);
    EXPECT_NEAR(rig.value(r, "apparent_power"), 100.1, 1e-4);
    EXPECT_EQ(rig.emulator.requests(), 1 + 3);  // open probes one block; a poll reads three
}

TEST_P(SdmEndToEnd, ExceptionIsAProtocolErrorNamingTheCode) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.emulator.exception = 4;
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::protocol);
    EXPECT_NE(r.error->message.find("slave device failure"), std::string::npos);
    rig.emulator.exception = 0;
    EXPECT_FALSE(rig.poll().error);
}

TEST_P(SdmEndToEnd, GarbageIsSkippedAndBadCrcTimesOut) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.garbage = true;
    auto r = rig.poll();
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_NEAR(rig.value(r, "power"), 87.5, 1e-4);
    rig.server.garbage = false;
    rig.emulator.bad_crc = true;
    r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
}

TEST_P(SdmEndToEnd, SilenceAndDroppedLink) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.server.silent = true;
    auto r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    rig.server.silent = false;
    rig.server.drop(600ms);
    std::this_thread::sleep_for(50ms);
    r = rig.poll();
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost) << r.error->message;
    rig.device->close();
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    std::this_thread::sleep_for(700ms);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_FALSE(rig.poll().error);
}

INSTANTIATE_TEST_SUITE_P(Transports, SdmEndToEnd,
                         ::testing::Values(StreamServer::Kind::pty, StreamServer::Kind::tcp),
                         [](const auto& info) {
                             return info.param == StreamServer::Kind::pty ? "pty" : "tcp";
                         });

TEST(SdmConfig, FactoryValidatesOptions) {
    struct Case {
        const char* key;
        api::OptionValue value;
        const char* says;
    };
    const Case cases[] = {
        {"model", std::string("sdm72"), "sdm120, sdm230, sdm630"},
        {"address", std::int64_t{0}, "1…247"},
        {"address", std::int64_t{248}, "1…247"},
        {"address", std::string("1"), "an integer"},
    };
    for (const auto& c : cases) {
        api::DeviceConfig cfg;
        cfg.driver = "eastron-sdm";
        cfg.connection = "serial:///dev/ttyUSB0";
        cfg.options.set(c.key, c.value);
        auto made = builtin_registry().create(cfg);
        ASSERT_TRUE(std::holds_alternative<api::DeviceError>(made)) << c.key;
        EXPECT_NE(std::get<api::DeviceError>(made).message.find(c.says), std::string::npos)
            << std::get<api::DeviceError>(made).message;
    }
}

}  // namespace
}  // namespace wattbench::drivers::eastron
