#include <gtest/gtest.h>

#include "drivers/api/user_reading.hpp"
#include "drivers/manual/channel_table.hpp"
#include "drivers/manual/register.hpp"

namespace wattbench::drivers::manual {
namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> make(
    std::vector<std::pair<std::string, api::OptionValue>> options, std::string connection = "") {
    api::Registry r;
    r.add(driver_info());
    api::DeviceConfig cfg{"ec3000", "manual", std::move(connection), {}};
    for (auto& [k, v] : options) {
        cfg.options.set(k, v);
    }
    return r.create(std::move(cfg));
}

std::string error_of(const std::variant<std::unique_ptr<api::Device>, api::DeviceError>& v) {
    return std::holds_alternative<api::DeviceError>(v) ? std::get<api::DeviceError>(v).message : "";
}

TEST(ManualDriver, EnergyCounterChannelsAndQuestion) {
    auto made = make({{"accuracy", 1.5}});
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made)) << error_of(made);
    auto& dev = *std::get<std::unique_ptr<api::Device>>(made);
    ASSERT_EQ(dev.channels().size(), 2u);
    EXPECT_EQ(dev.channels()[0].name, "energy");
    EXPECT_EQ(dev.channels()[0].unit, "kWh");
    EXPECT_EQ(dev.channels()[0].quantity, api::Quantity::energy);
    EXPECT_EQ(dev.channels()[1].name, "power");
    ASSERT_TRUE(dev.channels()[1].accuracy);
    EXPECT_DOUBLE_EQ(dev.channels()[1].accuracy->of_reading, 0.015);
    auto* reader = dev.user_read();
    ASSERT_NE(reader, nullptr);
    EXPECT_EQ(reader->question().channel, 0u);
    EXPECT_EQ(reader->question().unit, "kWh");
    EXPECT_EQ(reader->question().text, "Read the energy counter of 'ec3000' (kWh)");
    // Never polled by the engine; if polled anyway it has nothing to say.
    const auto poll = dev.poll({});
    ASSERT_EQ(poll.readings.size(), 2u);
    EXPECT_EQ(poll.readings[0].status, api::Status::unavailable);
}

TEST(ManualDriver, PowerReadingsHaveOnlyAPowerChannel) {
    auto made = make({{"reading", std::string("power")}}, "none");
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made)) << error_of(made);
    auto& dev = *std::get<std::unique_ptr<api::Device>>(made);
    ASSERT_EQ(dev.channels().size(), 1u);
    EXPECT_EQ(dev.channels()[0].name, "power");
    EXPECT_FALSE(dev.channels()[0].accuracy);
    ASSERT_NE(dev.user_read(), nullptr);
    EXPECT_EQ(dev.user_read()->question().unit, "W");
}

TEST(ManualDriver, BadOptionsAreNamed) {
    EXPECT_EQ(error_of(make({{"reading", std::string("volts")}})),
              "key 'reading': 'volts' is not a reading (use \"energy\" or \"power\")");
    EXPECT_EQ(error_of(make({{"unit", std::string("W")}})),
              "key 'unit': 'W' does not fit reading = \"energy\" (use \"kWh\" or \"Wh\")");
    EXPECT_EQ(error_of(make({{"reading", std::string("power")}, {"unit", std::string("kWh")}})),
              "key 'unit': 'kWh' does not fit reading = \"power\" (use \"W\")");
    EXPECT_NE(error_of(make({{"accuracy", 0.0}})).find("key 'accuracy'"), std::string::npos);
    EXPECT_NE(error_of(make({{"accuracy", std::string("1%")}})).find("accuracy"),
              std::string::npos);
    EXPECT_NE(error_of(make({}, "serial:///dev/ttyUSB0")).find("has no connection"),
              std::string::npos);
    EXPECT_NE(error_of(make({{"colour", std::string("red")}})).find("colour"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers::manual
