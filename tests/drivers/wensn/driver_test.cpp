#include "drivers/wensn/driver.hpp"

#include <gtest/gtest.h>

#include "drivers/builtin_registry.hpp"
#include "drivers/usb/replay_transport.hpp"

namespace wattbench::drivers::wensn {
namespace {

using api::ErrorKind;
using api::Status;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

std::string fixture(const std::string& name) {
    return std::string(WATTBENCH_TEST_DATA) + "/fixtures/" + name;
}

struct Replayed {
    std::unique_ptr<WensnDevice> device;
    std::shared_ptr<const usb::ReplayTransport::Record> record;
};

Replayed make(const std::string& name, sound::Settings settings = {},
              std::optional<int> range = std::nullopt) {
    auto t = usb::ReplayTransport::from_file(fixture(name));
    EXPECT_EQ(t.index(), 0u) << std::get<std::string>(t);
    auto& transport = std::get<0>(t);
    auto record = transport->record();
    return {std::make_unique<WensnDevice>(settings, range, std::move(transport)), record};
}

api::PollResult poll(api::Device& d) {
    return d.poll(Clock::now() + 500ms);
}

TEST(WensnDevice, SetsModeReadsLevelsAndSurvivesAnUnplug) {
    sound::Settings s;
    s.time_weighting = sound::TimeWeighting::fast;
    auto [device, record] = make("session.usbreplay", s);
    ASSERT_EQ(device->channels().size(), 1u);
    EXPECT_EQ(device->channels()[0].name, "spl");
    EXPECT_EQ(device->channels()[0].unit, "dBA");

    ASSERT_EQ(device->open(), std::nullopt);
    EXPECT_EQ(device->identity().model, "WS1361");
    EXPECT_EQ(device->mode().range, 6);
    EXPECT_EQ(device->mode().weighting, sound::Weighting::a);
    EXPECT_EQ(device->mode().time, sound::TimeWeighting::fast);

    auto r = poll(*device);
    ASSERT_FALSE(r.error);
    ASSERT_EQ(r.readings.size(), 1u);
    EXPECT_NEAR(r.readings[0].value, 58.2, 1e-9);
    EXPECT_EQ(r.readings[0].status, Status::ok);
    ASSERT_EQ(r.notices.size(), 1u);  // what the meter works with, for the manifest
    EXPECT_EQ(std::get<std::string>(r.notices[0].settings.at("weighting")), "A");
    EXPECT_EQ(std::get<std::string>(r.notices[0].settings.at("time_weighting")), "fast");
    EXPECT_EQ(std::get<std::string>(r.notices[0].settings.at("range")), "30-130");
    EXPECT_FALSE(r.notices[0].settings.count("background_noise"));

    r = poll(*device);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);

    r = poll(*device);
    ASSERT_FALSE(r.error);
    EXPECT_NEAR(r.readings[0].value, 30.0, 1e-9);
    EXPECT_EQ(r.readings[0].status, Status::ok);

    r = poll(*device);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost);

    // What the sampler does after link_lost: close, reopen with backoff until it is back.
    device->close();
    auto e = device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    ASSERT_EQ(device->open(), std::nullopt);

    r = poll(*device);
    ASSERT_FALSE(r.error);
    EXPECT_NEAR(r.readings[0].value, 132.3, 1e-9);
    EXPECT_EQ(r.readings[0].status, Status::overrange);
    EXPECT_EQ(r.readings[0].text, "over range (30–130 dB)");

    r = poll(*device);
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[0].status, Status::error);
    EXPECT_EQ(r.readings[0].text, "meter reads C weighting, the profile asks for A");

    EXPECT_TRUE(record->mismatches.empty()) << record->mismatches.front();
    EXPECT_EQ(record->consumed, record->total);
    EXPECT_EQ(record->opens, 2);

    // Past the fixture the meter is gone for good.
    r = poll(*device);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost);
}

