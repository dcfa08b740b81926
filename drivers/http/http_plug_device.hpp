#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/http/http_client.hpp"
#include "drivers/http/http_url.hpp"
#include "drivers/http/plug_values.hpp"

namespace wattbench::drivers::http {

// What a smart plug on a kept-alive HTTP connection (shelly, tasmota) shares: the client,
// the channels fixed by the first answer, the password (wiped whenever the device closes) and
// one values request per poll. A driver writes open() and the request that reads the values.
class HttpPlugDevice : public api::Device {
public:
    HttpPlugDevice(const HttpUrl& url, int timeout_ms, const std::string& vendor);
    ~HttpPlugDevice() override;
    HttpPlugDevice(const HttpPlugDevice&) = delete;
    HttpPlugDevice& operator=(const HttpPlugDevice&) = delete;

    const std::vector<api::ChannelSpec>& channels() const override { return plug_.channels(); }
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

protected:
    // The values the poll delivers, asked within `timeout`.
    virtual std::variant<PlugValues, api::DeviceError> read_values(
        std::chrono::milliseconds timeout) = 0;

    // A new kept-alive client for the device's JSON API.
    void start_client();
    // Closes; a link that failed means nothing usable is there: unreachable, so the sampler
    // keeps retrying with backoff.
    api::DeviceError failed(api::DeviceError e);
    // At the first open: the channels `first` has values for, and the settings notice `n`
    // (which the update interval's notices add to) for the manifest.
    void fix_channels(const PlugValues& first, api::Notice n);

    std::chrono::milliseconds timeout() const { return std::chrono::milliseconds(timeout_ms_); }

    const HttpUrl url_;
    std::unique_ptr<HttpClient> http_;
    PlugChannels plug_;
    std::string password_;  // empty when the device has no authentication on
    api::DeviceIdentity identity_;

private:
    int timeout_ms_;
    std::vector<api::Notice> pending_;
};

}  // namespace wattbench::drivers::http
