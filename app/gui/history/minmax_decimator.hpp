#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "app/gui/history/point.hpp"

namespace wattbench::gui::history {

// The overview of a whole run in bounded memory: readings fall into time buckets that keep
// only their minimum and maximum, so a spike stays visible however long the run. When the
// buckets outnumber `max_buckets`, the bucket width doubles and neighbours merge, so a 24 h
// run costs the same memory as a 10 minute one, at a coarser resolution.
class MinMaxDecimator {
public:
    explicit MinMaxDecimator(std::size_t max_buckets = 1024, double initial_width_s = 1.0);

    // Times should not decrease; an older reading is merged into the newest bucket.
    void add(Point p);
    void clear();

    // Each bucket's extremes in time order (one point when min and max are the same reading).
    std::vector<Point> points() const;
    std::size_t bucket_count() const { return buckets_.size(); }
    double bucket_width() const { return width_; }
    std::size_t max_buckets() const { return max_buckets_; }

private:
    struct Bucket {
        long long index = 0;
        Point min;
        Point max;
    };
    long long index_of(double t) const;
    void merge_pairs();

    std::size_t max_buckets_;
    double initial_width_;
    double width_;
    double origin_ = 0.0;
    bool have_origin_ = false;
    std::vector<Bucket> buckets_;
};

// Min/max reduction of points already in memory, for drawing more readings than the chart has
// pixels: at most 2·buckets points, spikes kept. Input must be sorted by time.
std::vector<Point> decimate_minmax(std::span<const Point> points, std::size_t buckets);

// The same reduction with buckets of `width` seconds at multiples of it ([k·width, (k+1)·width)),
// so a bucket's points stay the same as later readings arrive and a chart can keep them drawn.
// At most two points per bucket, in time order; input sorted by time.
std::vector<Point> decimate_minmax_aligned(std::span<const Point> points, double width);

}  // namespace wattbench::gui::history
