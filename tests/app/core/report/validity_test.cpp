#include "app/core/report/validity.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "app/core/report/performance.hpp"

namespace wattbench::core::report {
namespace {

PhaseRow row(std::string phase, std::string device, std::string channel, std::string unit,
             double mean, double coverage = 1.0, double uncertainty = std::nan("")) {
    PhaseRow r;
    r.phase = std::move(phase);
    r.load = "cpu";
    r.device = std::move(device);
    r.channel = std::move(channel);
    r.unit = std::move(unit);
    r.mean = mean;
    r.stddev = 1.0;
    r.samples = 100;
    r.coverage = coverage;
    r.uncertainty = uncertainty;
    return r;
}

RunData base_run() {
    RunData run;
    run.info = nlohmann::json::parse(R"({
      "run": {"uncertainty_limit": 0.01},
      "devices": [{"id": "wm", "state": "ok"}, {"id": "bmc", "state": "ok"}],
      "phases": [{"name": "idle", "load": "idle", "status": "done"},
                 {"name": "cpu-4", "load": "cpu", "workers": 4, "status": "done",
                  "target_cpu_util": 100, "achieved_cpu_util": 91.5}]})")
                   .get<rundir::Manifest>();
    run.rows.push_back(row("idle", "wm", "power", "W", 40.0, 1.0, 0.004));
    run.rows.push_back(row("idle", "bmc", "inlet_temp", "degC", 22.0));
    run.rows.push_back(row("cpu-4", "wm", "power", "W", 150.0, 1.0, 0.004));
    run.rows.push_back(row("cpu-4", "bmc", "inlet_temp", "degC", 23.0));
    return run;
}

const ValidityCheck* find(const PhaseValidity& p, std::string_view rule,
                          std::string_view channel = {}) {
    for (const auto& c : p.checks) {
        if (c.rule == rule && (channel.empty() || c.channel == channel)) {
            return &c;
        }
    }
    return nullptr;
}

TEST(ValidityLimits, ManifestEntryThenUncertaintyLimitThenDefaults) {
    EXPECT_DOUBLE_EQ(validity_limits(rundir::Manifest{}).max_uncertainty, 0.01);
    EXPECT_DOUBLE_EQ(validity_limits(rundir::Manifest{}).max_invalid_other, 0.02);
    const auto old = nlohmann::json::parse(R"({"run": {"uncertainty_limit": 0.02}})");
    EXPECT_DOUBLE_EQ(validity_limits(old.get<rundir::Manifest>()).max_uncertainty, 0.02);
    const auto now = nlohmann::json::parse(R"({"run": {"uncertainty_limit": 0.02,
      "validity": {"max_uncertainty": 0.005, "max_invalid_power": 0.001,
                   "max_invalid_other": 0.05, "min_ambient": 18, "ambient": "bmc/inlet_temp"}}})");
    const auto l = validity_limits(now.get<rundir::Manifest>());
    EXPECT_DOUBLE_EQ(l.max_uncertainty, 0.005);
    EXPECT_DOUBLE_EQ(l.max_invalid_power, 0.001);
    EXPECT_DOUBLE_EQ(l.max_invalid_other, 0.05);
    EXPECT_DOUBLE_EQ(l.min_ambient_c, 18.0);
    EXPECT_EQ(l.ambient, "bmc/inlet_temp");
}

TEST(JudgeRun, CleanRunIsValidAndListsThePassedRules) {
    const auto run = base_run();
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    EXPECT_EQ(v.verdict, Severity::ok);
    EXPECT_TRUE(v.reasons.empty());
    ASSERT_EQ(v.phases.size(), 2u);
    const auto* u = find(v.phases[1], "uncertainty", "wm/power");
    ASSERT_TRUE(u);
    EXPECT_EQ(u->severity, Severity::ok);
    EXPECT_EQ(u->detail, "uncertainty 0.4 % ≤ 1 %");
    ASSERT_TRUE(find(v.phases[1], "invalid_power", "wm/power"));
    ASSERT_TRUE(find(v.phases[1], "invalid_other", "bmc/inlet_temp"));
    EXPECT_EQ(severity_name(v.verdict), "valid");
}

