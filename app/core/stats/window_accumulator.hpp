#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/core/record/catalog.hpp"
#include "app/core/record/sample.hpp"
#include "app/core/stats/channel_summary.hpp"
#include "app/core/stats/running_stats.hpp"
#include "app/core/stats/uncertainty.hpp"
#include "app/core/stats/sound_level_stats.hpp"

namespace wattbench::core::stats {

// The statistics of one phase's averaging window, for every channel of the run, fed one sample
// at a time. Memory depends on the number of channels (and distinct states of discrete
// channels), never on how long the window is.
//
// Rules (phases.csv depends on them):
// - Only samples of this phase with stage `window` count; everything else is ignored, as are
//   samples whose device/channel the catalog given at construction does not know.
// - `ok` readings of numeric channels enter mean/min/max/stddev; other statuses, and `ok`
//   readings that are not finite, count as invalid.
// - Sound channels (unit dBA, dBC or dB) are averaged on energy: mean = Leq, plus L10 and L90
//   (see SoundLevelStats); min, max and stddev stay those of the levels as read.
// - Discrete channels (quantity state) count readings per state text; their mean, min, max and
//   stddev are NaN.
// - coverage = ok / max(ok + invalid, floor(window / device interval)), clamped to [0, 1].
// - energy_wh (quantity power only, 0 otherwise): trapezoidal integral over consecutive ok
//   readings by their monotonic timestamps. Two readings further apart than 2.5 device
//   intervals are not joined, so a dropout lowers the energy instead of being interpolated
//   across; one missed poll (2 intervals) is still bridged.
class WindowAccumulator {
public:
    // Power rows above `uncertainty_limit` (relative, 0.01 = 1 %) get the flag uncertainty_high.
    WindowAccumulator(const record::Catalog& catalog, std::int32_t phase,
                      double uncertainty_limit = kUncertaintyLimit);

    // Marks the start of the window. Samples tagged `window` that arrive before open() still
    // count: the tag, not the call order, decides membership.
    void open(std::chrono::system_clock::time_point utc,
              std::chrono::steady_clock::time_point mono);
    void add(const record::Sample& sample);
    // One summary per channel in catalog order (device by device). May be called again later;
    // each call summarises everything added so far up to the given end.
    std::vector<ChannelSummary> close(std::chrono::system_clock::time_point utc,
                                      std::chrono::steady_clock::time_point mono) const;

    std::int32_t phase() const { return phase_; }

private:
    struct Channel {
        std::string device;
        std::string name;
        std::string unit;
        std::vector<std::string> state_names;  // to name a discrete reading that has no text
        std::chrono::nanoseconds interval{0};
        bool discrete = false;
        bool power = false;
        bool sound = false;
        std::optional<drivers::api::Accuracy> accuracy;

        RunningStats stats;
        std::optional<SoundLevelStats> sound_levels;  // sound channels only
        std::uint64_t invalid = 0;
        // std::less<> lets a state be counted by string_view without building a string.
        std::map<std::string, std::uint64_t, std::less<>> states;
        double energy_ws = 0.0;
        bool has_last = false;
        std::chrono::steady_clock::time_point last_mono;
        double last_value = 0.0;
    };

    void add_ok(Channel& ch, const record::Sample& sample);

    std::int32_t phase_;
    double uncertainty_limit_;
    std::string phase_name_;
    std::string load_;
    std::vector<std::size_t> first_channel_;  // per device: index of its channel 0
    std::vector<std::size_t> channel_count_;  // per device
    std::vector<Channel> channels_;
    bool opened_ = false;
    std::chrono::system_clock::time_point start_utc_;
    std::chrono::steady_clock::time_point start_mono_;
};

}  // namespace wattbench::core::stats
