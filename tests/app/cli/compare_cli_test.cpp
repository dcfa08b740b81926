// End-to-end: `wattbench compare` on run directories written by the test.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/support/run_program.hpp"

namespace wattbench::cli {
namespace {

namespace fs = std::filesystem;

using Result = wattbench::testing::ProgramResult;

class CompareCli : public ::testing::Test {
protected:
    void SetUp() override {
        std::string templ = (fs::temp_directory_path() / "analysis-compare-XXXXXX").string();
        ASSERT_NE(::mkdtemp(templ.data()), nullptr);
        root_ = templ;
    }
    void TearDown() override { fs::remove_all(root_); }

    Result run(std::vector<std::string> args) {
        args.insert(args.begin(), WATTBENCH_BIN);
        return wattbench::testing::run_program(std::move(args), root_);
    }

    struct Phase {
        std::string name;
        std::string unit = "W";
        double mean = 0.0;
        double stddev = 0.0;
        int samples = 0;
        std::optional<double> score;
    };

    // A run directory with a manifest and phases.csv (one wall power row per phase).
    std::string make_run(const std::string& name, const std::vector<Phase>& phases) {
        const auto dir = root_ / name;
        fs::create_directories(dir);
        nlohmann::json manifest = {{"run", {{"name", name}, {"status", "completed"}}},
                                   {"host", {{"logical_cpus", 2}, {"physical_cores", 2}}},
                                   {"devices", {{{"id", "wm"}, {"state", "ok"}}}},
                                   {"phases", nlohmann::json::array()}};
        std::string csv =
            "phase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,end,flags,"
            "uncertainty,l10,l90\n";
        for (const auto& p : phases) {
            const bool idle = p.name == "idle";
            nlohmann::json entry = {
                {"name", p.name}, {"load", idle ? "idle" : "cpu"}, {"status", "done"}};
            if (!idle) {
                entry["workers"] = 1;
            }
            if (p.score) {
                entry["score"] = {{"value", *p.score}, {"unit", "req/s"}};
            }
            manifest["phases"].push_back(entry);
            csv += p.name + "," + (idle ? "idle" : "cpu") + ",wm,power," + p.unit + "," +
                   std::to_string(p.mean) + ",,," + std::to_string(p.stddev) + "," +
                   std::to_string(p.samples) +
                   ",1,2026-11-29T10:00:00.000Z,2026-11-29T10:01:00.000Z,,,,\n";
        }
        std::ofstream(dir / "manifest.json") << manifest.dump(2);
        std::ofstream(dir / "phases.csv") << csv;
        return dir.string();
    }

    // A: idle 100 W (sd 4, 16 readings), cpu-1 200 W, score 100 req/s.
    std::string run_a() {
        return make_run("a", {{"idle", "W", 100, 4, 16}, {"cpu-1", "W", 200, 4, 16, 100.0}});
    }
    // B: idle 101 W (sd 6, 9 readings: not significant), cpu-1 220 W (+10 %), score 173.
    std::string run_b() {
        return make_run("b", {{"idle", "W", 101, 6, 9}, {"cpu-1", "W", 220, 6, 9, 173.0}});
    }

