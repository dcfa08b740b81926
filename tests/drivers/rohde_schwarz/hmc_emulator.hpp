#pragma once

#include <atomic>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::rohde_schwarz {

// A Rohde & Schwarz HMC8015, from ../shared/analyzers.md §3: `*IDN?`, the function list of
// `CHAN1:MEAS:FUNC` and its values in list order from `CHAN1:MEAS:DATA?`, 9.91E+37 (or `NAN`)
// for no data, ranges and auto-ranging, the integrator and the SCPI error queue
// (`SYST:ERR?`). Commands end with LF, answers with LF. `handle` plugs into
// emulators::StreamServer.
//
// What no source confirms is a switch, so a test runs the driver against each form: the
// over-range encoding, whether no data reads 9.91E+37 or NAN, and whether ranges take the
// `CHAN1:VOLT:RANG` form (the R&S driver's) or power-overwhelming's `CHAN1:ACQ:VOLT:RANG`.
class HmcEmulator {
public:
    enum class RangeForm { plain, acq };

    HmcEmulator();

    std::string handle(std::string& input);

    std::atomic<double> volts{230.1}, amps{0.4351}, watts{87.52}, volt_amps{100.12}, vars{48.6},
        pf{0.8742}, hertz{50.01};

    // Configure before the device connects.
    RangeForm range_form = RangeForm::plain;
    std::string no_data_text = "9.91E+37";
    std::string overrange_text = "INF";

    // Faults: `no_data` for power, `overrange` for current; a command starting with
    // `reject_prefix` is refused (-113 in the error queue, as an unknown header would be).
    std::atomic<bool> no_data{false};
    std::atomic<bool> overrange{false};
    std::string reject_prefix;

    double voltage_range() const;
    double current_range() const;
    bool voltage_auto() const { return volt_auto_; }
    bool current_auto() const { return curr_auto_; }
    bool integrating() const;

    std::vector<std::string> commands() const;
    int value_queries() const { return value_queries_.load(); }

    static const std::vector<double>& voltage_ranges();
    static const std::vector<double>& current_ranges();

private:
    std::string execute(const std::string& command);
    std::string range_command(bool volt, const std::string& rest);
    std::string value_of(const std::string& function);
    void error(int code, const std::string& text);

    std::vector<std::string> functions_;
    std::atomic<bool> volt_auto_{true};
    std::atomic<bool> curr_auto_{true};
    std::atomic<double> volt_range_{600.0};
    std::atomic<double> curr_range_{20.0};
    bool integrating_ = false;
    double energy_wh_ = 0.0;
    std::deque<std::string> errors_;
    mutable std::mutex mutex_;
    std::vector<std::string> log_;
    std::atomic<int> value_queries_{0};
};

}  // namespace wattbench::tests::rohde_schwarz
