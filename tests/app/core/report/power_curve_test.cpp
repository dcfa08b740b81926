#include "app/core/report/power_curve.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "app/core/report/mean_uncertainty.hpp"
#include "app/core/report/student_t.hpp"

namespace wattbench::core::report {
namespace {

std::vector<CurvePoint> curve(const std::vector<double>& workers, auto&& watts,
                              double noise_sd = 0.0, unsigned seed = 1) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0.0, noise_sd);
    std::vector<CurvePoint> out;
    for (double w : workers) {
        CurvePoint p;
        p.workers = w;
        p.power_w = watts(w) + (noise_sd > 0.0 ? noise(rng) : 0.0);
        p.error_w = 1.96 * noise_sd;
        out.push_back(p);
    }
    return out;
}

const std::vector<double> kWorkers = {0, 1, 2, 3, 4, 5, 6, 7, 8};

TEST(StudentT, MatchesTableValues) {
    EXPECT_NEAR(t_quantile(0.975, 10), 2.228, 5e-4);
    EXPECT_NEAR(t_quantile(0.975, 1), 12.706, 5e-4);
    EXPECT_NEAR(t_quantile(0.975, 2), 4.303, 5e-4);
    EXPECT_NEAR(t_quantile(0.975, 30), 2.042, 5e-4);
    EXPECT_NEAR(t_quantile(0.995, 5), 4.032, 5e-4);
    EXPECT_NEAR(t_quantile(0.95, 20), 1.725, 5e-4);
    EXPECT_NEAR(t_quantile(0.975, std::numeric_limits<double>::infinity()), 1.960, 5e-4);
    EXPECT_NEAR(t_quantile(0.975, 1e9), 1.95996, 1e-5);
    EXPECT_NEAR(t_quantile(0.025, 10), -2.228, 5e-4);
    EXPECT_DOUBLE_EQ(t_quantile(0.5, 3), 0.0);
    // Fractional degrees of freedom lie between their integer neighbours.
    EXPECT_GT(t_quantile(0.975, 9.5), t_quantile(0.975, 10));
    EXPECT_LT(t_quantile(0.975, 9.5), t_quantile(0.975, 9));
    EXPECT_TRUE(std::isnan(t_quantile(1.0, 3)));
}

TEST(MeanUncertainty, RecordedUncertaintyAlreadyHoldsTheStandardError) {
    // stddev 2 W over 100 readings: standard error 0.2 W. A recorded 0.5 % of 100 W = 0.5 W
    // holds it already, so the meter's part is sqrt(0.25 - 0.04) and the total stays 0.5 W.
    const auto u = mean_uncertainty(100.0, 2.0, 100, 0.005);
    EXPECT_NEAR(u.statistical, 0.2, 1e-12);
    EXPECT_NEAR(u.meter, std::sqrt(0.21), 1e-12);
    EXPECT_NEAR(u.combined(), 0.5, 1e-12);
    EXPECT_EQ(u.dof, 99.0);
    EXPECT_FALSE(mean_uncertainty(100.0, std::nan(""), 1, std::nan("")).known);
}

TEST(FindKnee, StraightLineHasNone) {
    const auto pts = curve(kWorkers, [](double w) { return 50.0 + 28.8 * w; });
    EXPECT_FALSE(find_knee(pts, std::nullopt));
}

TEST(FindKnee, LinearThenFlatIsFoundAtTheBend) {
    const auto pts = curve(kWorkers, [](double w) { return 50.0 + 30.0 * std::min(w, 4.0); });
    const auto knee = find_knee(pts, std::nullopt);
    ASSERT_TRUE(knee);
    EXPECT_FALSE(knee->from_topology);
    EXPECT_DOUBLE_EQ(knee->cores, 4.0);
    EXPECT_NEAR(knee->per_core_w, 30.0, 1e-9);
    ASSERT_TRUE(knee->per_thread_w);
    EXPECT_NEAR(*knee->per_thread_w, 0.0, 1e-9);
}

TEST(FindKnee, NoisyLineHasNoneWhateverTheNoise) {
    for (unsigned seed = 1; seed <= 50; ++seed) {
        const auto pts = curve(
            kWorkers, [](double w) { return 50.0 + 28.8 * w; }, 1.5, seed);
        EXPECT_FALSE(find_knee(pts, std::nullopt)) << "seed " << seed;
    }
}

TEST(FindKnee, NoisyKneeIsFound) {
    for (unsigned seed = 1; seed <= 50; ++seed) {
        const auto pts = curve(
            kWorkers,
            [](double w) { return 50.0 + 28.8 * std::min(w, 4.0) + 4.5 * std::max(0.0, w - 4.0); },
            1.5, seed);
        const auto knee = find_knee(pts, std::nullopt);
        ASSERT_TRUE(knee) << "seed " << seed;
        EXPECT_DOUBLE_EQ(knee->cores, 4.0) << "seed " << seed;
        EXPECT_NEAR(knee->per_core_w, 28.8, 2.0);
        EXPECT_NEAR(*knee->per_thread_w, 4.5, 2.0);
    }
}

TEST(FindKnee, TopologyPlacesTheKneeEvenOnAStraightLine) {
    const auto pts = curve(kWorkers, [](double w) { return 50.0 + 20.0 * w; });
    const auto knee = find_knee(pts, 4.0);
    ASSERT_TRUE(knee);
    EXPECT_TRUE(knee->from_topology);
    EXPECT_DOUBLE_EQ(knee->cores, 4.0);
    EXPECT_NEAR(knee->per_core_w, 20.0, 1e-9);
    EXPECT_NEAR(*knee->per_thread_w, 20.0, 1e-9);
}

