#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "app/core/i18n/translate.hpp"
#include "app/core/rundir/manifest.hpp"

namespace wattbench::core::report {

// The six IPMI-style limits as manifest.json keys them, with the abbreviation a table header
// uses and the name a chart labels its line with; lowest first.
struct ThresholdKind {
    std::string_view key;           // "lnr"
    std::string_view abbreviation;  // "LNR"
    std::string_view name;          // "lower non-recoverable", in the report's catalog
    bool lower = false;             // a floor (true) or a ceiling
    std::optional<double> rundir::Thresholds::*field = nullptr;

    std::optional<double> of(const rundir::Thresholds& t) const { return t.*field; }
};

inline constexpr std::array<ThresholdKind, 6> kThresholdKinds{{
    {"lnr", "LNR", i18n::noop_tr("lower non-recoverable"), true, &rundir::Thresholds::lnr},
    {"lc", "LC", i18n::noop_tr("lower critical"), true, &rundir::Thresholds::lc},
    {"lnc", "LNC", i18n::noop_tr("lower non-critical"), true, &rundir::Thresholds::lnc},
    {"unc", "UNC", i18n::noop_tr("upper non-critical"), false, &rundir::Thresholds::unc},
    {"uc", "UC", i18n::noop_tr("upper critical"), false, &rundir::Thresholds::uc},
    {"unr", "UNR", i18n::noop_tr("upper non-recoverable"), false, &rundir::Thresholds::unr},
}};

}  // namespace wattbench::core::report