TEST(WensnDevice, AMeterThatKeepsItsWeightingIsAConfigError) {
    auto [device, record] = make("refuses_mode.usbreplay");
    auto e = device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_NE(e->message.find("did not take 30–130 dB, A weighting, fast"), std::string::npos)
        << e->message;
    EXPECT_NE(e->message.find("reads back 30–130 dB, C weighting"), std::string::npos);
    EXPECT_TRUE(record->mismatches.empty());
}

TEST(WensnDevice, AnotherGadgetOnTheSharedIdIsNotTakenForAMeter) {
    auto [device, record] = make("not_a_meter.usbreplay");
    auto e = device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    EXPECT_NE(e->message.find("stalled"), std::string::npos) << e->message;
}

TEST(WensnDevice, RangeFromTheProfile) {
    auto [device, record] = make("session.usbreplay", {}, 0);  // 30-80, A, slow as found
    auto e = device->open();
    ASSERT_TRUE(e);  // the fixture recorded range 6: the driver asked for 0
    ASSERT_FALSE(record->mismatches.empty());
    EXPECT_NE(record->mismatches.front().find("got ctrl_in C0 03 0010 0000 00C8"),
              std::string::npos)
        << record->mismatches.front();
}

TEST(WensnRegistry, OptionsAndConnections) {
    api::DeviceConfig c;
    c.id = "slm";
    c.driver = "wensn-ws1361";
    c.connection = "usb://16c0:05dc";
    c.options.set("weighting", std::string("C"));
    c.options.set("time_weighting", std::string("slow"));
    c.options.set("range", std::string("50-100"));
    auto made = builtin_registry().create(c);
    ASSERT_EQ(made.index(), 0u) << std::get<api::DeviceError>(made).message;
    EXPECT_EQ(std::get<0>(made)->channels()[0].unit, "dBC");

    c.options = {};
    c.options.set("weighting", std::string("Z"));
    auto bad = builtin_registry().create(c);
    ASSERT_EQ(bad.index(), 1u);
    EXPECT_EQ(std::get<1>(bad).message, "key 'weighting': \"Z\" is not \"A\" or \"C\"");

    c.options = {};
    c.options.set("range", std::string("30-90"));
    ASSERT_EQ(builtin_registry().create(c).index(), 1u);

    c.options = {};
    c.connection = "usb://16c0";
    bad = builtin_registry().create(c);
    ASSERT_EQ(bad.index(), 1u);
    EXPECT_EQ(std::get<1>(bad).kind, ErrorKind::config);
}

TEST(WensnRegistry, NoUsbDeviceFailsCleanly) {
    // These machines have no USB bus: libusb lists nothing.
    api::DeviceConfig c;
    c.id = "slm";
    c.driver = "wensn-ws1361";
    c.connection = "usb://16c0:05dc";
    auto made = builtin_registry().create(c);
    ASSERT_EQ(made.index(), 0u);
    auto e = std::get<0>(made)->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    EXPECT_EQ(e->message.rfind("no USB device 16c0:05dc found", 0), 0u) << e->message;
}

TEST(WensnRegistry, ReplayConnectionPlaysAFixture) {
    api::DeviceConfig c;
    c.id = "slm";
    c.driver = "wensn-ws1361";
    c.connection = "replay://" + fixture("session.usbreplay");
    c.options.set("time_weighting", std::string("fast"));
    auto made = builtin_registry().create(c);
    ASSERT_EQ(made.index(), 0u);
    auto& device = *std::get<0>(made);
    ASSERT_EQ(device.open(), std::nullopt);
    auto r = poll(device);
    ASSERT_FALSE(r.error);
    EXPECT_NEAR(r.readings[0].value, 58.2, 1e-9);

    c.connection = "replay://relative/path";
    ASSERT_EQ(builtin_registry().create(c).index(), 1u);
    c.connection = "replay:///nonexistent/fixture";
    auto missing = builtin_registry().create(c);
    ASSERT_EQ(missing.index(), 0u);  // no I/O in the factory
    auto e = std::get<0>(missing)->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::config);
    EXPECT_EQ(e->message, "/nonexistent/fixture: cannot be read");
}

}  // namespace
}  // namespace wattbench::drivers::wensn
