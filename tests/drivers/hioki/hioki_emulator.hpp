#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::hioki {

// A HIOKI PW3335/PW3336/PW3337 from ../shared/analyzers.md §1: *IDN?, `:MEASure? items`
// (with channel digits on the multi-channel models), `:VOLTage[n]:RANGe`/`:AUTO`,
// `:INTEGrate:STATe`. Every UNCONFIRMED form is a switch, so tests run the driver against
// each: headers on or off, `;` or `,`, CRLF or LF, confirmation codes present or absent.
// `handle` plugs into emulators::StreamServer.
class HiokiEmulator {
public:
    explicit HiokiEmulator(std::string model = "PW3335");

    std::string handle(std::string& input);

    // Present values, the same on every channel.
    std::atomic<double> volts{230.1}, amps{0.4351}, watts{87.52}, volt_amps{100.12}, vars{48.9},
        pf{0.8742}, hertz{50.01};

    // Forms.
    std::atomic<bool> headers{true};
    std::atomic<char> separator{';'};
    std::atomic<bool> crlf{true};
    std::atomic<bool> confirmation_codes{false};  // `000` after every message
    // Faults: the sentinel each answer carries for power (and energy where one exists).
    enum class Sentinel { none, overrange, scaling_error, no_data };
    std::atomic<Sentinel> sentinel{Sentinel::none};

    double voltage_range() const;
    double current_range() const;
    bool integrating() const { return integrating_.load(); }
    int measure_queries() const { return measure_queries_.load(); }
    std::vector<std::string> commands() const;

private:
    std::string execute(const std::string& command);
    std::string measure(const std::string& items);
    std::string value_of(const std::string& item, std::string& header);
    std::string range(const std::string& command);

    std::string model_;
    int channels_;
    std::atomic<bool> volt_auto_{true};
    std::atomic<bool> curr_auto_{true};
    std::atomic<double> volt_range_{600.0};
    std::atomic<double> curr_range_{20.0};
    std::atomic<bool> integrating_{false};
    std::atomic<int> measure_queries_{0};
    double energy_wh_ = 0.0;
    mutable std::mutex mutex_;
    std::vector<std::string> log_;
};

}  // namespace wattbench::tests::hioki
