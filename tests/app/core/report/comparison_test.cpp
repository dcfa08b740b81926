#include "app/core/report/comparison.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "app/core/report/student_t.hpp"

namespace wattbench::core::report {
namespace {

const double kNan = std::nan("");

TEST(CompareValues, WindowStatisticsOnly) {
    // A: mean 100, stddev 4, 16 readings -> u_a = 4/sqrt(16) = 1, 15 dof.
    // B: mean 110, stddev 6, 9 readings  -> u_b = 6/sqrt(9) = 2, 8 dof.
    // r = 110/100 - 1 = +10 %.
    // u(r)^2 = (u_b/a)^2 + (b u_a/a^2)^2 = 0.02^2 + 0.011^2 = 0.000521, u(r) = 0.0228254.
    // dof = 0.000521^2 / (0.02^4/8 + 0.011^4/15) = 2.71441e-7 / 2.097607e-8 = 12.9405.
    // t(0.975, 12.94) = 2.1615 (tables: t(12) = 2.179, t(13) = 2.160).
    // half-width = 100 * 2.1615 * 0.0228254 = 4.934 %: [+5.07, +14.93].
    const auto row = compare_values(100, 4, 16, kNan, 110, 6, 9, kNan);
    EXPECT_DOUBLE_EQ(row.diff, 10.0);
    EXPECT_DOUBLE_EQ(row.diff_pct, 10.0);
    ASSERT_TRUE(row.ci_low_pct && row.ci_high_pct);
    EXPECT_NEAR(*row.ci_low_pct, 5.07, 0.01);
    EXPECT_NEAR(*row.ci_high_pct, 14.93, 0.01);
    EXPECT_NEAR(*row.ci_high_pct - 10.0, 100 * t_quantile(0.975, 12.9405) * 0.0228254, 1e-4);
    EXPECT_TRUE(row.significant);
    EXPECT_EQ(row.verdict, "+10.0 % [+5.1, +14.9]");
}

TEST(CompareValues, IntervalSpanningZeroIsNotSignificant) {
    // As above with B = 101: r = +1 %, u(r)^2 = 0.02^2 + 0.0101^2 = 0.00050201,
    // u(r) = 0.0224056, dof = 12.178, t(0.975, 12.18) = 2.176: half-width 4.876 %,
    // [-3.88, +5.88] spans zero.
    const auto row = compare_values(100, 4, 16, kNan, 101, 6, 9, kNan);
    EXPECT_DOUBLE_EQ(row.diff_pct, 1.0);
    ASSERT_TRUE(row.ci_low_pct && row.ci_high_pct);
    EXPECT_NEAR(*row.ci_low_pct, -3.88, 0.01);
    EXPECT_NEAR(*row.ci_high_pct, 5.88, 0.01);
    EXPECT_FALSE(row.significant);
    EXPECT_EQ(row.verdict, "no significant difference");
}

TEST(CompareValues, MeterAccuracyAloneUsesTheNormalQuantile) {
    // Steady readings (stddev 0): only the recorded 0.5 % counts. u_a = 1 W, u_b = 1.05 W, both
    // Type B (infinite dof). u(r) = sqrt((1.05/200)^2 + (210 * 1/200^2)^2) = 0.00525 sqrt(2)
    // = 0.0074246; t = 1.95996; half-width 1.4552 %: 5 % -> [+3.545, +6.455].
    const auto row = compare_values(200, 0, 100, 0.005, 210, 0, 100, 0.005);
    EXPECT_DOUBLE_EQ(row.diff_pct, 5.0);
    EXPECT_NEAR(*row.ci_low_pct, 3.5448, 1e-3);
    EXPECT_NEAR(*row.ci_high_pct, 6.4552, 1e-3);
    EXPECT_TRUE(row.significant);
}

TEST(CompareValues, RecordedUncertaintyIsNotAddedToTheStandardErrorTwice) {
    // stddev 10 over 100 readings: standard error 1 W, which a recorded 0.5 % of 200 W = 1 W
    // (and 1/210 of 210 W) already holds. No meter part remains, so the interval is that of
    // the window statistics alone.
    const auto with = compare_values(200, 10, 100, 0.005, 210, 10, 100, 1.0 / 210.0);
    const auto without = compare_values(200, 10, 100, kNan, 210, 10, 100, kNan);
    EXPECT_NEAR(*with.ci_high_pct, *without.ci_high_pct, 1e-9);
}

TEST(CompareValues, SingleScoresHaveNoInterval) {
    const auto row = compare_values(100, kNan, 1, kNan, 173, kNan, 1, kNan);
    EXPECT_DOUBLE_EQ(row.diff_pct, 73.0);
    EXPECT_FALSE(row.ci_low_pct);
    EXPECT_FALSE(row.significant);
    EXPECT_EQ(row.verdict, "+73.0 % (one value per run: no confidence interval)");
    EXPECT_EQ(compare_values(0, 1, 10, kNan, 5, 1, 10, kNan).verdict, "no percentage: A is 0");
}

PhaseRow make_row(std::string phase, std::string channel, std::string unit, double mean,
                  double stddev) {
    PhaseRow r;
    r.phase = std::move(phase);
    r.load = "cpu";
    r.device = "wm";
    r.channel = std::move(channel);
    r.unit = std::move(unit);
    r.mean = mean;
    r.stddev = stddev;
    r.samples = 16;
    r.coverage = 1.0;
    return r;
}

RunData make_run(std::string dir, std::vector<std::string> phases, double power,
                 std::optional<double> score = std::nullopt) {
    RunData run;
    run.dir = std::move(dir);
    nlohmann::json manifest = {{"run", {{"name", "run-" + run.dir}}},
                               {"devices", {{{"id", "wm"}}}},
                               {"phases", nlohmann::json::array()}};
    for (const auto& p : phases) {
        nlohmann::json entry = {{"name", p}, {"load", "cpu"}, {"status", "done"}};
        if (score) {
            entry["score"] = {{"value", *score}, {"unit", "req/s"}};
        }
        manifest["phases"].push_back(entry);
        run.rows.push_back(make_row(p, "power", "W", power, 4));
        run.rows.push_back(make_row(p, "mode", "state", 0, 0));
        run.rows.back().mean.reset();
    }
    run.info = manifest.get<rundir::Manifest>();
    return run;
}

TEST(CompareRuns, MatchesPhasesByNameAndAddsScores) {
    std::vector<RunData> runs = {make_run("a", {"idle", "cpu-1"}, 100, 100.0),
                                 make_run("b", {"cpu-1", "disk"}, 110, 173.0),
                                 make_run("c", {"idle"}, 90)};
    const auto result = compare_runs(runs);
    ASSERT_TRUE(std::holds_alternative<Comparison>(result)) << std::get<std::string>(result);
    const auto& c = std::get<Comparison>(result);
    ASSERT_EQ(c.pairs.size(), 2u);
    EXPECT_EQ(c.curves.size(), 3u);
    EXPECT_EQ(c.pairs[0].name_a, "run-a");
    EXPECT_EQ(c.pairs[0].name_b, "run-b");
    // cpu-1 power (the state channel has no mean), score, score per watt
    ASSERT_EQ(c.pairs[0].rows.size(), 3u);
    EXPECT_EQ(c.pairs[0].rows[0].phase, "cpu-1");
    EXPECT_EQ(c.pairs[0].rows[0].channel, "wm/power");
    EXPECT_EQ(c.pairs[0].rows[0].unit, "W");
    EXPECT_DOUBLE_EQ(c.pairs[0].rows[0].diff_pct, 10.0);
    EXPECT_EQ(c.pairs[0].rows[1].channel, "score");
    EXPECT_EQ(c.pairs[0].rows[1].unit, "req/s");
    EXPECT_EQ(c.pairs[0].rows[1].verdict, "+73.0 % (one value per run: no confidence interval)");
    // 100 req/s at 100 W against 173 req/s at 110 W.
    EXPECT_EQ(c.pairs[0].rows[2].channel, "score per watt (wm/power)");
    EXPECT_EQ(c.pairs[0].rows[2].unit, "req/s/W");
    EXPECT_DOUBLE_EQ(c.pairs[0].rows[2].a, 1.0);
    EXPECT_DOUBLE_EQ(c.pairs[0].rows[2].b, 173.0 / 110.0);
    EXPECT_EQ(c.pairs[0].rows[2].verdict, "+57.3 % (one value per run: no confidence interval)");
    ASSERT_EQ(c.pairs[1].rows.size(), 1u);
    EXPECT_EQ(c.pairs[1].rows[0].phase, "idle");
    EXPECT_DOUBLE_EQ(c.pairs[1].rows[0].diff_pct, -10.0);
}

// The meter's energy counter (Wh since it was opened) is not a property of the phase.
TEST(CompareRuns, LeavesOutEnergyCounters) {
    auto a = make_run("a", {"idle"}, 100);
    auto b = make_run("b", {"idle"}, 110);
    a.rows.push_back(make_row("idle", "energy", "Wh", 0.2, 0.01));
    b.rows.push_back(make_row("idle", "energy", "Wh", 5.0, 0.01));
    const auto result = compare_runs({a, b});
    ASSERT_TRUE(std::holds_alternative<Comparison>(result)) << std::get<std::string>(result);
    const auto& rows = std::get<Comparison>(result).pairs.at(0).rows;
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].channel, "wm/power");
}

