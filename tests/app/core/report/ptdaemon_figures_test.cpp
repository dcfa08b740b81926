#include "app/core/report/ptdaemon_figures.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/report/report_content.hpp"

namespace wattbench::core::report {
namespace {

// The device's power row of a phase as phases.csv gives it (load and counts do not matter here).
PhaseRow power_row(const std::string& phase, const std::string& device, double mean) {
    PhaseRow r;
    r.mean = mean;
    r.unit = "W";
    r.channel = "power";
    r.device = device;
    r.phase = phase;
    r.coverage = 1.0;
    return r;
}

// Two phases, PTD summarised both windows (the second after a restart); settings as the
// ptdaemon driver writes them (drivers/ptdaemon/README.md).
RunData ptd_run() {
    const nlohmann::json settings = {
        {"ptd_model", "WT310"},           {"ptd_idle_mark", "idle"},
        {"ptd_idle_watts_avg", 71.62},    {"ptd_idle_watts_min", 70.9},
        {"ptd_idle_watts_max", 72.4},     {"ptd_idle_samples", 600},
        {"ptd_idle_errors", 0},           {"ptd_idle_valid", "Valid"},
        {"ptd_idle_uncertainty", 0.0021}, {"ptd_idle_uncertainty_invalid", 0},
        {"ptd_cpu_8_mark", "cpu-8"},      {"ptd_cpu_8_watts_avg", 163.5},
        {"ptd_cpu_8_samples", 590},       {"ptd_cpu_8_errors", 2},
        {"ptd_cpu_8_valid", "Invalid"},   {"ptd_cpu_8_restarted", true},
    };
    RunData run;
    run.info = nlohmann::json{{"phases",
                               {{{"name", "idle"}, {"load", "idle"}, {"status", "done"}},
                                {{"name", "cpu-8"}, {"load", "cpu"}, {"status", "done"}}}},
                              {"devices",
                               {{{"id", "ptd"}, {"driver", "ptdaemon"}, {"settings", settings}},
                                {{"id", "wattmeter"}, {"driver", "yokogawa-wt310"}}}}}
                   .get<rundir::Manifest>();
    run.rows = {power_row("idle", "ptd", 71.5), power_row("idle", "wattmeter", 71.4),
                power_row("cpu-8", "ptd", 163.1)};
    run.dir = "run";
    return run;
}

TEST(PtdaemonFigures, PtdsAnswersBesideWattbenchsMean) {
    const auto run = ptd_run();
    const auto phases = run_phases(run);
    const auto figures = ptdaemon_figures(run, phases);
    ASSERT_EQ(figures.size(), 2u);
    EXPECT_EQ(figures[0].phase->name, "idle");
    EXPECT_EQ(figures[0].device, "ptd");
    EXPECT_DOUBLE_EQ(*figures[0].watts, 71.62);
    EXPECT_DOUBLE_EQ(*figures[0].uncertainty, 0.0021);
    EXPECT_EQ(*figures[0].samples, 600);
    EXPECT_EQ(*figures[0].errors, 0);
    EXPECT_EQ(figures[0].valid, "Valid");
    EXPECT_DOUBLE_EQ(*figures[0].wattbench_mean, 71.5);  // the ptd device's, not the wattmeter's
    EXPECT_NEAR(*figures[0].difference, 0.12, 1e-9);
    EXPECT_NEAR(*figures[0].difference_percent, 0.12 / 71.5 * 100.0, 1e-9);
    EXPECT_FALSE(figures[0].restarted);
    EXPECT_EQ(figures[1].phase->name, "cpu-8");
    EXPECT_TRUE(figures[1].restarted);
    EXPECT_FALSE(figures[1].uncertainty);
    EXPECT_NEAR(*figures[1].difference, 0.4, 1e-9);
    EXPECT_EQ(ptd_key_prefix("CPU-8 (a,b)"), "ptd_cpu_8__a_b__");
}

TEST(PtdaemonFigures, EveryFormatShowsThem) {
    const auto content = report_content_from(ptd_run(), SamplesScan{});
    const std::string md = render_markdown(*content);
    EXPECT_NE(md.find("\n## SPEC PTDaemon\n"), std::string::npos) << md;
    EXPECT_NE(md.find("| idle "), std::string::npos);
    EXPECT_NE(md.find("71.62"), std::string::npos);
    EXPECT_NE(md.find("+0.12"), std::string::npos);
    EXPECT_NE(md.find("cpu-8 (restarted)"), std::string::npos) << md;
    const auto json = nlohmann::json::parse(render_json(*content));
    ASSERT_TRUE(json.contains("ptdaemon"));
    ASSERT_EQ(json["ptdaemon"].size(), 2u);
    EXPECT_EQ(json["ptdaemon"][0]["phase"], "idle");
    EXPECT_DOUBLE_EQ(json["ptdaemon"][0]["watts"].get<double>(), 71.62);
    EXPECT_EQ(json["ptdaemon"][0]["samples"], 600);
    EXPECT_TRUE(json["ptdaemon"][1]["uncertainty"].is_null());
    EXPECT_EQ(json["ptdaemon"][1]["restarted"], true);
    const std::string csv = render_csv(*content);
    EXPECT_NE(csv.find("PTDaemon mean [W] (ptd),71.62,163.50,\n"), std::string::npos) << csv;
    EXPECT_NE(csv.find("PTDaemon errors (ptd),0,2,\n"), std::string::npos) << csv;
}

TEST(PtdaemonFigures, NoPtdaemonDeviceNoSection) {
    auto run = ptd_run();
    run.info.devices.erase(run.info.devices.begin());
    const auto content = report_content_from(std::move(run), SamplesScan{});
    EXPECT_TRUE(content->ptdaemon.empty());
    EXPECT_EQ(render_markdown(*content).find("SPEC PTDaemon"), std::string::npos);
    EXPECT_FALSE(nlohmann::json::parse(render_json(*content)).contains("ptdaemon"));
    EXPECT_EQ(render_csv(*content).find("PTDaemon"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::core::report
