#include "app/core/stats/steady_state.hpp"

#include <cmath>

namespace wattbench::core::stats {

SteadyStateDetector::SteadyStateDetector(SteadyStateRule rule) : rule_(rule) {}

void SteadyStateDetector::reset() {
    points_.clear();
    first_t_.reset();
    within_since_.reset();
    st_ = sv_ = stt_ = stv_ = 0.0;
    removed_since_rebuild_ = 0;
}

void SteadyStateDetector::add(double t_s, double value) {
    if (!std::isfinite(t_s) || !std::isfinite(value)) {
        return;
    }
    if (!points_.empty() && t_s < points_.back().t) {
        return;
    }
    if (!first_t_) {
        first_t_ = t_s;
    }
    if (points_.empty()) {
        t0_ = t_s;
        v0_ = value;
    }
    points_.push_back({t_s, value});
    const double dt = t_s - t0_;
    const double dv = value - v0_;
    st_ += dt;
    sv_ += dv;
    stt_ += dt * dt;
    stv_ += dt * dv;

    const double oldest_kept = t_s - rule_.span_s;
    while (points_.front().t < oldest_kept) {
        const Point& p = points_.front();
        const double pt = p.t - t0_;
        const double pv = p.v - v0_;
        st_ -= pt;
        sv_ -= pv;
        stt_ -= pt * pt;
        stv_ -= pt * pv;
        points_.pop_front();
        ++removed_since_rebuild_;
    }
    if (removed_since_rebuild_ >= points_.size()) {
        rebuild();
    }
    if (!judge().within) {
        within_since_.reset();
    } else if (!within_since_) {
        within_since_ = t_s;
    }
}

void SteadyStateDetector::rebuild() {
    removed_since_rebuild_ = 0;
    st_ = sv_ = stt_ = stv_ = 0.0;
    if (points_.empty()) {
        return;
    }
    t0_ = points_.front().t;
    v0_ = points_.front().v;
    for (const Point& p : points_) {
        const double dt = p.t - t0_;
        const double dv = p.v - v0_;
        st_ += dt;
        sv_ += dv;
        stt_ += dt * dt;
        stv_ += dt * dv;
    }
}

SteadyStateStatus SteadyStateDetector::judge() const {
    SteadyStateStatus s;
    s.count = points_.size();
    if (points_.empty()) {
        return s;
    }
    const double n = static_cast<double>(points_.size());
    s.mean = v0_ + sv_ / n;
    s.limit = rule_.relative ? rule_.tolerance * std::abs(s.mean) : rule_.tolerance;
    const double denominator = n * stt_ - st_ * st_;
    if (points_.size() >= min_readings && denominator > 0.0) {
        const double slope = (n * stv_ - st_ * sv_) / denominator;
        s.change = slope * rule_.span_s;
    }
    s.full = points_.size() >= min_readings && points_.back().t - *first_t_ >= rule_.span_s &&
             points_.back().t - points_.front().t >= min_coverage * rule_.span_s;
    s.within = s.full && denominator > 0.0 && std::abs(s.change) <= s.limit;
    return s;
}

SteadyStateStatus SteadyStateDetector::status() const {
    SteadyStateStatus s = judge();
    s.stable = s.within && within_since_ &&
               points_.back().t - *within_since_ >= hold_fraction * rule_.span_s;
    return s;
}

}  // namespace wattbench::core::stats
