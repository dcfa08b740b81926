#include "app/gui/history/minmax_decimator.hpp"

#include <algorithm>
#include <cmath>

namespace wattbench::gui::history {

namespace {

void push_extremes(std::vector<Point>& out, const Point& min, const Point& max) {
    if (min == max) {
        out.push_back(min);
    } else if (min.t <= max.t) {
        out.push_back(min);
        out.push_back(max);
    } else {
        out.push_back(max);
        out.push_back(min);
    }
}

// Each run of consecutive points in the same bucket becomes its min and max, in time order.
template <typename BucketOf>
std::vector<Point> extremes_by_bucket(std::span<const Point> points, BucketOf bucket_of,
                                      std::size_t expected = 0) {
    std::vector<Point> out;
    out.reserve(expected);
    std::size_t i = 0;
    while (i < points.size()) {
        const long long b = bucket_of(points[i]);
        Point min = points[i];
        Point max = points[i];
        std::size_t j = i + 1;
        for (; j < points.size() && bucket_of(points[j]) == b; ++j) {
            if (points[j].v < min.v) {
                min = points[j];
            }
            if (points[j].v > max.v) {
                max = points[j];
            }
        }
        push_extremes(out, min, max);
        i = j;
    }
    return out;
}

}  // namespace

MinMaxDecimator::MinMaxDecimator(std::size_t max_buckets, double initial_width_s)
    : max_buckets_(std::max<std::size_t>(max_buckets, 2)),
      initial_width_(initial_width_s > 0.0 ? initial_width_s : 1.0),
      width_(initial_width_) {
    buckets_.reserve(max_buckets_ + 1);
}

long long MinMaxDecimator::index_of(double t) const {
    return static_cast<long long>(std::floor((t - origin_) / width_));
}

void MinMaxDecimator::add(Point p) {
    if (!std::isfinite(p.t) || !std::isfinite(p.v)) {
        return;
    }
    if (!have_origin_) {
        origin_ = p.t;
        have_origin_ = true;
    }
    long long idx = index_of(p.t);
    if (!buckets_.empty() && idx <= buckets_.back().index) {
        auto& b = buckets_.back();
        if (p.v < b.min.v) {
            b.min = p;
        }
        if (p.v > b.max.v) {
            b.max = p;
        }
        return;
    }
    buckets_.push_back({idx, p, p});
    while (buckets_.size() > max_buckets_) {
        merge_pairs();
    }
}

void MinMaxDecimator::merge_pairs() {
    width_ *= 2.0;
    std::vector<Bucket> merged;
    merged.reserve(max_buckets_ + 1);
    for (const auto& b : buckets_) {
        // floor division keeps the bucket boundaries aligned to the origin at every width.
        const long long idx = b.index >= 0 ? b.index / 2 : -((-b.index + 1) / 2);
        if (!merged.empty() && merged.back().index == idx) {
            auto& m = merged.back();
            if (b.min.v < m.min.v) {
                m.min = b.min;
            }
            if (b.max.v > m.max.v) {
                m.max = b.max;
            }
        } else {
            merged.push_back({idx, b.min, b.max});
        }
    }
    buckets_ = std::move(merged);
}

void MinMaxDecimator::clear() {
    buckets_.clear();
    width_ = initial_width_;
    have_origin_ = false;
}

std::vector<Point> MinMaxDecimator::points() const {
    std::vector<Point> out;
    out.reserve(buckets_.size() * 2);
    for (const auto& b : buckets_) {
        push_extremes(out, b.min, b.max);
    }
    return out;
}

std::vector<Point> decimate_minmax(std::span<const Point> points, std::size_t buckets) {
    if (buckets == 0 || points.size() <= 2 * buckets) {
        return {points.begin(), points.end()};
    }
    const double t0 = points.front().t;
    const double span = points.back().t - t0;
    return extremes_by_bucket(
        points,
        [&](const Point& p) -> long long {
            return span > 0.0
                       ? static_cast<long long>(std::min<std::size_t>(
                             static_cast<std::size_t>((p.t - t0) / span * buckets), buckets - 1))
                       : 0;
        },
        2 * buckets);
}

std::vector<Point> decimate_minmax_aligned(std::span<const Point> points, double width) {
    if (!(width > 0.0)) {
        return {points.begin(), points.end()};
    }
    return extremes_by_bucket(
        points, [&](const Point& p) { return static_cast<long long>(std::floor(p.t / width)); });
}

}  // namespace wattbench::gui::history
