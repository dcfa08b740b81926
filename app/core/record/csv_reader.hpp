#pragma once

// The reader is app/core/rundir/csv_reader.hpp; this name stays for the users not yet moved
// (GUI history, bench, CLI and engine tests) and goes with the last of them.
#include "app/core/rundir/csv_reader.hpp"

namespace wattbench::core::record {

using rundir::CsvReader;
using rundir::split_csv_line;

}  // namespace wattbench::core::record
