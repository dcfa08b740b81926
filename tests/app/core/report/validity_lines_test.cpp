#include "app/core/report/validity_lines.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::report {
namespace {

ValidityCheck check(std::string rule, std::string channel, Severity severity, std::string detail) {
    return {std::move(rule), std::move(channel), severity, std::move(detail), {}};
}

TEST(FailedRules, SameFailureOfSeveralChannelsIsOneLineErrorsFirst) {
    PhaseValidity phase;
    phase.phase = "cpu-1";
    phase.checks = {
        check("coverage", "bmc/fan_1", Severity::warning, "coverage 99.9 %"),
        check("uncertainty", "wm/power", Severity::ok, "uncertainty 0.4 % ≤ 1 %"),
        check("coverage", "bmc/fan_2", Severity::warning, "coverage 99.9 %"),
        check("coverage", "bmc/fan_3", Severity::warning, "coverage 99.8 %"),
        check("overrange", "wm/power", Severity::error, "1 overrange reading"),
        check("not_idle", "", Severity::warning, "the machine was not idle"),
    };
    const auto rules = failed_rules(phase);
    ASSERT_EQ(rules.size(), 4U);
    EXPECT_EQ(rules[0].severity, Severity::error);
    EXPECT_EQ(rules[0].text(), "1 overrange reading (wm/power)");
    EXPECT_EQ(rules[1].text(), "coverage 99.9 % (bmc/fan_1, bmc/fan_2)");
    EXPECT_EQ(rules[2].text(), "coverage 99.8 % (bmc/fan_3)");
    EXPECT_EQ(rules[3].text(), "the machine was not idle");
}

TEST(FailedRules, NothingWhenEveryCheckPassed) {
    PhaseValidity phase;
    phase.checks = {check("uncertainty", "wm/power", Severity::ok, "0.4 %")};
    EXPECT_TRUE(failed_rules(phase).empty());
}

}  // namespace
}  // namespace wattbench::core::report