    fs::path root_;
};

TEST_F(CompareCli, MarkdownTablePerPairWithVerdicts) {
    const auto a = run_a();
    const auto b = run_b();
    const auto r = run({"compare", a, b});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find("## b against a"), std::string::npos) << r.out;
    // idle: +1 % with [-3.9, +5.9] (see comparison_test's hand computation).
    EXPECT_NE(r.out.find("[-3.9, +5.9] %"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("no significant difference"), std::string::npos);
    // cpu-1: u(r)^2 = (2/200)^2 + (220 * 1/200^2)^2: a significant +10 %.
    EXPECT_NE(r.out.find("| +10.0 % |"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("+73.0 % (one value per run: no confidence interval)"), std::string::npos);
    EXPECT_NE(r.out.find("## Power versus load"), std::string::npos);
}

TEST_F(CompareCli, CsvAndJsonToAFile) {
    const auto a = run_a();
    const auto b = run_b();
    const auto csv_path = (root_ / "cmp.csv").string();
    auto r = run({"compare", a, b, "--format", "csv", "-o", csv_path});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    const auto csv = wattbench::testing::read_whole(csv_path);
    EXPECT_EQ(csv.substr(0, csv.find('\n')),
              "run_a,run_b,phase,channel,unit,a,b,diff,diff_pct,ci_low_pct,ci_high_pct,"
              "significant,verdict");
    EXPECT_NE(csv.find("a,b,idle,wm/power,W,100,101,1,1,"), std::string::npos) << csv;
    EXPECT_NE(csv.find("a,b,cpu-1,score,req/s,100,173,73,73,,,false,"), std::string::npos) << csv;

    r = run({"compare", a, b, "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["pairs"].size(), 1u);
    ASSERT_EQ(j["pairs"][0]["rows"].size(), 4u);
    EXPECT_EQ(j["pairs"][0]["rows"][1]["phase"], "cpu-1");
    EXPECT_NEAR(j["pairs"][0]["rows"][1]["diff_pct"].get<double>(), 10.0, 1e-9);
    EXPECT_TRUE(j["pairs"][0]["rows"][1]["significant"].get<bool>());
    EXPECT_TRUE(j["pairs"][0]["rows"][2]["ci_low_pct"].is_null());
    // Score per watt: 100 req/s / 200 W = 0.5 against 173 / 220 = 0.786, +57.3 %.
    const auto& per_watt = j["pairs"][0]["rows"][3];
    EXPECT_EQ(per_watt["channel"], "score per watt (wm/power)");
    EXPECT_EQ(per_watt["unit"], "req/s/W");
    EXPECT_NEAR(per_watt["a"].get<double>(), 0.5, 1e-12);
    EXPECT_NEAR(per_watt["b"].get<double>(), 173.0 / 220.0, 1e-12);
    EXPECT_NEAR(per_watt["diff_pct"].get<double>(), 100.0 * (173.0 / 220.0 / 0.5 - 1.0), 1e-9);
    EXPECT_TRUE(per_watt["ci_low_pct"].is_null());
    ASSERT_EQ(j["curves"].size(), 2u);
    EXPECT_EQ(j["curves"][0]["points"].size(), 2u);
    EXPECT_EQ(j["curves"][1]["sentence"], "+119.0 W per busy CPU");
}

TEST_F(CompareCli, MoreRunsAreEachComparedWithTheFirst) {
    const auto a = run_a();
    const auto b = run_b();
    const auto c = make_run("c", {{"idle", "W", 90, 4, 16}});
    const auto r = run({"compare", a, b, c, "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["pairs"].size(), 2u);
    EXPECT_EQ(j["pairs"][1]["b"], "c");
    EXPECT_EQ(j["pairs"][1]["rows"].size(), 1u);
    EXPECT_TRUE(j["curves"][2].is_null());
}

TEST_F(CompareCli, RefusesRunsWithoutASharedPhase) {
    const auto a = run_a();
    const auto d = make_run("d", {{"disk", "W", 90, 4, 16}});
    const auto r = run({"compare", a, d});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "wattbench: cannot compare: runs share no phase: A (" + a +
                         ") has idle, cpu-1; B (" + d + ") has disk\n");
}

TEST_F(CompareCli, RefusesAUnitMismatch) {
    const auto a = run_a();
    const auto v = make_run("v", {{"cpu-1", "VA", 220, 6, 9}});
    const auto r = run({"compare", a, v});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "wattbench: cannot compare: cpu-1 wm/power: W in A (" + a + "), VA in B (" +
                         v + ")\n");
}

TEST_F(CompareCli, UsageErrors) {
    const auto a = run_a();
    auto r = run({"compare", a});
    EXPECT_EQ(r.exit_code, 2);
    r = run({"compare", a, (root_ / "missing").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("missing"), std::string::npos) << r.err;
    r = run({"compare", a, a, "--format", "xml"});
    EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace wattbench::cli
