#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
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
    std::atomic<double> volts{230.1}, amps{0.4351}, watts{87.52}, volt_amps{100.12}, pf{0.8742},
        hertz{50.01};
    // Faults: `nan` answers NAN for power; `overrange` answers INF for current and 9.91E+37 for
    // power.
    std::atomic<bool> nan{false};
    std::atomic<bool> overrange{false};

    // Ranges as the meter holds them: auto picks the smallest range ≥ the present value.
    // `update_interval_s` drives the UPD bit behind :STAT:EESR? and :COMM:WAIT 1.
    std::atomic<double> update_interval_s{0.1};
    double voltage_range() const;
    double current_range() const;
    bool voltage_auto() const { return volt_auto_; }
    bool current_auto() const { return curr_auto_; }
    int crest_factor() const { return crest_factor_; }
    int waits() const { return waits_.load(); }

    std::vector<std::string> commands() const;
    int value_queries() const { return value_queries_.load(); }

private:
    std::string execute(const std::string& command);
    std::string value_of(const std::string& function);

    std::uint64_t update_index() const;
    std::string range_command(const std::string& what, const std::string& rest);

    std::string model_;
    bool wt200_;
    std::atomic<bool> volt_auto_{true};
    std::atomic<bool> curr_auto_{true};
    std::atomic<double> volt_range_{600.0};
    std::atomic<double> curr_range_{20.0};
    std::atomic<int> crest_factor_{3};
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::uint64_t cleared_at_update_ = 0;  // UPD falling edges before the last EESR clear
    bool filter_fall_ = false;
    std::atomic<int> waits_{0};
    std::vector<std::string> items_;
    std::map<std::string, bool> meas_items_;
    bool integrating_ = false;
    double energy_wh_ = 0.0;
    mutable std::mutex mutex_;
    std::vector<std::string> log_;
    std::atomic<int> value_queries_{0};
};

}  // namespace wattbench::tests::emulators
