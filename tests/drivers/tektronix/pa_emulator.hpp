#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::tektronix {

// A Tektronix PA1000 or PA3000 (element 1), from ../shared/analyzers.md §4: `*IDN?`, the
// `:SEL:` list, `:FRF?` labels and `:FRD?` values in the instrument's display order, the
// `:DSE 2` / `:DSR?` new-data handshake, `:RNG:` range codes and the integrator. It enforces the
// manuals' rules (leading ':', one command per line, a space before parameters, 0.5 s between
// configuration commands) and records every breach in violations(). `handle` plugs into
// emulators::StreamServer.
//
// What no source confirms is a switch, so a test runs the driver against each form: the byte
// that acknowledges a set command (none, LF, CR), whether :FRD? keeps display order or the
// order of selection, how :RNG:VLT? answers (range code or value), the over-range text, and
// whether the integrator commands are known.
class PaEmulator {
public:
    enum class Ack { none, lf, cr };
    enum class RangeReply { code, value };

    explicit PaEmulator(std::string model = "PA1000");

    std::string handle(std::string& input);

    // Present values.
    std::atomic<double> volts{230.1}, amps{0.4351}, watts{87.52}, volt_amps{100.12}, vars{48.6},
        pf{0.8742}, hertz{50.01};

    // Configure before the device connects.
    Ack ack = Ack::lf;
    char eol = '\n';               // ends every query answer
    bool selection_order = false;  // :FRD? in the order of :SEL: commands, not display order
    bool labels_known = true;      // false: :FRF? draws no answer (an older firmware)
    RangeReply range_reply = RangeReply::code;
    bool integrator_known = true;  // false: :INT: and :MOD:INT answer `ERR` (PA1000?)
    std::string overrange_text = "9.9E+37";
    double min_config_gap_s = 0.5;  // the manuals' pause between configuration commands
    std::atomic<double> update_interval_s{0.5};

    // Faults: `nan` answers NAN for power, `overrange` the overrange text for current.
    std::atomic<bool> nan{false};
    std::atomic<bool> overrange{false};
    // A command starting with this (e.g. ":SEL:VAR") is refused with an `ERR` line.
    std::string reject_prefix;

    double voltage_range() const;
    double current_range() const;
    bool voltage_auto() const { return volt_auto_; }
    bool current_auto() const { return curr_auto_; }
    bool integrating() const;

    std::vector<std::string> commands() const;
    std::vector<std::string> violations() const;
    int value_queries() const { return value_queries_.load(); }

    // The PA1000 range codes this emulator and the driver's model table share (UNCONFIRMED).
    static const std::vector<double>& voltage_codes();
    static const std::vector<double>& current_codes();

private:
    std::string execute(const std::string& command, const std::string& raw);
    std::string answer(const std::string& text) const { return text + eol; }
    std::string acknowledge() const;
    std::string values();
    std::string labels() const;
    std::string value_of(const std::string& item);
    std::string range_of(bool volt) const;
    void violate(const std::string& what);
    std::uint64_t update_index() const;

    std::string model_;
    std::vector<std::string> selected_;
    std::atomic<bool> volt_auto_{true};
    std::atomic<bool> curr_auto_{true};
    std::atomic<int> volt_code_{6};
    std::atomic<int> curr_code_{8};
    int dse_ = 0;
    std::uint64_t dsr_read_at_ = 0;
    bool integrating_ = false;
    double energy_wh_ = 0.0;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point last_config_{};
    mutable std::mutex mutex_;
    std::vector<std::string> log_;
    std::vector<std::string> violations_;
    std::atomic<int> value_queries_{0};
};

}  // namespace wattbench::tests::tektronix
