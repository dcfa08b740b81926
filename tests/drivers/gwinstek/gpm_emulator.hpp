#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::gwinstek {

// A GW Instek GPM-8213/GPM-8310 from ../shared/analyzers.md §2: *IDN?, `:NUMERIC:NORMAL:NUMBER`
// / `ITEMn` / `VALUE?` (long or short forms), `:INPut:VOLTage:RANGe 300V`, `:INTEGrate:…`,
// `:RATE`. Every UNCONFIRMED form is a switch: the range read-back as a number, with a unit
// or behind a header echo; a header echo before the values; the auto argument ON or 1; the
// integrator state spelled START or RUN. `handle` plugs into emulators::StreamServer.
class GpmEmulator {
public:
    explicit GpmEmulator(std::string model = "GPM-8213");

    std::string handle(std::string& input);

    std::atomic<double> volts{127.58}, amps{0.24002}, watts{17.688}, volt_amps{30.622},
        vars{24.997}, pf{0.5776}, hertz{59.993};

    enum class RangeForm { number, unit, echo };
    std::atomic<RangeForm> range_form{RangeForm::number};
    std::atomic<bool> value_echo{false};  // `:NUM:NORM:VAL ` before the values
    std::atomic<bool> state_run{false};   // `:INTEG:STAT?` → RUN instead of START
    // Faults: power answers INF (over-range), frequency of current NAN (no current).
    std::atomic<bool> overrange{false};
    std::atomic<bool> no_data{false};

    double voltage_range() const;
    double current_range() const;
    bool integrating() const { return integrating_.load(); }
    std::string rate() const;
    int value_queries() const { return value_queries_.load(); }
    std::vector<std::string> commands() const;

private:
    std::string execute(const std::string& command);
    std::string values();
    std::string range_answer(bool volts) const;

    std::string model_;
    std::vector<std::string> items_;
    std::atomic<bool> volt_auto_{true};
    std::atomic<bool> curr_auto_{true};
    std::atomic<double> volt_range_{600.0};
    std::atomic<double> curr_range_{20.0};
    std::atomic<bool> integrating_{false};
    std::atomic<int> value_queries_{0};
    double energy_wh_ = 0.0;
    std::string rate_;
    mutable std::mutex mutex_;
    std::vector<std::string> log_;
};

}  // namespace wattbench::tests::gwinstek
