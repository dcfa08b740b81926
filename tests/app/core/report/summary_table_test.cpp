#include "app/core/report/summary_table.hpp"

#include <gtest/gtest.h>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/run_phases.hpp"

namespace wattbench::core::report {
namespace {

PhaseRow make_row(std::string phase, std::string device, std::string channel, std::string unit,
                  std::optional<double> mean, std::uint64_t samples = 10) {
    PhaseRow r;
    r.phase = std::move(phase);
    r.load = "cpu";
    r.device = std::move(device);
    r.channel = std::move(channel);
    r.unit = std::move(unit);
    r.mean = mean;
    r.samples = samples;
    r.coverage = samples > 0 ? 1.0 : 0.0;
    return r;
}

RunData make_run() {
    RunData run;
    run.info = nlohmann::json::parse(R"({
      "devices": [
        {"id": "bmc", "channels": [
          {"name": "fan_1", "quantity": "fan", "unit": "RPM"},
          {"name": "cpu_temp", "quantity": "state", "unit": "state"},
          {"name": "system_temp", "quantity": "temperature", "unit": "degC"}
        ]},
        {"id": "wm", "channels": [{"name": "power", "quantity": "power", "unit": "W"}]}
      ],
      "phases": [
        {"name": "idle", "status": "done"},
        {"name": "cpu-1", "status": "interrupted"},
        {"name": "cpu-2", "status": "pending"}
      ]
    })")
                   .get<rundir::Manifest>();
    // Rows deliberately out of the review's order; channels the manifest lacks come last.
    run.rows = {
        make_row("cpu-1", "bmc", "fan_1", "RPM", 3361.7),
        make_row("cpu-1", "bmc", "cpu_temp", "state", std::nullopt),
        make_row("cpu-1", "wm", "power", "W", 100.34),
        make_row("cpu-1", "ext", "power", "W", 12.0),
        make_row("cpu-1", "wm", "current", "A", 0.5),
        make_row("idle", "bmc", "system_temp", "degC", std::nullopt, 0),
        make_row("idle", "bmc", "cpu_temp", "state", std::nullopt, 0),
        make_row("idle", "wm", "power", "W", 71.52),
        make_row("extra", "wm", "power", "W", 80.0),
    };
    return run;
}

TEST(SummaryTable, OrdersPhasesByManifestAndDropsUnmeasuredOnes) {
    const RunData run = make_run();
    const auto phases = run_phases(run);
    ASSERT_EQ(phases.size(), 4u);
    EXPECT_EQ(phases[3].name, "extra");
    EXPECT_EQ(phases[3].status, "");

    const auto table = build_summary(run, phases);
    ASSERT_EQ(table.columns.size(), 3u);
    EXPECT_EQ(table.columns[0]->title(), "idle");
    EXPECT_EQ(table.columns[1]->title(), "cpu-1 (interrupted)");
    EXPECT_EQ(table.columns[2]->title(), "extra");
}

TEST(SummaryTable, RowsFollowTheReviewOrderThenTheManifestOrder) {
    const RunData run = make_run();
    const auto phases = run_phases(run);
    const auto table = build_summary(run, phases);
    std::vector<std::string> labels;
    for (const auto& r : table.rows) {
        labels.push_back(r.label);
    }
    EXPECT_EQ(labels, (std::vector<std::string>{
                          "Power [W] (wm/power)",
                          "Power [W] (ext/power)",
                          "Temperature [°C] (bmc/system_temp)",
                          "Fan [RPM] (bmc/fan_1)",
                          "State (bmc/cpu_temp)",
                      }));
}

TEST(SummaryTable, CellsTellNoDataFromNotNumeric) {
    const RunData run = make_run();
    const auto phases = run_phases(run);
    const auto table = build_summary(run, phases);
    const auto& power = table.rows[0].cells;
    EXPECT_EQ(power[0].kind, CellKind::number);
    EXPECT_EQ(power[0].text, "71.5");
    EXPECT_EQ(power[1].text, "100.3");
    const auto& fan = table.rows[3].cells;
    EXPECT_EQ(fan[0].kind, CellKind::no_data);  // no row for the phase at all
    EXPECT_EQ(fan[1].text, "3362");
    const auto& state = table.rows[4].cells;
    EXPECT_EQ(state[0].kind, CellKind::no_data);  // no valid reading
    EXPECT_EQ(state[1].kind, CellKind::not_numeric);
}

TEST(SummaryTable, CsvHasPlainPhaseNamesAndEmptyCellsWithoutNumbers) {
    EXPECT_EQ(render_csv(make_run()),
              "quantity,idle,cpu-1,extra,limits\n"
              "Power [W] (wm/power),71.5,100.3,80.0,\n"
              "Power [W] (ext/power),,12.0,,\n"
              "Temperature [°C] (bmc/system_temp),,,,\n"
              "Fan [RPM] (bmc/fan_1),,3362,,\n"
              "State (bmc/cpu_temp),,,,\n");
}

TEST(SummaryTable, CsvQuotesWhatNeedsIt) {
    RunData run;
    run.rows = {make_row("idle, quiet", "wm", "power", "W", 70.0)};
    EXPECT_EQ(render_csv(run),
              "quantity,\"idle, quiet\",limits\n"
              "Power [W] (wm/power),70.0,\n");
}

// The review's rows: power ± its uncertainty, energy in the window, limits beside the channel.
RunData make_review_run() {
    RunData run;
    run.info = nlohmann::json::parse(R"({
      "devices": [
        {"id": "wm", "channels": [{"name": "power", "quantity": "power", "unit": "W"}]},
        {"id": "bmc", "channels": [
          {"name": "cpu_temp", "quantity": "temperature", "unit": "degC",
           "thresholds": {"lnr": 5, "lc": null, "lnc": null, "unc": 85, "uc": 95, "unr": null}},
          {"name": "fan_1", "quantity": "fan", "unit": "RPM",
           "thresholds": {"lnr": 300, "lc": 500, "lnc": null, "unc": null, "uc": 9000, "unr": null}}
        ]}
      ],
      "phases": [{"name": "idle", "status": "done", "window_start": "2026-11-29T10:00:00.000Z",
                  "window_end": "2026-11-29T10:10:00.000Z"}]
    })")
                   .get<rundir::Manifest>();
    auto power = make_row("idle", "wm", "power", "W", 113.4);
    power.uncertainty = 0.004;  // 0.45 W
    run.rows = {power, make_row("idle", "bmc", "cpu_temp", "degC", 40.0),
                make_row("idle", "bmc", "fan_1", "RPM", 2000.0)};
    return run;
}

