#include "app/core/report/run_data.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <unistd.h>

namespace wattbench::core::report {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kHeader =
    "phase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,end\n";
constexpr std::string_view kStart = "2026-11-29T19:55:40.000Z";
constexpr std::string_view kEnd = "2026-11-29T20:05:40.000Z";
constexpr std::string_view kManifest = R"({"run": {"name": "t", "status": "completed"}})";

std::string row(std::string_view body) {
    return std::string(body) + "," + std::string(kStart) + "," + std::string(kEnd) + "\n";
}

class RunDataTest : public ::testing::Test {
protected:
    void SetUp() override {
        static int counter = 0;
        dir_ = fs::temp_directory_path() / ("wattbench-report-test-" + std::to_string(::getpid()) +
                                            "-" + std::to_string(counter++));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    void write(const std::string& name, std::string_view text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }

    std::string load_error() {
        auto result = load_run(dir_.string());
        EXPECT_TRUE(std::holds_alternative<std::string>(result));
        return std::holds_alternative<std::string>(result) ? std::get<std::string>(result) : "";
    }

    RunData load_ok() {
        auto result = load_run(dir_.string());
        if (const auto* error = std::get_if<std::string>(&result)) {
            ADD_FAILURE() << *error;
            return {};
        }
        return std::get<RunData>(result);
    }

    std::string path(std::string_view file) const { return (dir_ / file).string(); }

    fs::path dir_;
};

TEST_F(RunDataTest, MissingDirectoryIsNamed) {
    const auto result = load_run(path("nope"));
    ASSERT_TRUE(std::holds_alternative<std::string>(result));
    EXPECT_EQ(std::get<std::string>(result), path("nope") + ": no such directory");
}

TEST_F(RunDataTest, MissingManifestNamesItsPath) {
    write("phases.csv", kHeader);
    EXPECT_EQ(load_error(), path("manifest.json") + ": no such file");
}

TEST_F(RunDataTest, MalformedManifestNamesTheLine) {
    write("manifest.json", "{\n  \"run\": {\n    \"name\": oops\n  }\n}\n");
    write("phases.csv", kHeader);
    const std::string error = load_error();
    EXPECT_EQ(error.rfind(path("manifest.json") + ":3: syntax error", 0), 0u) << error;
}

TEST_F(RunDataTest, ManifestMustBeAnObjectWithArraysWhereArraysBelong) {
    write("phases.csv", kHeader);
    write("manifest.json", "[1, 2]");
    EXPECT_EQ(load_error(), path("manifest.json") + ": not a JSON object");
    write("manifest.json", R"({"phases": {"name": "idle"}})");
    EXPECT_EQ(load_error(), path("manifest.json") + ": 'phases' is not an array");
}

TEST_F(RunDataTest, MissingPhasesCsvNamesItsPath) {
    write("manifest.json", kManifest);
    EXPECT_EQ(load_error(), path("phases.csv") + ": no such file");
}

TEST_F(RunDataTest, HeaderOnlyIsARunWithoutResults) {
    write("manifest.json", kManifest);
    write("phases.csv", kHeader);
    const RunData run = load_ok();
    EXPECT_TRUE(run.rows.empty());
    EXPECT_EQ(run.info.run.name, "t");
    EXPECT_EQ(run.dir, dir_.string());
}

TEST_F(RunDataTest, EmptyPhasesCsvIsAnError) {
    write("manifest.json", kManifest);
    write("phases.csv", "");
    EXPECT_EQ(load_error(), path("phases.csv") + ":1: empty file, expected the header");
}

TEST_F(RunDataTest, HeaderMustNameEveryColumn) {
    write("manifest.json", kManifest);
    write("phases.csv",
          "phase,load,device,channel,unit,mean,min,max,std,samples,coverage,start,end\n");
    EXPECT_EQ(load_error(), path("phases.csv") + ":1: stddev: column missing from the header");
}

TEST_F(RunDataTest, BadNumberNamesFileLineAndColumn) {
    write("manifest.json", kManifest);
    write("phases.csv", std::string(kHeader) + row("idle,idle,wm,power,W,71.5,70,73,0.4,600,1") +
                            "\n" + row("idle,idle,wm,pf,1,abc,0.6,0.8,0.01,600,1"));
    EXPECT_EQ(load_error(), path("phases.csv") + ":4: mean: not a number: 'abc'");
}

TEST_F(RunDataTest, RejectsTrailingGarbageAndNonFiniteNumbers) {
    write("manifest.json", kManifest);
    write("phases.csv", std::string(kHeader) + row("idle,idle,wm,power,W,71.5,70,73x,0.4,600,1"));
    EXPECT_EQ(load_error(), path("phases.csv") + ":2: max: not a number: '73x'");
    write("phases.csv", std::string(kHeader) + row("idle,idle,wm,power,W,71.5,70,73,nan,600,1"));
    EXPECT_EQ(load_error(), path("phases.csv") + ":2: stddev: not a number: 'nan'");
}

TEST_F(RunDataTest, SamplesAndCoverageAreChecked) {
    write("manifest.json", kManifest);
    write("phases.csv", std::string(kHeader) + row("idle,idle,wm,power,W,71.5,70,73,0.4,6.5,1"));
    EXPECT_EQ(load_error(), path("phases.csv") + ":2: samples: not a count: '6.5'");
    write("phases.csv", std::string(kHeader) + row("idle,idle,wm,power,W,71.5,70,73,0.4,600,"));
    EXPECT_EQ(load_error(), path("phases.csv") + ":2: coverage: not a share between 0 and 1: ''");
    write("phases.csv", std::string(kHeader) + row("idle,idle,wm,power,W,71.5,70,73,0.4,600,1.2"));
    EXPECT_EQ(load_error(),
              path("phases.csv") + ":2: coverage: not a share between 0 and 1: '1.2'");
}

TEST_F(RunDataTest, ColumnCountAndRequiredNamesAreChecked) {
    write("manifest.json", kManifest);
    write("phases.csv", std::string(kHeader) + "idle,idle,wm,power,W,71.5\n");
    EXPECT_EQ(load_error(),
              path("phases.csv") + ":2: expected 13 fields as in the header, found 6");
    write("phases.csv", std::string(kHeader) + row("idle,idle,wm,,W,71.5,70,73,0.4,600,1"));
    EXPECT_EQ(load_error(), path("phases.csv") + ":2: channel: empty");
}

TEST_F(RunDataTest, DuplicateRowsPointAtTheFirst) {
    write("manifest.json", kManifest);
    write("phases.csv", std::string(kHeader) + row("idle,idle,wm,power,W,71.5,70,73,0.4,600,1") +
                            row("idle,idle,wm,power,W,72.5,70,73,0.4,600,1"));
    EXPECT_EQ(load_error(), path("phases.csv") +
                                ":3: second row for phase 'idle' channel 'wm/power' (first on "
                                "line 2)");
}

TEST_F(RunDataTest, MalformedCsvNamesTheLine) {
    write("manifest.json", kManifest);
    write("phases.csv", std::string(kHeader) + "\"idle,idle,wm\n");
    EXPECT_EQ(load_error(), path("phases.csv") + ":2: unterminated quoted field");
}

TEST_F(RunDataTest, ParsesQuotedFieldsAndEmptyStatistics) {
    write("manifest.json", kManifest);
    write("phases.csv", std::string(kHeader) +
                            row("\"idle, fans max\",idle,bmc,cpu_temp,state,,,,,120,1") +
                            row("idle,idle,wm,power,W,71.5,70,73,0.4,600,0.9983"));
    const RunData run = load_ok();
    ASSERT_EQ(run.rows.size(), 2u);
    EXPECT_EQ(run.rows[0].phase, "idle, fans max");
    EXPECT_FALSE(run.rows[0].mean);
    EXPECT_FALSE(run.rows[0].stddev);
    EXPECT_EQ(run.rows[0].samples, 120u);
    EXPECT_EQ(run.rows[1].mean, 71.5);
    EXPECT_EQ(run.rows[1].coverage, 0.9983);
    EXPECT_EQ(run.rows[1].start, kStart);
    EXPECT_EQ(run.rows[1].end, kEnd);
}

}  // namespace
}  // namespace wattbench::core::report
