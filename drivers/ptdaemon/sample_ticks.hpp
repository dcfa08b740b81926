#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "drivers/ptdaemon/codec.hpp"

namespace wattbench::drivers::ptdaemon {

// What one poll makes of the samples `RL` returned: the samples new since the previous poll
// (by PTD's timestamps, so whether RL repeats older ones does not matter), their mean per
// quantity and channel, and any hole in PTD's own sample sequence.
struct TickValues {
    Quantities sum;
    std::vector<Quantities> channels;
    int used = 0;                 // new samples averaged; 0: nothing new this tick
    std::optional<double> gap_s;  // PTD's samples jumped by this much (> 1.5 intervals)
    std::string gap_from;         // PTD's time before and after the gap, as written
    std::string gap_to;
};

class SampleTicks {
public:
    // `interval_ms` 0: PTD's interval unknown, no gap detection.
    explicit SampleTicks(int interval_ms = 0) : interval_ms_(interval_ms) {}
    void set_interval(int interval_ms) { interval_ms_ = interval_ms; }

    // The first call after construction takes only the newest sample: older ones are a
    // history from before this client started measuring.
    TickValues take(std::vector<Sample> samples);

private:
    int interval_ms_;
    std::optional<std::int64_t> last_ms_;
    std::string last_text_;
};

}  // namespace wattbench::drivers::ptdaemon
