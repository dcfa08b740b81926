#pragma once

// The reader is app/core/rundir/phases_csv_reader.hpp; this name stays for the users not yet
// moved (bench, engine tests) and goes with the last of them.
#include "app/core/rundir/phases_csv_reader.hpp"

namespace wattbench::core::record {

using rundir::parse_phases_csv;
using rundir::PhasesCsvError;
using rundir::PhasesCsvResult;
using rundir::read_phases_csv;

}  // namespace wattbench::core::record
