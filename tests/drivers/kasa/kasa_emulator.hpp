#pragma once

#include <atomic>
#include <mutex>
#include <string>

namespace wattbench::tests::kasa {

// A TP-Link Kasa plug's local protocol from the facts document (network-meters.md §2.4): frames
// of a 4-byte big-endian length and the XOR-autokey cipher (its own implementation, so a bug
// shared with the driver cannot hide), get_sysinfo and emeter get_realtime in either firmware's
// reply form, err_code faults. `handle` plugs into StreamServer.
class KasaEmulator {
public:
    enum class Form { plain_units, milli_units };  // W/V/A/kWh (old fw) or mW/mV/mA/Wh (new fw)

    explicit KasaEmulator(Form form) : form_(form) {}

    std::string handle(std::string& input);

    void set(double watts, double volts, double amps, double wh);
    // 0: none; otherwise every get_realtime answers this err_code.
    std::atomic<int> err_code{0};
    // Answers with garbage JSON (a valid frame around it).
    std::atomic<bool> bad_json{false};
    int requests() const { return requests_.load(); }
    // A power strip with this many outlets (HS300); 0 a plug.
    std::atomic<int> outlets{0};
    std::string last_request() const;

private:
    std::string answer(const std::string& request);

    Form form_;
    mutable std::mutex mutex_;
    double watts_ = 61.753, volts_ = 230.837, amps_ = 0.451, wh_ = 16323;
    std::string last_request_;
    std::atomic<int> requests_{0};
};

}  // namespace wattbench::tests::kasa
