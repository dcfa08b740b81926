#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::emulators {

// A Yokogawa WT310/WT310E/WT330 (WT300 command set) or WT210 (WT200 set), from the protocol
// facts: *IDN?, numeric items by function, :MEAS:ITEM switches, NR3 answers, NAN / INF.
// `handle` plugs into StreamServer.
class YokogawaEmulator {
public:
    explicit YokogawaEmulator(std::string model = "WT310");

    std::string handle(std::string& input);

    // Present values (element 1).
    double volts = 230.1, amps = 0.4351, watts = 87.52, volt_amps = 100.12, pf = 0.8742,
           hertz = 50.01;
    // Faults: `nan` answers NAN for power; `overrange` answers INF for current and 9.91E+37 for
    // power.
    std::atomic<bool> nan{false};
    std::atomic<bool> overrange{false};

    std::vector<std::string> commands() const;
    int value_queries() const { return value_queries_.load(); }

private:
    std::string execute(const std::string& command);
    std::string value_of(const std::string& function);

    std::string model_;
    bool wt200_;
    std::vector<std::string> items_;
    std::map<std::string, bool> meas_items_;
    bool integrating_ = false;
    double energy_wh_ = 0.0;
    mutable std::mutex mutex_;
    std::vector<std::string> log_;
    std::atomic<int> value_queries_{0};
};

}  // namespace wattbench::tests::emulators
