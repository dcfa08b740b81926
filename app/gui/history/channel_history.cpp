#include "app/gui/history/channel_history.hpp"

#include <algorithm>
#include <cmath>

namespace wattbench::gui::history {

ChannelHistory::ChannelHistory(double recent_span_s, std::size_t overview_buckets)
    : span_(recent_span_s), overview_(overview_buckets) {}

void ChannelHistory::add(Point p) {
    if (!std::isfinite(p.t) || !std::isfinite(p.v)) {
        return;
    }
    overview_.add(p);
    recent_.push_back(p);
    const double oldest = recent_.back().t - span_;
    while (!recent_.empty() && (recent_.front().t < oldest || recent_.size() > kMaxRecentPoints)) {
        recent_.pop_front();
        trimmed_ = true;
    }
}

std::vector<Point> ChannelHistory::recent_since(double t0) const {
    auto first = std::lower_bound(recent_.begin(), recent_.end(), t0,
                                  [](const Point& p, double t) { return p.t < t; });
    return {first, recent_.end()};
}

std::optional<Point> ChannelHistory::latest() const {
    if (recent_.empty()) {
        return std::nullopt;
    }
    return recent_.back();
}

}  // namespace wattbench::gui::history
