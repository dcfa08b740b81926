#pragma once

#include <cstddef>
#include <deque>
#include <optional>

namespace wattbench::core::stats {

// When a channel counts as settled: the least-squares trend line through its readings of the
// last `span_s` seconds changes by at most `tolerance` across that span. With `relative`, the
// tolerance is a fraction of the magnitude of the readings' mean (0.01: 1 %).
struct SteadyStateRule {
    double span_s = 300.0;
    double tolerance = 0.01;
    bool relative = true;
};

// Where a channel stands against its rule.
struct SteadyStateStatus {
    bool full = false;    // readings span the whole rule span (and there are enough of them)
    bool within = false;  // full, and |change| <= limit
    bool stable = false;  // within, continuously for hold_fraction of the span
    double change = 0.0;  // trend across the span (slope × span_s), in the channel's unit
    double limit = 0.0;   // the tolerance in the channel's unit
    double mean = 0.0;    // of the readings in the span
    std::size_t count = 0;
};

// Streaming steady-state detector for one channel, fed readings in time order.
//
// The rule, and why it is this one:
// - The slope of a least-squares line over a sliding time window, expressed as the change it
//   makes across the window. Every reading in the window contributes, so measurement noise
//   averages out (the slope's standard error falls as 1/√n), where comparing two readings or
//   the window's end points would react to every noisy sample. Comparing the means of the
//   window's two halves reacts to a ramp in the same way but estimates it with about 15 % more
//   noise, so the regression alone decides.
// - A window, not the whole warm-up: the question is whether the channel has stopped moving
//   now, and old readings from before it settled must not weigh in.
// - A step inside the window shows as a large slope until the step has left the window, so the
//   window cannot open on a level that only just changed. Exponential settling (temperatures)
//   has a slope that decays with the remaining distance, so "stable" arrives once the drift
//   left in one span is within the tolerance, which bounds the bias it adds to an averaging
//   window of about that length.
// - The span must be covered: no verdict before readings reach back a whole span, while the
//   readings kept cover less than `min_coverage` of it (a device that was away leaves a gap a
//   line through a few points would extrapolate wildly), or with fewer than `min_readings`.
// - The verdict must hold for `hold_fraction` of the span before it counts: a trend close to
//   the tolerance, seen through noise, flickers across it, and one lucky reading must not open
//   the window. (The first one or two readings after a step cannot be told from a single
//   spike; a channel already stable stays so through them, and falls out from the third.)
// - Memory is the span's readings (bounded by span × rate); sums are kept incrementally and
//   recomputed from the window every time as many readings left as it holds, so rounding from
//   adding and removing cannot build up over a long warm-up.
class SteadyStateDetector {
public:
    static constexpr std::size_t min_readings = 3;
    static constexpr double min_coverage = 0.75;
    static constexpr double hold_fraction = 0.1;

    explicit SteadyStateDetector(SteadyStateRule rule);

    // `t_s` in seconds on any monotonic scale; readings must not go back in time (an older one
    // is ignored). Non-finite values are ignored: a missing reading is not a level.
    void add(double t_s, double value);
    void reset();

    SteadyStateStatus status() const;
    bool stable() const { return status().stable; }
    const SteadyStateRule& rule() const { return rule_; }

private:
    struct Point {
        double t;
        double v;
    };
    void rebuild();
    SteadyStateStatus judge() const;  // all but `stable`

    SteadyStateRule rule_;
    std::deque<Point> points_;
    std::optional<double> first_t_;  // earliest reading since reset, for the coverage check
    std::optional<double> within_since_;
    // Sums over points_ of (t - t0), (v - v0), their squares and products, around an origin
    // near the data so that squares of large times do not swamp the differences.
    double t0_ = 0.0;
    double v0_ = 0.0;
    double st_ = 0.0;
    double sv_ = 0.0;
    double stt_ = 0.0;
    double stv_ = 0.0;
    std::size_t removed_since_rebuild_ = 0;
};

}  // namespace wattbench::core::stats
