#include "drivers/gm1356/driver.hpp"

#include <gtest/gtest.h>

#include "drivers/builtin_registry.hpp"
#include "drivers/usb/replay_transport.hpp"

namespace wattbench::drivers::gm1356 {
namespace {

using api::ErrorKind;
using api::Status;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

struct Replayed {
    std::unique_ptr<Gm1356Device> device;
    std::shared_ptr<const usb::ReplayTransport::Record> record;
};

Replayed make(const std::string& name, sound::Settings settings = {},
              std::optional<int> range = std::nullopt) {
    auto t =
        usb::ReplayTransport::from_file(std::string(WATTBENCH_TEST_DATA) + "/fixtures/" + name);
    EXPECT_EQ(t.index(), 0u) << std::get<std::string>(t);
    auto& transport = std::get<0>(t);
    auto record = transport->record();
    return {std::make_unique<Gm1356Device>(settings, range, std::move(transport)), record};
}

api::PollResult poll(api::Device& d) {
    return d.poll(Clock::now() + 500ms);
}

TEST(Gm1356Device, ConfiguresPollsAndSurvivesAnUnplug) {
    auto [device, record] = make("session.usbreplay");
    EXPECT_EQ(device->channels()[0].unit, "dBA");
    ASSERT_EQ(device->open(), std::nullopt);
    EXPECT_EQ(device->identity().model, "SL-Meter");

    auto r = poll(*device);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(r.readings[0].value, 59.0);
    EXPECT_EQ(r.readings[0].status, Status::ok);

    r = poll(*device);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(r.readings[0].value, 27.0);
    EXPECT_EQ(r.readings[0].status, Status::overrange);
    EXPECT_EQ(r.readings[0].text, "under range (30–130 dB)");

    r = poll(*device);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);

    r = poll(*device);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost);
    EXPECT_FALSE(device->identity().model.empty());

    device->close();
    ASSERT_EQ(device->open(), std::nullopt);
    r = poll(*device);
    ASSERT_FALSE(r.error);
    EXPECT_EQ(r.readings[0].status, Status::error);
    EXPECT_EQ(r.readings[0].text, "meter reads C weighting, the profile asks for A");

    EXPECT_TRUE(record->mismatches.empty()) << record->mismatches.front();
    EXPECT_EQ(record->consumed, record->total);
}

TEST(Gm1356Device, RequestsNeverRepeat) {
    // The meter ignores a request identical to the previous one; the fixture's ?? bytes accept
    // any, so check the property on the requests the driver built.
    auto [device, record] =
        make("slow_c.usbreplay", {sound::Weighting::c, sound::TimeWeighting::slow}, 3);
    EXPECT_EQ(device->channels()[0].unit, "dBC");
    ASSERT_EQ(device->open(), std::nullopt);
    auto r = poll(*device);
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 110.0);
    EXPECT_EQ(r.readings[0].status, Status::ok);
    r = poll(*device);
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 110.1);
    EXPECT_EQ(r.readings[0].status, Status::overrange);
    EXPECT_EQ(r.readings[0].text, "over range (60–110 dB)");
    EXPECT_TRUE(record->mismatches.empty()) << record->mismatches.front();
    std::vector<std::string> requests;
    for (const auto& t : record->played) {
        if (t.rfind("int_out 02 B3", 0) == 0) {
            requests.push_back(t);
        }
    }
    ASSERT_EQ(requests.size(), 3u);
    EXPECT_NE(requests[0], requests[1]);
    EXPECT_NE(requests[1], requests[2]);
}

TEST(Gm1356Device, WrongConfigurationIsAMismatchNotSilence) {
    // The fixture expects A/fast/30-130 (56 40); a C request (56 50) does not match.
    auto [device, record] = make("session.usbreplay", {sound::Weighting::c, std::nullopt});
    auto e = device->open();
    ASSERT_TRUE(e);
    ASSERT_FALSE(record->mismatches.empty());
    EXPECT_NE(record->mismatches.front().find("got int_out 02 56 50 00 00 00 00 00 00"),
              std::string::npos)
        << record->mismatches.front();
}

TEST(Gm1356Registry, OptionsAndCleanFailureWithoutUsb) {
    api::DeviceConfig c;
    c.id = "slm";
    c.driver = "gm1356";
    c.connection = "usb://64bd:74e3";
    c.options.set("range", std::string("80-130"));
    auto made = builtin_registry().create(c);
    ASSERT_EQ(made.index(), 0u);
    auto e = std::get<0>(made)->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    EXPECT_EQ(e->message.rfind("no USB device 64bd:74e3 found", 0), 0u) << e->message;

    c.options = {};
    c.options.set("range", std::string("30-80"));
    auto bad = builtin_registry().create(c);
    ASSERT_EQ(bad.index(), 1u);
    EXPECT_EQ(std::get<1>(bad).message,
              "key 'range': \"30-80\" is not one of 30-130, 50-100, 60-110, 80-130");
}

}  // namespace
}  // namespace wattbench::drivers::gm1356
