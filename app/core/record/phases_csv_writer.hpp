#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/record/output_file.hpp"
#include "app/core/stats/channel_summary.hpp"

namespace wattbench::core::record {

// phases.csv: one row per (phase, channel) as each averaging window closes.
//
// Each write() goes to the file and is fdatasync'ed before it returns: a phase takes minutes
// to measure and is written once, so it is worth surviving a power cut, not only a Ctrl-C.
// Numbers: mean/min/max/stddev in the shortest form that reads back to the same double
// (std::to_chars), empty when NaN (no valid reading, discrete channel); coverage with four
// decimals; start/end as ISO-8601 UTC milliseconds; l10/l90 (sound channels only, empty
// otherwise) like mean.
//
// Errors: the constructor throws std::system_error (a run is being prepared). write() returns an
// IoError and leaves the file as it was before the call, so phases.csv holds every closed
// window whole or not at all; after a failure every later write() returns the same error.
class PhasesCsvWriter {
public:
    static constexpr std::string_view kHeader =
        "phase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,end,flags,"
        "uncertainty,l10,l90\n";

    // Creates or truncates `path` and writes the header.
    explicit PhasesCsvWriter(const std::string& path);

    std::optional<IoError> write(const std::vector<stats::ChannelSummary>& rows);

    // One row including its line break, as write() puts it in the file.
    static std::string format_row(const stats::ChannelSummary& row);

    const std::string& path() const { return file_.path(); }

private:
    OutputFile file_;
    std::optional<IoError> failure_;
};

}  // namespace wattbench::core::record
