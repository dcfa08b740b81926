#pragma once

#include <array>
#include <string_view>

namespace wattbench::core::report {

// The six IPMI-style limits as manifest.json keys them, with the abbreviation a table header
// uses and the name a chart labels its line with; lowest first.
struct ThresholdKind {
    std::string_view key;           // "lnr"
    std::string_view abbreviation;  // "LNR"
    std::string_view name;          // "lower non-recoverable"
    bool lower = false;             // a floor (true) or a ceiling
};

inline constexpr std::array<ThresholdKind, 6> kThresholdKinds{{
    {"lnr", "LNR", "lower non-recoverable", true},
    {"lc", "LC", "lower critical", true},
    {"lnc", "LNC", "lower non-critical", true},
    {"unc", "UNC", "upper non-critical", false},
    {"uc", "UC", "upper critical", false},
    {"unr", "UNR", "upper non-recoverable", false},
}};

}  // namespace wattbench::core::report