TEST(SummaryTable, ReviewRowsCarryUncertaintyEnergyAndLimits) {
    const RunData run = make_review_run();
    const auto phases = run_phases(run);
    auto table = build_summary(run, phases);
    add_review_rows(table, run, phases);
    ASSERT_EQ(table.rows.size(), 4U);
    EXPECT_EQ(table.rows[0].key, "power:wm/power");
    EXPECT_EQ(table.rows[0].cells[0].text, "113.4");
    EXPECT_EQ(table.rows[0].cells[0].uncertainty, "0.5");
    EXPECT_NEAR(*table.rows[0].cells[0].uncertainty_value, 0.4536, 1e-9);
    // 113.4 W for 10 minutes.
    EXPECT_EQ(table.rows[1].key, "energy:wm/power");
    EXPECT_NEAR(*table.rows[1].cells[0].value, 18.9, 1e-9);
    EXPECT_EQ(table.rows[1].cells[0].text, "18.90");
    // A temperature shows its ceilings, a fan its floors.
    EXPECT_EQ(table.rows[2].limits, "UNC 85.0 · UC 95.0");
    EXPECT_EQ(table.rows[3].limits, "LNR 300 · LC 500");
}

TEST(SummaryTable, CsvGivesTheUncertaintyItsOwnRow) {
    EXPECT_EQ(render_csv(make_review_run()),
              "quantity,idle,limits\n"
              "Power [W] (wm/power),113.4,\n"
              "Uncertainty ± of Power [W] (wm/power),0.5,\n"
              "\"Energy in window [Wh] (mean power × window length, wm/power)\",18.90,\n"
              "Temperature [°C] (bmc/cpu_temp),40.0,UNC 85.0 · UC 95.0\n"
              "Fan [RPM] (bmc/fan_1),2000,LNR 300 · LC 500\n");
}

}  // namespace
}  // namespace wattbench::core::report
