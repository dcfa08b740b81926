#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "tests/drivers/http/http_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::tests::tasmota {

// A Tasmota device's `/cm?cmnd=` API from the facts document (network-meters.md §2.3):
// `Status 0` (identity), `Status 8` and `Status 10` with StatusSNS.ENERGY in kWh/W/V/A, a
// two-channel form with arrays, and the web password as `user=…&password=…` in the query
// (refused with Tasmota's "Need user=…" warning).
class TasmotaEmulator {
public:
    explicit TasmotaEmulator(std::string password = "");

    std::string connection() const;
    tests::emulators::StreamServer& server() { return *server_; }
    tests::http::HttpEmulator& http() { return *http_; }

    void set(double watts, double volts, double amps, double kwh);
    bool two_channels = false;  // ENERGY values as [channel 0, channel 1] arrays
    bool status8 = true;        // false: only Status 10 reports energy (newer firmware)
    std::string last_query() const;

private:
    tests::http::Reply route(const tests::http::Request& r);

    std::string password_;
    mutable std::mutex mutex_;
    double watts_ = 2629, volts_ = 226, amps_ = 11.677, kwh_ = 6.404;
    std::string last_query_;
    std::unique_ptr<tests::http::HttpEmulator> http_;
    std::unique_ptr<tests::emulators::StreamServer> server_;
};

}  // namespace wattbench::tests::tasmota
