#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// One bucket of a decimated time series: the readings of one channel whose time falls in
// [t0, t1) (UTC seconds since the epoch). min/max keep spikes visible however coarse the
// bucket; mean is what a line through the bucket shows.
struct SeriesBucket {
    double t0 = 0.0;
    double t1 = 0.0;
    double min = 0.0;
    double max = 0.0;
    double mean = 0.0;
    std::uint32_t count = 0;  // valid (status ok) readings in the bucket
};

// A channel's whole run, decimated to at most ScanOptions::max_buckets buckets. Gaps (no valid
// reading in a bucket) are simply absent buckets, so a chart can break its line there.
// Buckets start at the run's first row and are 0.1 s wide, doubled (adjacent pairs merged) as
// often as the run's span needs to stay within max_buckets; all channels share one width.
// Only numeric channels have a series (discrete ones are counted in WindowCounts::states), and
// an ok reading of nan/inf is left out of the buckets.
struct ChannelSeries {
    std::string device;
    std::string channel;
    std::string unit;
    std::vector<SeriesBucket> buckets;  // ascending t0
};

// Readings counted per (phase, channel) inside the phase's averaging window (stage `window`):
// the validity rules compare invalid/total with SPEC's limits.
struct WindowCounts {
    std::string phase;
    std::string device;
    std::string channel;
    std::uint64_t total = 0;
    std::uint64_t invalid = 0;    // status error or unavailable
    std::uint64_t overrange = 0;  // status overrange
    // Discrete channels: how often each state was read in the window, most frequent first.
    std::vector<std::pair<std::string, std::uint64_t>> states;
};

struct ScanOptions {
    std::size_t max_buckets = 1200;  // per channel; memory is bounded by this, not by run length
};

// Everything the reports need from samples.csv, gathered in one streaming pass whose memory
// does not depend on the file's length.
struct SamplesScan {
    // UTC seconds of the earliest and latest row (rows are only nearly in time order); 0 when
    // there are none.
    double first_time = 0.0;
    double last_time = 0.0;
    std::uint64_t rows = 0;
    std::vector<ChannelSeries> series;  // in order of first appearance
    std::vector<WindowCounts> windows;  // in order of first appearance
    // Set when the file ends in a cut-off line (a run killed mid-write): the rows before it count.
    bool truncated = false;
};

// Reads RUN/samples.csv. A missing file is an empty scan, not an error (old runs, a run
// stopped before its first reading). A malformed row is an error naming file:line and the
// column: "RUN/samples.csv:1234: column 'value': not a number 'x1'".
std::variant<SamplesScan, std::string> scan_samples(const std::string& run_dir,
                                                    const ScanOptions& options = {});

// The same scan over samples.csv content already in memory; `path` only names it in errors.
std::variant<SamplesScan, std::string> scan_samples_text(std::string_view text,
                                                         const std::string& path,
                                                         const ScanOptions& options = {});

}  // namespace wattbench::core::report
