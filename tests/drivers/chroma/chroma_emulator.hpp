#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::emulators {

// A Chroma 66202/66203/66204 from the protocol facts: `*IDN?` / `CHANnel:ID?`, `CHANnel <n>`,
// `FETCh?` / `MEASure?` with up to 10 items answered in NR2, -1/-2/-3 sentinels, `,` or `;`
// separators, LF or CRLF, headers on or off. Long and short command forms are both taken.
// `handle` plugs into StreamServer.
class ChromaEmulator {
public:
    explicit ChromaEmulator(std::string model = "66204");

    std::string handle(std::string& input);

    // Present values of the selected channel.
    std::atomic<double> volts{229.87}, amps{1.2345}, watts{250.12}, volt_amps{283.77},
        vars{-134.05}, pf{0.8814}, hertz{50.00};
    double energy_wh() const;

    // Answer forms the manual allows, all UNCONFIRMED as to what a meter ships with.
    std::atomic<bool> semicolons{false};  // SYST:TRAN:SEP 1
    std::atomic<bool> crlf{false};        // SYST:TRAN:TERM 1
    std::atomic<bool> headers{false};     // `:FETCH ` before the values
    std::atomic<bool> idn_silent{false};  // answers CHAN:ID? but not *IDN?
    // The range and TRIGger commands are UNCONFIRMED: a meter that knows none of them ignores
    // them and never answers their queries.
    std::atomic<bool> no_conf{false};
    // Sentinels: `first_integration` answers -1 for ENEG, `range_error` -2 for every item,
    // `protection` -3 for every item (OVR/OCR/OCP).
    std::atomic<bool> first_integration{false};
    std::atomic<bool> range_error{false};
    std::atomic<bool> protection{false};

    double voltage_range() const;
    double current_range() const;
    bool current_auto() const { return curr_auto_; }
    int channel() const { return channel_; }
    bool integrating() const { return integrating_; }
    std::vector<std::string> commands() const;

private:
    std::string execute(const std::string& command);
    std::string value_of(const std::string& item) const;
    std::string end() const { return crlf ? "\r\n" : "\n"; }

    std::string model_;
    std::atomic<int> channel_{1};
    std::atomic<bool> volt_auto_{true};
    std::atomic<bool> curr_auto_{true};
    std::atomic<double> volt_range_{300.0};
    std::atomic<double> curr_range_{20.0};
    std::atomic<bool> integrating_{false};
    std::string trig_mode_ = "NONE";
    mutable std::mutex mutex_;
    std::vector<std::string> log_;
};

}  // namespace wattbench::tests::emulators