TEST(JudgeRun, UncertaintyOverTheManifestLimitIsAnError) {
    auto run = base_run();
    run.rows[2].uncertainty = 0.014;
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    EXPECT_EQ(v.verdict, Severity::error);
    EXPECT_EQ(v.phases[0].verdict, Severity::ok);
    EXPECT_EQ(v.phases[1].verdict, Severity::error);
    ASSERT_EQ(v.reasons.size(), 1u);
    EXPECT_EQ(v.reasons[0], "cpu-4: uncertainty 1.4 % > 1 % (wm/power)");
    // The same run judged under a looser limit recorded with it passes.
    run.info.run.validity = rundir::Validity{.max_uncertainty = 0.02};
    EXPECT_EQ(judge_run(run, run_phases(run), SamplesScan{}).verdict, Severity::ok);
}

TEST(JudgeRun, InvalidReadingsFromTheScanAgainstTheirLimits) {
    const auto run = base_run();
    SamplesScan scan;
    // Power: 1 of 100 invalid is not "fewer than 1 %"; other: 1 of 100 is within 2 %.
    scan.windows.push_back({"cpu-4", "wm", "power", 100, 1, 0, {}});
    scan.windows.push_back({"cpu-4", "bmc", "inlet_temp", 100, 1, 0, {}});
    scan.windows.push_back({"idle", "wm", "power", 1000, 3, 2, {}});
    const auto v = judge_run(run, run_phases(run), scan);
    const auto* p = find(v.phases[1], "invalid_power");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->severity, Severity::error);
    EXPECT_EQ(p->detail, "invalid 1 % ≥ 1 % (1 of 100 readings)");
    EXPECT_EQ(find(v.phases[1], "invalid_other")->severity, Severity::ok);
    EXPECT_EQ(find(v.phases[0], "invalid_power")->severity, Severity::ok);
    const auto* over = find(v.phases[0], "overrange", "wm/power");
    ASSERT_TRUE(over);
    EXPECT_EQ(over->severity, Severity::error);
    EXPECT_EQ(over->detail, "2 overrange readings");
    EXPECT_EQ(v.verdict, Severity::error);
}

TEST(JudgeRun, OnlyWallPowerIsHeldToThePowerLimit) {
    auto run = base_run();
    run.rows.push_back(row("cpu-4", "bmc", "dcmi_power", "W", 140.0, 0.985));
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    // 1.5 % missing: over the power limit, within the 2 % of the other channels.
    const auto* c = find(v.phases[1], "invalid_other", "bmc/dcmi_power");
    ASSERT_TRUE(c);
    EXPECT_EQ(c->severity, Severity::ok);
    EXPECT_FALSE(find(v.phases[1], "uncertainty", "bmc/dcmi_power"));
    EXPECT_FALSE(find(v.phases[1], "invalid_power", "bmc/dcmi_power"));
}

// A Redfish BMC names its chassis power `power` in W, like a wattmeter; it is still the BMC's
// estimate: held to the other channels' limits, its declared accuracy shown but not judged, and
// never the wall power a score is divided by while a meter measured the wall.
RunData run_with_redfish_bmc() {
    auto run = base_run();
    rundir::Device bmc;
    bmc.id = "bmc";
    bmc.driver = "redfish";
    rundir::Device wm;
    wm.id = "wm";
    wm.driver = "yokogawa-wt310";
    run.info.devices = {bmc, wm};
    run.rows.push_back(row("cpu-4", "bmc", "power", "W", 140.0, 0.985, 0.05));
    return run;
}

