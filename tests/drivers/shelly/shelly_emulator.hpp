#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "tests/drivers/http/http_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::tests::shelly {

// A Shelly device's local HTTP API from the facts document (network-meters.md §2.1, §2.2):
// `/shelly` device info for Gen1 (`type`, `auth`) or Gen2/Gen3 (`gen`, `auth_en`, `id`),
// Gen1 `/status` with meters[] (total in watt-minutes) and `/meter/0`, Gen2+ `Switch.GetStatus`
// (a plug) or only `PM1.GetStatus` (a PM Mini), either bare or in a JSON-RPC frame, and digest
// SHA-256 (Gen2+) or Basic (Gen1) authentication when a password is set.
class ShellyEmulator {
public:
    enum class Kind { gen1_plug, gen2_plug, gen3_pm_mini };

    ShellyEmulator(Kind kind, std::string password = "");

    std::string connection() const;  // http://127.0.0.1:PORT
    tests::emulators::StreamServer& server() { return *server_; }
    tests::http::HttpEmulator& http() { return *http_; }

    void set(double watts, double volts, double amps, double wh);
    bool rpc_frame = false;  // answers wrapped as {"id":0,"src":…,"result":{…}}
    bool invalid = false;    // Gen1 is_valid false

private:
    tests::http::Reply route(const tests::http::Request& r);

    Kind kind_;
    bool auth_ = false;  // what /shelly says
    std::mutex mutex_;
    double watts_ = 2.7, volts_ = 227.9, amps_ = 0.121, wh_ = 7258.589;
    std::unique_ptr<tests::http::HttpEmulator> http_;
    std::unique_ptr<tests::emulators::StreamServer> server_;
};

}  // namespace wattbench::tests::shelly
