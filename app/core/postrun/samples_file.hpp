#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/postrun/run_info.hpp"
#include "app/core/record/catalog.hpp"
#include "app/core/record/sample.hpp"
#include "app/core/rundir/samples_reader.hpp"

namespace wattbench::core::postrun {

// One row of samples.csv as read back: the nine columns as text, plus the parsed time.
struct SampleFields {
    std::size_t line = 0;
    TimePoint utc{};
    double elapsed_s = 0.0;
    std::string phase, stage, device, channel, value, unit, status;
};

// One data row of rundir's samples reader as fields; the error names the column at fault.
std::optional<rundir::ReadError> sample_fields(const rundir::SampleRow& row, SampleFields& out);

// Calls `row` for every data row of samples.csv with its fields and its exact text (no line
// break), streaming through rundir's samples reader: a day-long run is never held in memory.
// Returns an error naming file:line and column for a malformed row, and refuses a file that
// ends in a cut-off row.
std::optional<std::string> for_each_sample_row(
    const std::string& path,
    const std::function<void(const SampleFields&, std::string_view text)>& row);

// A row of samples.csv as the engine would have recorded it: `sample` is against `catalog`.
// nullopt when the row names a device, channel or phase the catalog lacks, or is malformed.
std::optional<record::Sample> to_sample(const SampleFields& f, const RunInfo& run);

// Rows formatted exactly as SamplesCsvWriter writes them (it does the formatting).
std::vector<std::string> format_sample_rows(const record::Catalog& catalog,
                                            const std::vector<record::Sample>& samples);

// Rewrites samples.csv with `rows` (formatted, sorted by time) merged in by time: existing rows
// keep their bytes and order, and a new row goes just before the first existing row stamped
// later than it (the engine writes rows in arrival order, which across devices is only nearly
// by time). Written to a temporary file and renamed over the old one.
std::optional<std::string> merge_sample_rows(
    const std::string& path, const std::vector<std::pair<TimePoint, std::string>>& rows);

}  // namespace wattbench::core::postrun