TEST(JudgeRun, ARedfishBmcsPowerIsNotTheAnalyzersWallPower) {
    const auto run = run_with_redfish_bmc();
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    // 1.5 % of its readings missing only warns (a gap); 5 % accuracy is no error either.
    EXPECT_EQ(v.phases[1].verdict, Severity::warning);
    const auto* c = find(v.phases[1], "invalid_other", "bmc/power");
    ASSERT_TRUE(c);
    EXPECT_EQ(c->severity, Severity::ok);
    EXPECT_FALSE(find(v.phases[1], "invalid_power", "bmc/power"));
    EXPECT_FALSE(find(v.phases[1], "uncertainty", "bmc/power"));
    EXPECT_EQ(v.phases[1].uncertainty_channel, "wm/power");
}

TEST(WallPower, TheMeterIsChosenOverABmcListedFirstAndTheBmcOnlyWithoutOne) {
    auto run = run_with_redfish_bmc();
    const auto wall = wall_power_channel(run);
    ASSERT_TRUE(wall);
    EXPECT_EQ(wall->device, "wm");
    std::erase_if(run.rows, [](const PhaseRow& r) { return r.device == "wm"; });
    const auto bmc_only = wall_power_channel(run);
    ASSERT_TRUE(bmc_only);
    EXPECT_EQ(bmc_only->device, "bmc");
}

TEST(JudgeRun, CoverageStandsInForTheScanAndSmallGapsWarn) {
    auto run = base_run();
    run.rows[2].coverage = 0.995;  // power: 0.5 % missing, within 1 %
    run.rows[3].coverage = 0.95;   // other: 5 % missing, beyond 2 %
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    EXPECT_EQ(find(v.phases[1], "invalid_power")->severity, Severity::ok);
    const auto* gap = find(v.phases[1], "gaps", "wm/power");
    ASSERT_TRUE(gap);
    EXPECT_EQ(gap->severity, Severity::warning);
    const auto* other = find(v.phases[1], "invalid_other", "bmc/inlet_temp");
    EXPECT_EQ(other->severity, Severity::error);
    EXPECT_EQ(other->detail, "invalid 5 % ≥ 2 % (from coverage 95 %)");
    // Errors come before warnings in the reasons.
    ASSERT_EQ(v.reasons.size(), 2u);
    EXPECT_NE(v.reasons[0].find("invalid 5 %"), std::string::npos);
    EXPECT_NE(v.reasons[1].find("coverage 99.5 %"), std::string::npos);
}

TEST(JudgeRun, FlagsSplitIntoErrorsAndWarnings) {
    auto run = base_run();
    run.rows[2].flags = "load_short;range_change;uncertainty_high";
    run.rows[3].flags = "load_short;range_change";
    run.rows[0].flags = "not_idle;warmup_max;mystery";
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    EXPECT_EQ(v.phases[0].verdict, Severity::warning);
    EXPECT_EQ(find(v.phases[0], "not_idle")->severity, Severity::warning);
    EXPECT_EQ(find(v.phases[0], "warmup_max")->severity, Severity::warning);
    EXPECT_EQ(find(v.phases[0], "mystery")->severity, Severity::warning);
    const auto* short_load = find(v.phases[1], "load_short");
    ASSERT_TRUE(short_load);
    EXPECT_EQ(short_load->severity, Severity::error);
    EXPECT_EQ(short_load->detail, "load short: CPU 91.5 % of a target 100 %");
    EXPECT_EQ(find(v.phases[1], "range_change")->severity, Severity::error);
    // uncertainty_high is judged by the uncertainty rule under this run's limit (0.4 % passes).
    EXPECT_FALSE(find(v.phases[1], "uncertainty_high"));
    EXPECT_EQ(std::count_if(v.phases[1].checks.begin(), v.phases[1].checks.end(),
                            [](const auto& c) { return c.rule == "load_short"; }),
              1);
    run.info.run.validity = rundir::Validity{.extra = {{"load_short_is_error", false}}};
    run.rows[2].flags = run.rows[3].flags = "load_short";
    EXPECT_EQ(judge_run(run, run_phases(run), SamplesScan{}).phases[1].verdict, Severity::warning);
}

