#include "app/core/report/report_content.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include <unistd.h>
#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"

namespace wattbench::core::report {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPhases =
    "phase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,end\n"
    "idle,idle,bmc,cpu_temp,state,,,,,2,1.0,2026-11-29T10:00:00.000Z,2026-11-29T10:00:02.000Z\n"
    "idle,idle,wm,power,W,70,70,70,0,2,1.0,2026-11-29T10:00:00.000Z,2026-11-29T10:00:02.000Z\n";
constexpr std::string_view kSamplesHeader =
    "time,elapsed_s,phase,stage,device,channel,value,unit,status\n";

class ReportContentTest : public ::testing::Test {
protected:
    void SetUp() override {
        static int counter = 0;
        dir_ = fs::temp_directory_path() / ("wattbench-content-test-" + std::to_string(::getpid()) +
                                            "-" + std::to_string(counter++));
        fs::create_directories(dir_);
        write("manifest.json", R"({"run": {"name": "t", "status": "completed"},
            "phases": [{"name": "idle", "load": "idle", "status": "done"}]})");
        write("phases.csv", kPhases);
    }
    void TearDown() override { fs::remove_all(dir_); }

    void write(const std::string& name, std::string_view text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }

    fs::path dir_;
};

TEST_F(ReportContentTest, DiscreteStatesComeFromTheOneScan) {
    write("samples.csv", std::string(kSamplesHeader) +
                             "2026-11-29T10:00:00.500Z,0.5,idle,window,bmc,cpu_temp,Low,state,ok\n"
                             "2026-11-29T10:00:01.500Z,1.5,idle,window,bmc,cpu_temp,Warm,state,ok\n"
                             "2026-11-29T10:00:01.700Z,1.7,idle,window,bmc,cpu_temp,Warm,state,ok\n"
                             "2026-11-29T10:00:00.500Z,0.5,idle,window,wm,power,70,W,ok\n");
    auto built = build_report_content(dir_.string());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<ReportContent>>(built))
        << std::get<std::string>(built);
    const auto& content = *std::get<std::unique_ptr<ReportContent>>(built);
    const PhaseRow& state = content.run.rows[0];
    ASSERT_EQ(state.channel, "cpu_temp");
    const std::vector<std::pair<std::string, std::uint64_t>> expected{{"Warm", 2}, {"Low", 1}};
    EXPECT_EQ(state.states, expected);
    EXPECT_TRUE(content.run.rows[1].states.empty());
    ASSERT_EQ(content.phases.size(), 1U);
    ASSERT_EQ(content.summary.columns.size(), 1U);
    EXPECT_EQ(content.summary.columns[0], &content.phases[0]);
    EXPECT_EQ(content.samples.rows, 4U);
}

TEST_F(ReportContentTest, WithoutSamplesCsvTheReportStillComesOut) {
    auto built = build_report_content(dir_.string());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<ReportContent>>(built))
        << std::get<std::string>(built);
    EXPECT_EQ(std::get<std::unique_ptr<ReportContent>>(built)->samples.rows, 0U);
}

TEST_F(ReportContentTest, ABadSamplesRowIsAnErrorNamingFileAndLine) {
    write("samples.csv", std::string(kSamplesHeader) +
                             "2026-11-29T10:00:00.500Z,0.5,idle,window,wm,power,x1,W,ok\n");
    auto built = build_report_content(dir_.string());
    ASSERT_TRUE(std::holds_alternative<std::string>(built));
    EXPECT_NE(std::get<std::string>(built).find("samples.csv:2"), std::string::npos)
        << std::get<std::string>(built);
}

TEST_F(ReportContentTest, AMissingRunDirectoryIsNamed) {
    auto built = build_report_content((dir_ / "nope").string());
    ASSERT_TRUE(std::holds_alternative<std::string>(built));
    EXPECT_NE(std::get<std::string>(built).find("nope: no such directory"), std::string::npos);
}

