#include "tests/app/core/profile/fake_registry.hpp"

#include <memory>

namespace wattbench::core::profile::testing {

namespace {

class FakeDevice : public drivers::api::Device {
public:
    const std::vector<drivers::api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<drivers::api::DeviceError> open() override { return std::nullopt; }
    drivers::api::PollResult poll(std::chrono::steady_clock::time_point) override { return {}; }
    void close() override {}
    drivers::api::DeviceIdentity identity() const override { return {}; }

private:
    std::vector<drivers::api::ChannelSpec> channels_;
};

using Made = std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError>;

}  // namespace

drivers::api::Registry make_fake_registry() {
    drivers::api::Registry registry;
    registry.add({"fake", "test double", "none", "fake://x", [](drivers::api::DeviceConfig& c) {
                      c.options.take_number("level");
                      if (!c.connection.starts_with("fake://")) {
                          return Made(drivers::api::DeviceError{
                              drivers::api::ErrorKind::config,
                              "connection '" + c.connection + "' must start with fake://"});
                      }
                      return Made(std::make_unique<FakeDevice>());
                  }});
    registry.add({"other", "test double", "none", "", [](drivers::api::DeviceConfig&) {
                      return Made(std::make_unique<FakeDevice>());
                  }});
    return registry;
}

}  // namespace wattbench::core::profile::testing
