#pragma once

#include <chrono>
#include <cstdint>

namespace wattbench::core::sampling {

// Poll k is due at start + k·period, computed from k rather than accumulated, so lateness of
// one poll never carries into the next and there is no drift however long the run.
class Grid {
public:
    using time_point = std::chrono::steady_clock::time_point;

    Grid(time_point start, std::chrono::nanoseconds period) : start_(start), period_(period) {}

    time_point tick(std::uint64_t k) const {
        return start_ + period_ * static_cast<std::int64_t>(k);
    }

    // The first index whose tick is strictly after `t`.
    std::uint64_t index_after(time_point t) const {
        if (t < start_) {
            return 0;
        }
        return static_cast<std::uint64_t>((t - start_) / period_) + 1;
    }

    time_point start() const { return start_; }
    std::chrono::nanoseconds period() const { return period_; }

private:
    time_point start_;
    std::chrono::nanoseconds period_;
};

}  // namespace wattbench::core::sampling