// A network meter's repeated values and a counter that went backwards leave the figures
// publishable: warnings that say what happened, not errors.
TEST(JudgeRun, StaleAndCounterResetAreWarningsThatSayWhy) {
    auto run = base_run();
    run.rows[0].flags = run.rows[1].flags = "stale";
    run.rows[2].flags = run.rows[3].flags = "energy_counter_reset;counter_reset";
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    const auto* stale = find(v.phases[0], "stale");
    ASSERT_TRUE(stale);
    EXPECT_EQ(stale->severity, Severity::warning);
    EXPECT_NE(stale->detail.find("did not change for more than twice its observed update interval"),
              std::string::npos)
        << stale->detail;
    EXPECT_NE(stale->detail.find("the figures stand"), std::string::npos);
    for (const char* f : {"energy_counter_reset", "counter_reset"}) {
        const auto* reset = find(v.phases[1], f);
        ASSERT_TRUE(reset) << f;
        EXPECT_EQ(reset->severity, Severity::warning);
        EXPECT_NE(reset->detail.find("energy counter went backwards"), std::string::npos);
    }
    EXPECT_NE(v.phases[0].verdict, Severity::error);
    EXPECT_NE(v.phases[1].verdict, Severity::error);
}

TEST(JudgeRun, InterruptedAndUnmeasuredPhasesAreErrors) {
    auto run = base_run();
    run.info.phases[1].status = rundir::PhaseStatus::interrupted;
    run.info.phases.push_back(
        {.name = "cpu-8", .load = "cpu", .status = rundir::PhaseStatus::pending});
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    ASSERT_EQ(v.phases.size(), 3u);
    EXPECT_EQ(find(v.phases[1], "interrupted")->severity, Severity::error);
    EXPECT_EQ(find(v.phases[2], "interrupted")->detail, "not measured (status pending)");
    EXPECT_EQ(v.verdict, Severity::error);
}

TEST(JudgeRun, AmbientBelowItsMinimum) {
    auto run = base_run();
    run.info.run.validity = rundir::Validity{.min_ambient = 22.5, .ambient = "bmc/inlet_temp"};
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    EXPECT_EQ(find(v.phases[0], "ambient")->severity, Severity::error);
    EXPECT_EQ(find(v.phases[0], "ambient")->detail, "ambient 22 °C < 22.5 °C");
    EXPECT_EQ(find(v.phases[1], "ambient")->severity, Severity::ok);
    run.info.run.validity->ambient = "bmc/exhaust_temp";
    EXPECT_EQ(find(judge_run(run, run_phases(run), SamplesScan{}).phases[0], "ambient")->severity,
              Severity::warning);
}

TEST(JudgeRun, PowerWithoutDeclaredAccuracyWarnsAndBackgroundSkipsIt) {
    auto run = base_run();
    run.rows[0].uncertainty = std::nan("");
    auto v = judge_run(run, run_phases(run), SamplesScan{});
    EXPECT_EQ(find(v.phases[0], "uncertainty")->severity, Severity::warning);
    run.info.phases[0].background = true;
    run.rows[0].uncertainty = std::numeric_limits<double>::infinity();
    v = judge_run(run, run_phases(run), SamplesScan{});
    EXPECT_FALSE(find(v.phases[0], "uncertainty"));
}

TEST(JudgeRun, FailedDeviceWarnsInsteadOfFailingEveryPhase) {
    auto run = base_run();
    run.info.devices[1].state = rundir::DeviceState::failed;
    run.rows[1].coverage = run.rows[3].coverage = 0.0;
    run.rows[1].samples = run.rows[3].samples = 0;
    const auto v = judge_run(run, run_phases(run), SamplesScan{});
    EXPECT_EQ(v.verdict, Severity::warning);
    EXPECT_EQ(find(v.phases[0], "coverage", "bmc")->detail,
              "device bmc failed to open: not measured");
}

}  // namespace
}  // namespace wattbench::core::report
