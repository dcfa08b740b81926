#pragma once

#include <chrono>
#include <cstdint>
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
    double mean = 0.0;          // NaN when samples == 0 or the channel is discrete
    double min = 0.0;
    double max = 0.0;
    double stddev = 0.0;
    double coverage = 0.0;  // share of the window's expected grid ticks with a valid reading
    double energy_wh = 0.0;  // power channels: integral of P dt over the window
    std::map<std::string, std::uint64_t> states;  // discrete channels: state -> count
    std::chrono::system_clock::time_point start;
    std::chrono::system_clock::time_point end;
};

}  // namespace wattbench::core::stats
