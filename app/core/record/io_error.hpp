#pragma once

#include <string>
#include <system_error>

namespace wattbench::core::record {

// A failed operation on a file of the run directory, as a value: the recorder and the writers
// hand it up instead of throwing, so a full disk stops a run cleanly rather than aborting it.
struct IoError {
    std::string path;
    std::error_code code;
    std::string operation;  // "write", "sync", "create", …

    // "runs/x/samples.csv: No space left on device": what the user is told.
    std::string message() const { return path + ": " + code.message(); }
};

}  // namespace wattbench::core::record