TEST(CompareRuns, RefusesRunsWithoutASharedPhase) {
    const auto result = compare_runs(
        {make_run("runs/a", {"idle", "cpu-1"}, 100), make_run("runs/b", {"disk"}, 90)});
    ASSERT_TRUE(std::holds_alternative<std::string>(result));
    EXPECT_EQ(std::get<std::string>(result),
              "runs share no phase: A (runs/a) has idle, cpu-1; B (runs/b) has disk");
}

TEST(CompareRuns, RefusesAUnitMismatch) {
    auto b = make_run("runs/b", {"cpu-1"}, 100);
    b.rows[0].unit = "VA";
    const auto result = compare_runs({make_run("runs/a", {"cpu-1"}, 100), b});
    ASSERT_TRUE(std::holds_alternative<std::string>(result));
    EXPECT_EQ(std::get<std::string>(result), "cpu-1 wm/power: W in A (runs/a), VA in B (runs/b)");
}

TEST(CompareRuns, RunsOfOneProfileAreNamedByTheirDirectories) {
    auto a = make_run("runs/review-1/", {"idle"}, 100);
    auto b = make_run("runs/review-2", {"idle"}, 110);
    a.info.run.name = b.info.run.name = "review";
    const auto c = std::get<Comparison>(compare_runs({a, b}));
    EXPECT_EQ(c.pairs[0].name_a, "review-1");
    EXPECT_EQ(c.pairs[0].name_b, "review-2");
}

TEST(CompareRuns, AnInterruptedPhaseIsMarkedPartial) {
    auto a = make_run("a", {"idle", "cpu-1"}, 100);
    auto b = make_run("b", {"idle", "cpu-1"}, 110);
    b.info.phases[1].status = rundir::PhaseStatus::interrupted;
    const auto c = std::get<Comparison>(compare_runs({a, b}));
    ASSERT_EQ(c.pairs[0].rows.size(), 2u);
    EXPECT_FALSE(c.pairs[0].rows[0].partial);
    EXPECT_TRUE(c.pairs[0].rows[1].partial);
}

TEST(CompareRuns, NeedsTwoRuns) {
    const auto result = compare_runs({make_run("a", {"idle"}, 1)});
    EXPECT_EQ(std::get<std::string>(result), "compare needs at least two runs");
}

}  // namespace
}  // namespace wattbench::core::report
