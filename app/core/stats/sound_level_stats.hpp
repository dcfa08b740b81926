#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace wattbench::core::stats {

// Sound levels in dB are logarithmic: two sources of 50 and 70 dB do not average to 60 dB.
// A window's level is the equivalent continuous level Leq = 10·log10(mean(10^(L/10))), the
// figure ISO 7779 and every sound level meter's "Leq" mode report; 50 and 70 dB give 67.0 dB.
//
// L10 and L90 (the levels exceeded 10 % and 90 % of the time) need the distribution, which is
// kept as a histogram of 0.1 dB bins, the resolution of every meter wattbench reads: exact to
// 0.1 dB and a fixed size however long the window. Levels outside [kLowest, kHighest] count in
// the edge bins.
class SoundLevelStats {
public:
    static constexpr double kLowest = -50.0;
    static constexpr double kHighest = 200.0;

    // Allocates the histogram (20 kB) here, so that add() never allocates.
    SoundLevelStats();

    void add(double level_db);

    std::uint64_t count() const { return n_; }
    // NaN when empty.
    double leq() const;
    // The level exceeded by at most `percent` % of the readings: the lowest level x read (to
    // 0.1 dB) with #(readings > x) ≤ percent/100 · n. L10 = exceeded(10), L90 = exceeded(90);
    // exceeded(0) is the maximum, exceeded(100) the minimum. NaN when empty.
    double exceeded(double percent) const;
    double l10() const { return exceeded(10.0); }
    double l90() const { return exceeded(90.0); }

private:
    std::uint64_t n_ = 0;
    // Sum of 10^((L - ref)/10) relative to the first reading's level, so a long window of loud
    // readings neither overflows nor loses the quiet ones to rounding.
    double energy_sum_ = 0.0;
    double ref_db_ = 0.0;
    std::vector<std::uint64_t> bins_;
};

// Units of channels averaged on energy: "dBA", "dBC", "dB" (also "dB(A)"/"dB(C)" spellings).
bool is_sound_level_unit(std::string_view unit);

}  // namespace wattbench::core::stats
