#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::emulators {

// SPEC's PTDaemon as a client sees it over TCP, written from ../shared/analyzers.md: Hello,
// Identify, SR/RR, Go/Stop, Mark, RL, Watts, Uncertainty and the error lines. Where the facts
// leave a form open it can answer either way (see the knobs), so that the driver is tested
// against every plausible PTD rather than one guess. Serve it through StreamServer (tcp).
class PtdEmulator {
public:
    // Identify's forms: the documented layout; an IDN with commas as field 0; the model and
    // interval alone (no version, OS or mode).
    enum class IdentifyForm { full, idn_with_commas, minimal };
    // RL's forms: the samples since the previous RL; or a fixed history of the last ten.
    enum class RlForm { since_last, history };

    std::string handle(std::string& input);

    // Knobs (any thread).
    void set_values(double watts, double volts, double amps, double pf);
    void set_missing(bool missing);   // every value `-1.000000`
    void set_busy(bool busy);         // every command but Hello answers `Meter busy`
    void set_channels(int channels);  // 1: single; >1: sum then Ch1…ChN (watts split evenly)
    void set_identify(IdentifyForm f);
    void set_rl_form(RlForm f);
    void set_mark_answers(bool answers);  // Mark answers a line, or nothing
    void set_accepted(bool accepted);
    void set_uncertainty(bool supported);  // false: `Unknown command` (an older PTD)
    void drop_samples_for(std::chrono::milliseconds span);  // PTD loses its samples meanwhile

    std::vector<std::string> commands() const;
    int count(const std::string& prefix) const;
    bool measuring() const;

private:
    struct Sample {
        std::int64_t time_ms;
        double watts, volts, amps, pf;
        bool missing;
        std::string mark;
    };
    std::string answer(const std::string& line);
    void take_samples();
    std::string sample_line(const Sample& s) const;
    std::string identify() const;

    mutable std::mutex mutex_;
    std::vector<std::string> commands_;
    double watts_ = 120.5, volts_ = 230.1, amps_ = 0.62, pf_ = 0.845;
    bool missing_ = false, busy_ = false, mark_answers_ = false, accepted_ = true;
    bool uncertainty_ = true;
    int channels_ = 1;
    IdentifyForm identify_ = IdentifyForm::full;
    RlForm rl_form_ = RlForm::since_last;
    double volts_range_ = 300.0, amps_range_ = 5.0;
    int volts_auto_ = 0, amps_auto_ = 0;

    bool measuring_ = false;
    int interval_ms_ = 1000;
    std::chrono::system_clock::time_point started_{};
    std::int64_t next_k_ = 1;
    std::chrono::system_clock::time_point drop_until_{};
    std::string mark_;
    std::vector<Sample> samples_;  // since Go
    std::size_t delivered_ = 0;    // samples RL has handed out (since_last)
    std::size_t marked_from_ = 0;  // first sample of the current mark (Watts, Uncertainty)
};

}  // namespace wattbench::tests::emulators
