#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/http/http_client.hpp"
#include "drivers/http/plug_values.hpp"
#include "drivers/tasmota/settings.hpp"

namespace wattbench::drivers::tasmota {

// A Tasmota device with an energy monitor over its `/cm?cmnd=` HTTP API: `Status 0` at open
// for its identity, then one `Status 8` (or `Status 10`) per poll on a kept-alive connection.
// With a web password the user and password go in the query, as Tasmota wants them; messages
// name the command only. The first open() fixes the channels.
class TasmotaDevice final : public api::Device {
public:
    explicit TasmotaDevice(Settings settings);
    ~TasmotaDevice() override;
    TasmotaDevice(const TasmotaDevice&) = delete;
    TasmotaDevice& operator=(const TasmotaDevice&) = delete;

    const std::vector<api::ChannelSpec>& channels() const override { return plug_.channels(); }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    // The body of `Status <n>`, or the error (a password refused → auth).
    std::variant<std::string, api::DeviceError> command(int status,
                                                        std::chrono::milliseconds timeout);
    std::variant<http::PlugValues, api::DeviceError> read_energy(int status,
                                                                 std::chrono::milliseconds timeout);
    void wipe();

    Settings settings_;
    std::unique_ptr<http::HttpClient> http_;
    http::PlugChannels plug_;
    int status_ = 0;  // the Status command polled, fixed at the first open
    std::string password_;
    std::vector<api::Notice> pending_;
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::tasmota
