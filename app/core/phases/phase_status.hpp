#pragma once

#include <string_view>

namespace wattbench::core::phases {

// Where a phase is in its life; manifest.json and phases' rows in the report use these names.
enum class PhaseStatus { pending, warmup, window, done, skipped, interrupted, failed };

std::string_view to_string(PhaseStatus s);

}  // namespace wattbench::core::phases
