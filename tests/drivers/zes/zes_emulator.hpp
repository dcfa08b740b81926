#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::emulators {

// A ZES LMG95 (single-channel names, CRLF) or LMG670 (per-channel names, LF) in the short
// language, from the protocol facts: `syst:lang short` / `*zlang short`, `;*OPC?` → 1,
// `actn;…?` value lists streamed one line per cycle under `cont on`, 9.91e+37 invalid,
// ±9.9e+37 overrange, manual/auto ranges. `handle` and `tick` plug into StreamServer.
class ZesEmulator {
public:
    explicit ZesEmulator(std::string model = "LMG95");

    std::string handle(std::string& input);
    // Called every ~10 ms: the streamed lines that are due.
    std::string tick();

    std::atomic<double> volts{230.4}, amps{0.512}, watts{101.7}, volt_amps{117.9}, vars{-59.6},
        pf{0.8626}, hertz{49.98};
    // Faults: `invalid` sends 9.91e+37 for power, `overrange` +9.9e+37 for current, `stalled`
    // stops the stream while commands are still answered.
    std::atomic<bool> invalid{false};
    std::atomic<bool> overrange{false};
    std::atomic<bool> stalled{false};
    // `noise` streams a garbled line in place of each value line.
    std::atomic<bool> noise{false};
    // UNCONFIRMED whether `actn;…?` answers once at once besides arming: both are emulated.
    std::atomic<bool> actn_answers{false};

    double voltage_range() const;
    double current_range() const;
    bool voltage_auto() const { return volt_auto_; }
    bool current_auto() const { return curr_auto_; }
    bool streaming() const { return streaming_; }
    double cycle() const { return cycle_; }
    int lines_streamed() const { return lines_.load(); }
    std::vector<std::string> commands() const;

private:
    std::string execute(const std::string& unit, bool& in_actn, std::vector<std::string>& armed);
    std::string value_of(const std::string& name) const;
    std::string format(double v) const;
    std::string line_of(const std::vector<std::string>& items) const;
    std::string base_name(const std::string& name) const;

    std::string model_;
    bool per_channel_;
    std::string eos_;
    bool short_ = false;
    std::atomic<bool> streaming_{false};
    std::atomic<double> cycle_{0.5};
    std::atomic<bool> volt_auto_{true};
    std::atomic<bool> curr_auto_{true};
    std::atomic<double> volt_range_{600.0};
    std::atomic<double> curr_range_{32.0};
    std::vector<std::string> armed_;
    std::chrono::steady_clock::time_point next_line_{};
    std::atomic<int> lines_{0};
    mutable std::mutex mutex_;
    std::vector<std::string> log_;
};

}  // namespace wattbench::tests::emulators
