#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/core/i18n/message.hpp"
#include "app/core/report/power_curve.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// Run B against baseline A for one channel of one phase (or one workload score).
struct ComparisonRow {
    std::string phase;
    std::string channel;  // "wattmeter/power"; "score" for a workload score
    std::string unit;
    double a = 0.0;
    double b = 0.0;
    double diff = 0.0;                  // b - a
    double diff_pct = 0.0;              // 100 (b - a) / a
    std::optional<double> ci_low_pct;   // 95 % interval of diff_pct; empty when it cannot be
    std::optional<double> ci_high_pct;  // bounded (a single score, no statistics)
    bool significant = false;           // the interval excludes zero
    std::string verdict;                // "+12.3 % [+11.8, +12.9]" or "no significant difference"
    i18n::Message verdict_message;      // `verdict` before it was written in English
    bool partial = false;               // the phase did not finish in A or B (its window was cut)
};

struct RunComparison {
    std::string name_a;  // run names (manifest run.name, else the directory's name)
    std::string name_b;
    std::vector<ComparisonRow> rows;  // phase order of A, then channel order
};

struct Comparison {
    // The language of the Markdown, HTML and PDF comparison; CSV and JSON are always English.
    i18n::Language language = i18n::Language::en;
    std::vector<std::string> run_dirs;
    std::vector<RunComparison> pairs;               // each run after the first against the first
    std::vector<std::optional<PowerCurve>> curves;  // one per run, for the overlay chart
};

// The arithmetic, exposed for hand-computed tests: each mean's standard uncertainty combines
// its window statistics (stddev / sqrt(samples)) and, for power, the meter's recorded
// relative uncertainty; the difference's interval uses Welch-Satterthwaite degrees of freedom.
ComparisonRow compare_values(double mean_a, double stddev_a, double n_a, double rel_unc_a,
                             double mean_b, double stddev_b, double n_b, double rel_unc_b);

// Refuses (the string) when the runs share no phase, or a shared channel's units differ:
// "runs share no phase: A has idle, cpu-1; B has disk" / "cpu-1 wattmeter/power: W in A, VA in B".
std::variant<Comparison, std::string> compare_runs(const std::vector<RunData>& runs);

}  // namespace wattbench::core::report