TEST(FindKnee, TopologyNeedsPointsOnBothSides) {
    const auto pts = curve({0, 1, 2, 4}, [](double w) { return 50.0 + 20.0 * w; });
    EXPECT_FALSE(find_knee(pts, 4.0));
}

RunData smt_run(bool smt) {
    RunData run;
    auto manifest = nlohmann::json::parse(R"({
      "host": {"logical_cpus": 8, "physical_cores": 4},
      "devices": [{"id": "wm", "channels": [{"name": "power", "unit": "W"}]}],
      "phases": [
        {"name": "idle", "load": "idle", "status": "done"},
        {"name": "cpu-1", "load": "cpu", "workers": 1, "status": "done"},
        {"name": "cpu-2", "load": "cpu", "workers": 2, "status": "done"},
        {"name": "cpu-4", "load": "cpu", "workers": 4, "status": "done"},
        {"name": "cpu-4h", "load": "cpu", "workers": 4, "intensity": 50, "status": "done"},
        {"name": "cpu-6", "load": "cpu", "workers": 6, "status": "done"},
        {"name": "cpu-8", "load": "cpu", "workers": 8, "status": "done"},
        {"name": "cpu-9", "load": "cpu", "workers": 9, "status": "interrupted"}
      ]})");
    if (!smt) {
        manifest["host"]["logical_cpus"] = 4;
    }
    const std::vector<std::pair<std::string, double>> means = {
        {"idle", 40.0},   {"cpu-1", 68.8},  {"cpu-2", 97.6},  {"cpu-4", 155.2},
        {"cpu-4h", 90.0}, {"cpu-6", 164.2}, {"cpu-8", 173.2}, {"cpu-9", 500.0}};
    for (const auto& [phase, mean] : means) {
        PhaseRow r;
        r.phase = phase;
        r.load = phase == "idle" ? "idle" : "cpu";
        r.device = "wm";
        r.channel = "power";
        r.unit = "W";
        r.mean = mean;
        r.stddev = 1.0;
        r.samples = 100;
        r.coverage = 1.0;
        r.uncertainty = 0.004;
        run.rows.push_back(r);
    }
    run.info = manifest.get<rundir::Manifest>();
    return run;
}

TEST(PowerCurve, KneeFromTopologyAndTheSentence) {
    const auto run = smt_run(true);
    const auto c = power_curve(run, run_phases(run));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->device, "wm");
    ASSERT_EQ(c->points.size(), 6u);  // no half-intensity, no interrupted point
    EXPECT_EQ(c->points[0].phase, "idle");
    EXPECT_EQ(c->points[0].workers, 0.0);
    EXPECT_EQ(c->points[3].phase, "cpu-4");
    ASSERT_EQ(c->marginal_w.size(), 5u);
    EXPECT_NEAR(c->marginal_w[2], 28.8, 1e-9);  // (155.2 - 97.6) / 2
    EXPECT_NEAR(c->marginal_w[3], 4.5, 1e-9);
    ASSERT_TRUE(c->knee);
    EXPECT_TRUE(c->knee->from_topology);
    EXPECT_EQ(c->sentence, "+28.8 W per core up to 4 cores, then +4.5 W per thread");
    // Error bar: u = 0.4 % of the mean (it holds the standard error 0.1 W); the window's part
    // has 99 degrees of freedom, so Welch-Satterthwaite gives a large dof: t close to 1.96.
    const double u = 0.004 * 155.2;
    const double u_stat = 0.1;
    const double dof = std::pow(u, 4) / (std::pow(u_stat, 4) / 99.0);
    EXPECT_NEAR(c->points[3].error_w, t_quantile(0.975, dof) * u, 1e-9);
}

TEST(PowerCurve, WithoutSmtTheShapeDecides) {
    const auto run = smt_run(false);
    const auto c = power_curve(run, run_phases(run));
    ASSERT_TRUE(c);
    ASSERT_TRUE(c->knee);
    EXPECT_FALSE(c->knee->from_topology);
    EXPECT_EQ(c->sentence, "+28.8 W per busy CPU up to 4 CPUs, then +4.5 W per busy CPU");
}

TEST(PowerCurve, StraightLineSentence) {
    RunData run = smt_run(false);
    for (auto& r : run.rows) {
        const double w = r.phase == "idle" ? 0 : std::stod(r.phase.substr(4, 1));
        r.mean = 40.0 + 28.8 * w;
    }
    const auto c = power_curve(run, run_phases(run));
    ASSERT_TRUE(c);
    EXPECT_FALSE(c->knee);
    EXPECT_EQ(c->sentence, "+28.8 W per busy CPU");
}

TEST(PowerCurve, NeedsTwoPointsAndAWallChannel) {
    RunData run = smt_run(true);
    run.rows.resize(1);
    EXPECT_FALSE(power_curve(run, run_phases(run)));
    RunData no_wall = smt_run(true);
    for (auto& r : no_wall.rows) {
        r.channel = "dcmi_power";
    }
    no_wall.info.devices[0].channels[0].name = "dcmi_power";
    EXPECT_FALSE(power_curve(no_wall, run_phases(no_wall)));
}

TEST(PowerCurve, RemoteTargetFactsGiveTheTopology) {
    RunData run = smt_run(false);  // the local host has no SMT ...
    run.info.target = rundir::Target{.facts = {{"logical_cpus", "8"}, {"physical_cores", "4"}}};
    const auto c = power_curve(run, run_phases(run));
    ASSERT_TRUE(c && c->knee);
    EXPECT_TRUE(c->knee->from_topology);  // ... the target, where the loads ran, has
}

}  // namespace
}  // namespace wattbench::core::report
