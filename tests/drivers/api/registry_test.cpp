#include "drivers/api/registry.hpp"

#include <gtest/gtest.h>

namespace wattbench::drivers::api {
namespace {

class StubDevice final : public Device {
public:
    const std::vector<ChannelSpec>& channels() const override { return channels_; }
    std::optional<DeviceError> open() override { return std::nullopt; }
    PollResult poll(std::chrono::steady_clock::time_point) override { return {}; }
    void close() override {}
    DeviceIdentity identity() const override { return {"v", "m", "s", "f"}; }

private:
    std::vector<ChannelSpec> channels_;
};

// Takes "rate" as a number and fails on connection "bad".
DriverInfo stub(const std::string& name) {
    return DriverInfo{name, "stub " + name, "none", "stub://",
                      [](DeviceConfig& c) -> std::variant<std::unique_ptr<Device>, DeviceError> {
                          c.options.take_number("rate");
                          if (c.connection == "bad") {
                              return DeviceError{ErrorKind::config, "bad connection"};
                          }
                          return std::make_unique<StubDevice>();
                      }};
}

DeviceConfig config(std::string driver, std::string connection = "ok") {
    DeviceConfig c;
    c.id = "dev";
    c.driver = std::move(driver);
    c.connection = std::move(connection);
    return c;
}

const DeviceError& error_of(const std::variant<std::unique_ptr<Device>, DeviceError>& made) {
    return std::get<DeviceError>(made);
}

TEST(Registry, ListIsSortedByName) {
    Registry r;
    r.add(stub("wattsup-pro"));
    r.add(stub("ipmi"));
    r.add(stub("sim"));
    ASSERT_EQ(r.drivers().size(), 3u);
    EXPECT_EQ(r.drivers()[0]->name, "ipmi");
    EXPECT_EQ(r.drivers()[1]->name, "sim");
    EXPECT_EQ(r.drivers()[2]->name, "wattsup-pro");
}

TEST(Registry, FindsByExactName) {
    Registry r;
    r.add(stub("sim"));
    ASSERT_NE(r.find("sim"), nullptr);
    EXPECT_EQ(r.find("sim")->description, "stub sim");
    EXPECT_EQ(r.find("Sim"), nullptr);
    EXPECT_EQ(r.find("simx"), nullptr);
}

TEST(Registry, UnknownDriverIsConfigError) {
    Registry r;
    r.add(stub("sim"));
    auto made = r.create(config("yokogawa"));
    ASSERT_TRUE(std::holds_alternative<DeviceError>(made));
    EXPECT_EQ(error_of(made).kind, ErrorKind::config);
    EXPECT_EQ(error_of(made).message, "unknown driver 'yokogawa'");
}

TEST(Registry, CreatesWhenAllKeysAreUsed) {
    Registry r;
    r.add(stub("sim"));
    auto c = config("sim");
    c.options.set("rate", 2.0);
    auto made = r.create(std::move(c));
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<Device>>(made));
    EXPECT_NE(std::get<std::unique_ptr<Device>>(made), nullptr);
}

TEST(Registry, UnknownKeyIsConfigError) {
    Registry r;
    r.add(stub("sim"));
    auto c = config("sim");
    c.options.set("rate", 2.0);
    c.options.set("rtae", 2.0);
    auto made = r.create(std::move(c));
    ASSERT_TRUE(std::holds_alternative<DeviceError>(made));
    EXPECT_EQ(error_of(made).kind, ErrorKind::config);
    EXPECT_EQ(error_of(made).message, "unknown key 'rtae' for driver 'sim'");
}

TEST(Registry, OptionTypeErrorIsReported) {
    Registry r;
    r.add(stub("sim"));
    auto c = config("sim");
    c.options.set("rate", std::string("fast"));
    auto made = r.create(std::move(c));
    ASSERT_TRUE(std::holds_alternative<DeviceError>(made));
    EXPECT_EQ(error_of(made).message, "key 'rate': expected a number");
}

TEST(Registry, FactoryErrorWinsOverUnknownKeys) {
    Registry r;
    r.add(stub("sim"));
    auto c = config("sim", "bad");
    c.options.set("other", true);
    auto made = r.create(std::move(c));
    ASSERT_TRUE(std::holds_alternative<DeviceError>(made));
    EXPECT_EQ(error_of(made).message, "bad connection");
}

TEST(Registry, AModuleLoadsAtTheFirstUseOfOneOfItsDrivers) {
    Registry r;
    r.add(stub("sim"));
    int loads = 0;
    r.add_module({"redfish", "ipmi"},
                 [&loads]() -> std::variant<std::vector<DriverInfo>, std::string> {
                     ++loads;
                     return std::vector<DriverInfo>{stub("ipmi"), stub("redfish")};
                 });
    EXPECT_EQ(r.names(), (std::vector<std::string>{"ipmi", "redfish", "sim"}));
    ASSERT_NE(r.find("sim"), nullptr);
    EXPECT_EQ(r.find("nosuch"), nullptr);
    EXPECT_EQ(loads, 0);
    const DriverInfo* ipmi = r.find("ipmi");
    ASSERT_NE(ipmi, nullptr);
    EXPECT_EQ(ipmi->description, "stub ipmi");
    EXPECT_EQ(loads, 1);
    ASSERT_NE(r.find("redfish"), nullptr);
    EXPECT_EQ(r.find("ipmi"), ipmi);
    ASSERT_EQ(r.drivers().size(), 3u);
    EXPECT_EQ(loads, 1);
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<Device>>(r.create(config("redfish"))));
}

TEST(Registry, AModuleThatDoesNotLoadSaysWhyWhenItsDriverIsUsed) {
    Registry r;
    r.add_module({"ipmi"}, []() -> std::variant<std::vector<DriverInfo>, std::string> {
        return std::string("cannot open /usr/lib/x/wattbench/drivers/ipmi.so");
    });
    auto made = r.create(config("ipmi"));
    ASSERT_TRUE(std::holds_alternative<DeviceError>(made));
    EXPECT_EQ(error_of(made).kind, ErrorKind::config);
    EXPECT_EQ(error_of(made).message,
              "driver 'ipmi' is not available: cannot open /usr/lib/x/wattbench/drivers/ipmi.so");
    ASSERT_EQ(r.drivers().size(), 1u);
    EXPECT_NE(r.drivers()[0]->description.find("not loaded"), std::string::npos);
}

TEST(Registry, AModuleProvidingOtherDriversThanDeclaredIsRefused) {
    Registry r;
    r.add_module({"ipmi"}, []() -> std::variant<std::vector<DriverInfo>, std::string> {
        return std::vector<DriverInfo>{stub("ipmi"), stub("extra")};
    });
    auto made = r.create(config("ipmi"));
    ASSERT_TRUE(std::holds_alternative<DeviceError>(made));
    EXPECT_NE(error_of(made).message.find("other drivers than the build declared"),
              std::string::npos);
    EXPECT_EQ(r.find("extra"), nullptr);
}

}  // namespace
}  // namespace wattbench::drivers::api
