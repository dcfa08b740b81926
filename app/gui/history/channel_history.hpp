#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <vector>

#include "app/gui/history/minmax_decimator.hpp"
#include "app/gui/history/point.hpp"

namespace wattbench::gui::history {

// What the charts keep of one channel: every reading of the last `recent_span_s` seconds at
// full resolution, and a min/max overview of the whole run. Both are bounded, so memory does
// not grow with run length.
class ChannelHistory {
public:
    // A channel polled faster than expected still cannot hold more than this many recent points.
    static constexpr std::size_t kMaxRecentPoints = 200'000;

    explicit ChannelHistory(double recent_span_s = 900.0, std::size_t overview_buckets = 1024);

    void add(Point p);

    const std::deque<Point>& recent() const { return recent_; }
    // The recent points at or after `t0` (all of them when t0 is before the oldest).
    std::vector<Point> recent_since(double t0) const;
    const MinMaxDecimator& overview() const { return overview_; }
    std::optional<Point> latest() const;
    // True once readings older than the recent span were dropped from full resolution.
    bool trimmed() const { return trimmed_; }
    // Points held in memory: the recent ones and two per overview bucket.
    std::size_t stored_points() const { return recent_.size() + 2 * overview_.bucket_count(); }

private:
    double span_;
    std::deque<Point> recent_;
    bool trimmed_ = false;
    MinMaxDecimator overview_;
};

}  // namespace wattbench::gui::history
