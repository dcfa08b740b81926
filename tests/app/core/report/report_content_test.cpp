#include "app/core/report/report_content.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <unistd.h>

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

}  // namespace
}  // namespace wattbench::core::report
