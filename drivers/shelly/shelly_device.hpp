#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "drivers/http/http_plug_device.hpp"
#include "drivers/shelly/settings.hpp"
#include "drivers/shelly/status_parse.hpp"

namespace wattbench::drivers::shelly {

// A Shelly plug or relay with a power meter over its local HTTP API: the generation from
// `/shelly`, then one status request per poll on a kept-alive connection (Gen1 `/status`,
// Gen2+ `Switch.GetStatus` or `PM1.GetStatus`), with Basic (Gen1) or SHA-256 digest (Gen2+)
// authentication when the device has it on. The first open() fixes the channels.
class ShellyDevice final : public http::HttpPlugDevice {
public:
    explicit ShellyDevice(Settings settings);

    std::optional<api::DeviceError> open() override;

private:
    std::variant<http::PlugValues, api::DeviceError> read_values(
        std::chrono::milliseconds timeout) override {
        return read_status(path_, timeout);
    }
    // One status request: the values, or the error (401 → auth, transport as the client says).
    std::variant<http::PlugValues, api::DeviceError> read_status(const std::string& path,
                                                                 std::chrono::milliseconds timeout);
    std::string status_path(Component c) const;

    Settings settings_;
    DeviceInfo info_;
    std::string path_;  // the status resource polled, fixed at the first open
    std::string user_;
};

}  // namespace wattbench::drivers::shelly
