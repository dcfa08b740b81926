#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "drivers/http/http_plug_device.hpp"
#include "drivers/tasmota/settings.hpp"

namespace wattbench::drivers::tasmota {

// A Tasmota device with an energy monitor over its `/cm?cmnd=` HTTP API: `Status 0` at open
// for its identity, then one `Status 8` (or `Status 10`) per poll on a kept-alive connection.
// With a web password the user and password go in the query, as Tasmota wants them; messages
// name the command only. The first open() fixes the channels.
class TasmotaDevice final : public http::HttpPlugDevice {
public:
    explicit TasmotaDevice(Settings settings);

    std::optional<api::DeviceError> open() override;

private:
    std::variant<http::PlugValues, api::DeviceError> read_values(
        std::chrono::milliseconds timeout) override {
        return read_energy(status_, timeout);
    }
    // The body of `Status <n>`, or the error (a password refused → auth).
    std::variant<std::string, api::DeviceError> command(int status,
                                                        std::chrono::milliseconds timeout);
    std::variant<http::PlugValues, api::DeviceError> read_energy(int status,
                                                                 std::chrono::milliseconds timeout);

    Settings settings_;
    int status_ = 0;  // the Status command polled, fixed at the first open
};

}  // namespace wattbench::drivers::tasmota
