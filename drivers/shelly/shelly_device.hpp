#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/http/http_client.hpp"
#include "drivers/http/plug_values.hpp"
#include "drivers/shelly/settings.hpp"
#include "drivers/shelly/status_parse.hpp"

namespace wattbench::drivers::shelly {

// A Shelly plug or relay with a power meter over its local HTTP API: the generation from
// `/shelly`, then one status request per poll on a kept-alive connection (Gen1 `/status`,
// Gen2+ `Switch.GetStatus` or `PM1.GetStatus`), with Basic (Gen1) or SHA-256 digest (Gen2+)
// authentication when the device has it on. The first open() fixes the channels.
class ShellyDevice final : public api::Device {
public:
    explicit ShellyDevice(Settings settings);
    ~ShellyDevice() override;
    ShellyDevice(const ShellyDevice&) = delete;
    ShellyDevice& operator=(const ShellyDevice&) = delete;

    const std::vector<api::ChannelSpec>& channels() const override { return plug_.channels(); }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    // One status request: the values, or the error (401 → auth, transport as the client says).
    std::variant<http::PlugValues, api::DeviceError> read_status(const std::string& path,
                                                                 std::chrono::milliseconds timeout);
    std::string status_path(Component c) const;
    void wipe();

    Settings settings_;
    std::unique_ptr<http::HttpClient> http_;
    http::PlugChannels plug_;
    DeviceInfo info_;
    std::string path_;      // the status resource polled, fixed at the first open
    std::string password_;  // empty when the device has no authentication on
    std::string user_;
    std::vector<api::Notice> pending_;
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::shelly
