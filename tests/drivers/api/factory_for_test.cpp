#include "drivers/api/factory_for.hpp"

#include <gtest/gtest.h>

namespace wattbench::drivers::api {
namespace {

// Remembers what it was built from, so a test can see which part gave which value.
class PartsDevice final : public Device {
public:
    PartsDevice(double rate, std::string connection)
        : rate_(rate), connection_(std::move(connection)) {}

    const std::vector<ChannelSpec>& channels() const override { return channels_; }
    std::optional<DeviceError> open() override { return std::nullopt; }
    PollResult poll(std::chrono::steady_clock::time_point) override { return {}; }
    void close() override {}
    DeviceIdentity identity() const override { return {"v", "m", "s", "f"}; }

    double rate() const { return rate_; }
    const std::string& connection() const { return connection_; }

private:
    double rate_;
    std::string connection_;
    std::vector<ChannelSpec> channels_;
};

std::variant<double, DeviceError> take_rate(Options& o) {
    const double rate = o.take_number("rate").value_or(1.0);
    if (rate <= 0.0) {
        return DeviceError{ErrorKind::config, "key 'rate': not positive"};
    }
    return rate;
}

std::variant<std::string, DeviceError> take_connection(DeviceConfig& c) {
    if (c.connection == "bad") {
        return DeviceError{ErrorKind::config, "bad connection"};
    }
    return c.connection;
}

DeviceConfig config(std::string connection) {
    DeviceConfig c;
    c.id = "dev";
    c.driver = "parts";
    c.connection = std::move(connection);
    return c;
}

const PartsDevice& device_of(const std::variant<std::unique_ptr<Device>, DeviceError>& made) {
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<Device>>(made));
    return dynamic_cast<const PartsDevice&>(*std::get<std::unique_ptr<Device>>(made));
}

std::string message_of(const std::variant<std::unique_ptr<Device>, DeviceError>& made) {
    EXPECT_TRUE(std::holds_alternative<DeviceError>(made));
    return std::get<DeviceError>(made).message;
}

const Factory factory = factory_for<PartsDevice>(&take_rate, &take_connection);

TEST(FactoryFor, BuildsTheDeviceFromThePartsInOrder) {
    auto c = config("stub://x");
    c.options.set("rate", 2.5);
    auto made = factory(c);
    EXPECT_DOUBLE_EQ(device_of(made).rate(), 2.5);
    EXPECT_EQ(device_of(made).connection(), "stub://x");
    EXPECT_TRUE(c.options.unused().empty());
}

TEST(FactoryFor, TheFirstPartsErrorIsTheFactorysError) {
    auto c = config("bad");
    c.options.set("rate", -1.0);
    EXPECT_EQ(message_of(factory(c)), "key 'rate': not positive");
    auto d = config("bad");
    EXPECT_EQ(message_of(factory(d)), "bad connection");
}

TEST(FactoryFor, AKeyOfTheWrongTypeIsAnErrorEvenWhenThePartMovedOn) {
    auto c = config("stub://x");
    c.options.set("rate", std::string("fast"));
    const auto made = factory(c);
    ASSERT_TRUE(std::holds_alternative<DeviceError>(made));
    EXPECT_EQ(std::get<DeviceError>(made).kind, ErrorKind::config);
    EXPECT_EQ(c.options.error_key(), "rate");
}

TEST(FactoryFor, LeavesUnknownKeysToTheRegistry) {
    Registry r;
    r.add(DriverInfo{"parts", "parts", "none", "stub://", factory});
    auto c = config("stub://x");
    c.options.set("colour", std::string("red"));
    EXPECT_EQ(message_of(r.create(std::move(c))), "unknown key 'colour' for driver 'parts'");
}

}  // namespace
}  // namespace wattbench::drivers::api
