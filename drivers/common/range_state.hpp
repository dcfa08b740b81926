#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"

namespace wattbench::drivers::common {

// The voltage and current ranges of a meter that can range itself (RangingDevice): as
// commanded, as the meter last reported them, and the MLPerf calibration (auto through the
// warm-up, maxima recorded, then fixed). Shared by the analyzer framework and the WT300 glue
// so that both word their notices and manifest keys alike.
class RangeState {
public:
    using Range = std::optional<double>;  // nullopt: auto-ranging
    struct Fixed {
        double volts = 0.0;
        double amps = 0.0;
    };

    // Calibrating meters start on auto; the others on the profile's ranges.
    RangeState(bool calibrate, Range volts, Range amps);

    // RangingDevice's side: called by the engine from another thread.
    void request(api::RangingStep step);
    bool pending() const { return pending_.load(); }

    // Carries out a request, if one came: `fix` picks the ranges from the warm-up's maxima,
    // `apply` commands the ranges now set and reads them back. An error from `apply` leaves
    // the request to be asked again at the next poll, unless a newer one came meanwhile.
    std::optional<api::DeviceError> carry_out(
        api::PollResult& result, const std::function<Fixed(double, double)>& fix,
        const std::function<std::optional<api::DeviceError>()>& apply);

    bool observing() const { return observing_; }
    // A warm-up reading; only a voltage counts as having seen the load.
    void observe_volts(double v);
    void observe_amps(double a);

    const Range& volts() const { return volts_; }
    const Range& amps() const { return amps_; }
    bool any_auto() const { return !volts_ || !amps_; }
    const std::optional<double>& volts_in_use() const { return volts_in_use_; }
    const std::optional<double>& amps_in_use() const { return amps_in_use_; }
    void set_in_use(const std::optional<double>& volts, const std::optional<double>& amps);
    void forget_in_use();

    // The ranges as just reported; what changed ("voltage range 15 V → 30 V, …"), empty when
    // nothing did. A missing report keeps the range last known.
    std::string note_in_use(const std::optional<double>& volts, const std::optional<double>& amps);
    // The notice of a switch note_in_use found: the device's `settings` notice with "auto-ranging
    // changed the …" and the phase flag range_change (SPEC forbids auto-ranging in a window).
    static api::Notice range_change(api::Notice settings, const std::string& changes);
    // Warns in `notices` when the meter reports another range than was asked for.
    static void warn_mismatch(const Range& asked, const std::optional<double>& got,
                              const std::string& what, const char* unit,
                              std::vector<api::Notice>& notices);
    void warn_mismatches(std::vector<api::Notice>& notices) const;
    // ranging, voltage_range, current_range and the ranges in use, for the manifest.
    void add_settings(api::Notice& n, bool calibrate) const;

private:
    Range volts_;
    Range amps_;
    std::optional<double> volts_in_use_;
    std::optional<double> amps_in_use_;
    bool observing_ = false;
    double max_volts_ = 0.0;
    double max_amps_ = 0.0;
    bool seen_ = false;
    std::atomic<int> request_{-1};  // -1 none, else a RangingStep
    std::atomic<bool> pending_{false};
};

// "15 V": a range or reading as notices show it.
std::string shown(double v, const char* unit);

}  // namespace wattbench::drivers::common
