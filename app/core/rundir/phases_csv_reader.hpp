#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/core/stats/channel_summary.hpp"

namespace wattbench::core::rundir {

// Where and why phases.csv could not be read: `file:line: column: message`.
struct PhasesCsvError {
    std::string file;
    std::size_t line = 0;  // 0 when the file could not be opened at all
    std::string column;    // empty when the problem is not one column's
    std::string message;

    std::string to_string() const;
};

using PhasesCsvResult = std::variant<std::vector<stats::ChannelSummary>, PhasesCsvError>;

// Reads a phases.csv as PhasesCsvWriter writes it. Columns are found by their header name, so
// extra columns are ignored; an `energy_wh` column is read when present (energy_wh is NaN
// otherwise), and so are `flags` (files written before it existed read as no flags) and
// `uncertainty` (NaN when absent or empty), and `l10`/`l90` (NaN when absent or empty). Empty
// statistics read as NaN. `invalid` and `states` are not in the file and come back as 0 and empty.
// Blank lines are skipped.
PhasesCsvResult read_phases_csv(const std::string& path);

// The same on text already in memory; `file` only names it in errors.
PhasesCsvResult parse_phases_csv(std::string_view text, std::string_view file);

}  // namespace wattbench::core::rundir
