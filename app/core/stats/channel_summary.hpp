#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <map>
#include <string>

namespace wattbench::core::stats {

// The statistics of one channel over one averaging window: one row of phases.csv.
struct ChannelSummary {
    std::string phase;
    std::string load;
    std::string device;
    std::string channel;
    std::string unit;
    std::uint64_t samples = 0;  // readings with status ok
    std::uint64_t invalid = 0;  // readings with any other status
    // mean, min, max, stddev: NaN when samples == 0 or the channel is discrete.
    double mean = 0.0;
    double min = 0.0;
    double max = 0.0;
    double stddev = 0.0;
    double coverage = 0.0;  // share of the window's expected grid ticks with a valid reading
    // Power channels: integral of P dt over the window; 0 for other channels. phases.csv has no
    // column for it, so read_phases_csv gives NaN unless the file carries an energy_wh column.
    double energy_wh = 0.0;
    std::map<std::string, std::uint64_t> states;  // discrete channels: state -> count
    // Conditions that make the whole phase's figures suspect ("load_short"), ';'-separated; the
    // same on every row of a phase.
    std::string flags;
    // Power channels with a declared meter accuracy: relative standard uncertainty of `mean`
    // (meter accuracy and the window's standard error combined), NaN otherwise. Rows above the
    // limit carry the flag `uncertainty_high`.
    double uncertainty = std::numeric_limits<double>::quiet_NaN();
    // Sound channels (dBA, dBC, dB): `mean` is the energy average Leq; l10 and l90 are the levels
    // exceeded 10 % and 90 % of the window. NaN for other channels.
    double l10 = std::numeric_limits<double>::quiet_NaN();
    double l90 = std::numeric_limits<double>::quiet_NaN();
    std::chrono::system_clock::time_point start;
    std::chrono::system_clock::time_point end;
};

}  // namespace wattbench::core::stats
