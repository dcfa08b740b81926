#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace wattbench::bench {

// A run of rows of one channel that are not `ok`, in elapsed seconds: from the first such
// row to the next `ok` row (or the last row, when the file ends inside the gap).
struct Gap {
    double from_s = 0.0;
    double to_s = 0.0;
    std::uint64_t rows = 0;
};

struct WindowTally {
    std::uint64_t ok = 0;
    std::uint64_t invalid = 0;
};

// One device's key channel through a whole samples.csv.
struct ChannelSeries {
    std::uint64_t rows = 0;
    std::uint64_t ok = 0;
    std::vector<Gap> gaps;
    std::map<std::string, WindowTally> windows;  // phase → rows in its averaging window
    bool in_gap = false;
    double last_s = -std::numeric_limits<double>::infinity();
    std::uint64_t out_of_order = 0;  // rows whose elapsed_s went backwards
    double max_backwards_s = 0.0;    // by how much, at most
};

// What a soak needs from samples.csv, read in one streaming pass (the file of a simulated
// day is about a gigabyte).
struct SamplesScan {
    std::map<std::string, ChannelSeries> devices;  // device id → its key channel
    // Phase → elapsed span of its window rows (any device).
    std::map<std::string, std::pair<double, double>> window_spans;
    // samples.csv's `time` minus its `elapsed_s`, from the first row: maps phases.csv's window
    // times onto elapsed_s.
    std::chrono::system_clock::time_point utc_origin{};
    std::uint64_t lines = 0;
    std::uint64_t bad_lines = 0;  // not 9 fields, or an unreadable elapsed_s
    bool ends_with_newline = false;
    std::string error;  // the file could not be opened
};

// `key_channels`: device id → the channel followed for it; other rows only count as lines.
SamplesScan scan_samples(const std::string& path,
                         const std::map<std::string, std::string>& key_channels);

// Lines of events.log containing `needle`.
std::uint64_t count_lines_with(const std::string& path, const std::string& needle);

}  // namespace wattbench::bench