TEST_F(ReportContentTest, ThresholdLinesFromTheChannelTables) {
    write("manifest.json", R"({"run": {"name": "t"}, "devices": [{"id": "bmc", "channels": [
        {"name": "cpu_temp", "unit": "degC",
         "thresholds": {"lnr": null, "lc": null, "lnc": null, "unc": 85, "uc": 95, "unr": null}}]}]})");
    auto built = build_report_content(dir_.string());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<ReportContent>>(built));
    const auto& lines = std::get<std::unique_ptr<ReportContent>>(built)->thresholds;
    ASSERT_EQ(lines.size(), 2U);
    EXPECT_EQ(lines[0].label, "upper non-critical");
    EXPECT_EQ(lines[0].value, 85.0);
    EXPECT_EQ(lines[1].label, "upper critical");
    EXPECT_EQ(lines[1].channel, "cpu_temp");
}

PhaseRow power_row(const std::string& phase, const std::string& device, double mean,
                   double uncertainty) {
    PhaseRow row;
    row.phase = phase;
    row.load = "idle";
    row.device = device;
    row.channel = "power";
    row.unit = "W";
    row.mean = mean;
    row.samples = 10;
    row.coverage = 1.0;
    row.uncertainty = uncertainty;
    return row;
}

// The uncertainty every format shows beside a phase's verdict is the one the verdict was judged
// by: the largest of the channels the rule checked, not the wall meter's alone (the CSV showed
// only that one, the Markdown the wall meter's when it had one).
TEST(ReportContentFigures, EveryFormatShowsTheUncertaintyTheVerdictUsed) {
    RunData run;
    run.info = nlohmann::json::parse(R"({
        "run": {"name": "u", "status": "completed"},
        "devices": [{"id": "wm", "channels": [{"name": "power", "unit": "W"}]},
                    {"id": "pdu", "channels": [{"name": "power", "unit": "W"}]}],
        "phases": [{"name": "idle", "load": "idle", "status": "done"}]})")
                   .get<rundir::Manifest>();
    run.rows = {power_row("idle", "wm", 70.0, 0.004), power_row("idle", "pdu", 70.0, 0.015)};
    const auto content = report_content_from(std::move(run), SamplesScan{});
    ASSERT_EQ(content->validity.phases.size(), 1U);
    const auto& judged = content->validity.phases[0];
    EXPECT_EQ(judged.verdict, Severity::error);
    ASSERT_TRUE(judged.uncertainty.has_value());
    EXPECT_DOUBLE_EQ(*judged.uncertainty, 0.015);
    EXPECT_EQ(judged.uncertainty_channel, "pdu/power");

    const std::string markdown = render_markdown(*content);
    EXPECT_NE(markdown.find("| idle  | invalid |  100.0 % |      1.50 % |"), std::string::npos)
        << markdown;
    EXPECT_EQ(markdown.find("0.40 %"), std::string::npos) << markdown;
    EXPECT_NE(render_csv(*content).find("\nUncertainty [%] (highest channel),1.50,\n"),
              std::string::npos)
        << render_csv(*content);
    const auto json = nlohmann::json::parse(render_json(*content));
    EXPECT_DOUBLE_EQ(json["validity"]["phases"][0]["uncertainty"].get<double>(), 0.015);
    EXPECT_EQ(json["validity"]["phases"][0]["uncertainty_channel"], "pdu/power");
}

// A machine-off phase is not held to the uncertainty limit, so it shows no uncertainty.
TEST(ReportContentFigures, AMachineOffPhaseShowsNoUncertainty) {
    RunData run;
    run.info = nlohmann::json::parse(R"({
        "run": {"name": "u", "status": "completed"},
        "devices": [{"id": "wm", "channels": [{"name": "power", "unit": "W"}]}],
        "phases": [{"name": "room", "load": "idle", "status": "done", "background": true}]})")
                   .get<rundir::Manifest>();
    run.rows = {power_row("room", "wm", 0.5, 0.2)};
    const auto content = report_content_from(std::move(run), SamplesScan{});
    ASSERT_EQ(content->validity.phases.size(), 1U);
    EXPECT_FALSE(content->validity.phases[0].uncertainty.has_value());
    EXPECT_NE(render_csv(*content).find("\nUncertainty [%] (highest channel),,\n"),
              std::string::npos)
        << render_csv(*content);
}

}  // namespace
}  // namespace wattbench::core::report
