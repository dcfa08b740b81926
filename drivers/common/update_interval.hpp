#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "drivers/api/device.hpp"

namespace wattbench::drivers::common {

// Network meters (rack PDUs, smart plugs) refresh their readings every few seconds whatever the
// poll rate, and none publishes the interval: it is observed, as the median time between
// changes of a poll's values. Once known it goes into the manifest's device settings as
// `update_interval_s`. Values that then do not change for longer than twice the interval (a
// refresh missed, with room for the polls' own timing) raise the phase flag `stale` on every
// poll until they change again: the meter may have stopped refreshing, and a window's mean of
// repeated values says less than its sample count suggests. The readings keep status ok.
class UpdateInterval {
public:
    using Clock = std::chrono::steady_clock;
    using Settings = std::map<std::string, api::OptionValue>;

    // `meter`: how messages name the device ("the PDU", "the plug").
    explicit UpdateInterval(std::string meter) : meter_(std::move(meter)) {}

    // The device's settings as it last reported them: the interval's notice carries them too,
    // because a notice's settings replace the earlier ones in the manifest.
    void keep_settings(const Settings& settings) { settings_ = settings; }

    // One poll's readings (only `ok` ones count) taken at `at`; appends what it noticed.
    void observe(const std::vector<api::Reading>& readings, Clock::time_point at,
                 std::vector<api::Notice>& notices);

    std::optional<double> interval_s() const { return interval_s_; }

    // Changes seen before the interval counts as known.
    static constexpr std::size_t changes_needed = 5;
    // Unchanged for longer than this many intervals is stale.
    static constexpr double stale_after_intervals = 2.0;

private:
    std::string meter_;
    Settings settings_;
    std::vector<std::pair<std::size_t, double>> last_;
    std::optional<Clock::time_point> last_change_;
    std::vector<double> gaps_s_;
    std::optional<double> interval_s_;
    bool stale_ = false;
};

}  // namespace wattbench::drivers::common
