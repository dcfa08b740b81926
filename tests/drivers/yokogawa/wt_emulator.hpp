#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::yokogawa {

// A Yokogawa WT500/WT1800/WT5000/WT3000 from analyzers.md §6: *IDN? with the model code,
// `:NUMeric[:NORMal]:ITEM<x> <fn>,<element>` (the element is mandatory: an item without one
// is a command error and stays NONE, whose value is NAN), `:NUMeric[:NORMal]:VALue?`, per-
// element and :ALL ranges with their AUTO forms, `:RATE`, the integrator. Long and short
// mnemonics, optional nodes and `;`-joined commands are accepted. `handle` plugs into
// StreamServer; `execute` runs one message (the WT3000 emulator's framed messages).
class WtEmulator {
public:
    explicit WtEmulator(std::string idn = "YOKOGAWA,760203,91K123456,F1.01", int elements = 3);

    std::string handle(std::string& input);
    std::string execute(const std::string& message);

    // Element 1's present values; element k reads them divided by k, Σ their sum.
    std::atomic<double> volts{230.1}, amps{0.4351}, watts{87.52}, volt_amps{100.12}, vars{51.3},
        pf{0.8742}, hertz{50.01};
    // Faults: NAN for every P, INF for I and 9.9E+37 for S (`overrange`), 9.91E+37 for Q
    // (the FLOat no-data sentinel written as a number).
    std::atomic<bool> nan{false};
    std::atomic<bool> overrange{false};
    std::atomic<bool> float_sentinels{false};
    // Answers VAL? with the real WT500 line of the facts, whatever the items.
    std::atomic<bool> real_line{false};

    double voltage_range(int element) const;
    double current_range(int element) const;
    bool voltage_auto(int element) const;
    bool current_auto(int element) const;
    std::vector<std::string> commands() const;
    std::vector<std::string> errors() const;
    int value_queries() const { return value_queries_.load(); }
    // Bytes taken by `handle` (complete lines) and given back, for bytes-per-reading counts.
    std::size_t bytes_in() const { return bytes_in_.load(); }
    std::size_t bytes_out() const { return bytes_out_.load(); }
    bool integrating() const;

private:
    struct Element {
        bool volt_auto = true, curr_auto = true;
        double volt_range = 1000.0, curr_range = 40.0;
    };
    std::string run(const std::string& command);
    std::string value_of(const std::string& function, const std::string& element);
    std::string range(const std::string& path, const std::string& arg, bool query);

    std::string idn_;
    int element_count_;
    mutable std::mutex mutex_;
    std::map<int, Element> elements_;
    std::vector<std::string> items_;  // "FN,EL" or "NONE"
    bool integrating_ = false;
    double rate_s_ = 0.5;
    std::vector<std::string> log_;
    std::vector<std::string> errors_;
    std::atomic<int> value_queries_{0};
    std::atomic<std::size_t> bytes_in_{0};
    std::atomic<std::size_t> bytes_out_{0};
};

}  // namespace wattbench::tests::yokogawa
