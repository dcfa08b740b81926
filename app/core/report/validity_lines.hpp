#pragma once

#include <string>
#include <vector>

#include "app/core/report/validity.hpp"

namespace wattbench::core::report {

// One rule not met in one phase, with every channel that failed it the same way: a BMC with 15
// sensors missing the same reading gives one line, not 15.
struct FailedRule {
    Severity severity = Severity::warning;
    std::string rule;
    std::string detail;
    std::vector<std::string> channels;  // empty for phase-wide rules
    i18n::Message message;              // `detail` before it was written in English

    // "coverage 99.9 %: 0.1 % of the readings missing (bmc/fan_1, bmc/fan_2)"
    std::string text() const;
    // The same in `language` (`detail` itself when the rule was given no message).
    std::string text(i18n::Language language) const;
};

// The phase's checks that are not ok, errors first, each group in the order of its first check.
std::vector<FailedRule> failed_rules(const PhaseValidity& phase);

}  // namespace wattbench::core::report
