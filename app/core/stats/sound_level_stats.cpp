#include "app/core/stats/sound_level_stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wattbench::core::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kBins =
    static_cast<std::size_t>((SoundLevelStats::kHighest - SoundLevelStats::kLowest) * 10.0) + 1;

std::size_t bin_of(double level_db) {
    const double clamped =
        std::clamp(level_db, SoundLevelStats::kLowest, SoundLevelStats::kHighest);
    return static_cast<std::size_t>(std::lround((clamped - SoundLevelStats::kLowest) * 10.0));
}

double level_of(std::size_t bin) {
    // Rounded to one decimal so the result prints as the meter displayed it.
    return std::round((SoundLevelStats::kLowest + static_cast<double>(bin) / 10.0) * 10.0) / 10.0;
}

}  // namespace

SoundLevelStats::SoundLevelStats() : bins_(kBins, 0) {}

void SoundLevelStats::add(double level_db) {
    if (!std::isfinite(level_db)) {
        return;
    }
    if (n_ == 0) {
        ref_db_ = level_db;
    }
    if (level_db > ref_db_ + 20.0) {
        // Rebase so the sum stays near 1 per reading: rescaling is exact enough (one multiply)
        // and keeps a window that gets louder from overflowing.
        energy_sum_ *= std::pow(10.0, (ref_db_ - level_db) / 10.0);
        ref_db_ = level_db;
    }
    energy_sum_ += std::pow(10.0, (level_db - ref_db_) / 10.0);
    ++n_;
    ++bins_[bin_of(level_db)];
}

double SoundLevelStats::leq() const {
    if (n_ == 0) {
        return kNaN;
    }
    return ref_db_ + 10.0 * std::log10(energy_sum_ / static_cast<double>(n_));
}

double SoundLevelStats::exceeded(double percent) const {
    if (n_ == 0) {
        return kNaN;
    }
    const double allowed = percent / 100.0 * static_cast<double>(n_);
    // Walk down from the top: `above` counts readings strictly above the current bin.
    std::uint64_t above = 0;
    std::size_t lowest_seen = 0;
    for (std::size_t b = bins_.size(); b-- > 0;) {
        if (bins_[b] == 0) {
            continue;
        }
        if (static_cast<double>(above + bins_[b]) > allowed) {
            return level_of(b);
        }
        above += bins_[b];
        lowest_seen = b;
    }
    return level_of(lowest_seen);
}

bool is_sound_level_unit(std::string_view unit) {
    return unit == "dBA" || unit == "dBC" || unit == "dB" || unit == "dB(A)" || unit == "dB(C)";
}

}  // namespace wattbench::core::stats
