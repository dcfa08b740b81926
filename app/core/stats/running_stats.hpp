#pragma once

#include <cstdint>

namespace wattbench::core::stats {

// Streaming mean/variance (Welford), so a 24 h run at any rate costs the same few bytes as a
// 10 s demo, and so a large offset (a 230 V mains reading, a 1e9 counter) does not cancel the
// variance the way a naive sum of squares would.
class RunningStats {
public:
    void add(double x);
    // Chan et al.'s parallel combination; equals adding the other's values one by one.
    void merge(const RunningStats& other);

    std::uint64_t count() const { return n_; }
    // NaN when empty, so an absent value can never be mistaken for a measured 0.
    double mean() const;
    double min() const;
    double max() const;
    // Sample (n - 1) variance and standard deviation; 0 for fewer than two values.
    double variance() const;
    double stddev() const;

private:
    std::uint64_t n_ = 0;
    double mean_ = 0.0;
    double m2_ = 0.0;
    double min_ = 0.0;
    double max_ = 0.0;
};

}  // namespace wattbench::core::stats
