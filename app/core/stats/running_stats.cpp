#include "app/core/stats/running_stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wattbench::core::stats {

void RunningStats::add(double x) {
    if (n_ == 0) {
        min_ = x;
        max_ = x;
    } else {
        min_ = std::min(min_, x);
        max_ = std::max(max_, x);
    }
    ++n_;
    const double delta = x - mean_;
    mean_ += delta / static_cast<double>(n_);
    m2_ += delta * (x - mean_);
}

void RunningStats::merge(const RunningStats& other) {
    if (other.n_ == 0) {
        return;
    }
    if (n_ == 0) {
        *this = other;
        return;
    }
    const double na = static_cast<double>(n_);
    const double nb = static_cast<double>(other.n_);
    const double n = na + nb;
    const double delta = other.mean_ - mean_;
    mean_ += delta * (nb / n);
    m2_ += other.m2_ + delta * delta * (na * nb / n);
    n_ += other.n_;
    min_ = std::min(min_, other.min_);
    max_ = std::max(max_, other.max_);
}

double RunningStats::mean() const {
    return n_ == 0 ? std::numeric_limits<double>::quiet_NaN() : mean_;
}

double RunningStats::min() const {
    return n_ == 0 ? std::numeric_limits<double>::quiet_NaN() : min_;
}

double RunningStats::max() const {
    return n_ == 0 ? std::numeric_limits<double>::quiet_NaN() : max_;
}

double RunningStats::variance() const {
    if (n_ < 2) {
        return 0.0;
    }
    // Rounding can leave m2 a hair below zero for constant input; a negative variance would
    // turn the stddev into NaN.
    return std::max(0.0, m2_ / static_cast<double>(n_ - 1));
}

double RunningStats::stddev() const {
    return std::sqrt(variance());
}

}  // namespace wattbench::core::stats
