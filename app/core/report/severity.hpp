#pragma once

#include <string_view>

namespace wattbench::core::report {

// How badly a rule was missed; a phase's and a run's verdict is the worst of theirs.
enum class Severity { ok, warning, error };

std::string_view severity_name(Severity s);  // "valid", "warning", "invalid"

}  // namespace wattbench::core::report
