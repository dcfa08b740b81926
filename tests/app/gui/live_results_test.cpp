#include "app/gui/history/live_results.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/report/csv_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"

namespace wattbench::gui::history {
namespace {

namespace fs = std::filesystem;
const std::string kRun = std::string(WATTBENCH_TEST_DATA) + "/fixtures/demo-run";

// The fixture's run as it looked when it started: its manifest, a phases.csv with no row yet.
std::string started_run() {
    std::string templ = (fs::temp_directory_path() / "live-results-XXXXXX").string();
    EXPECT_NE(mkdtemp(templ.data()), nullptr);
    fs::copy_file(kRun + "/manifest.json", templ + "/manifest.json");
    std::ofstream(templ + "/phases.csv") << core::record::PhasesCsvWriter::kHeader;
    return templ;
}

// What the engine reports at each window's close: the fixture's phases.csv rows as summaries,
// grouped by phase, with the states the recorder counted for discrete channels.
std::vector<core::engine::PhaseFinished> finished_phases(const core::report::RunData& loaded) {
    auto read = core::rundir::read_phases_csv(kRun + "/phases.csv");
    auto& summaries = std::get<std::vector<core::stats::ChannelSummary>>(read);
    std::vector<core::engine::PhaseFinished> out;
    for (std::size_t i = 0; i < summaries.size(); ++i) {
        auto& s = summaries[i];
        for (const auto& [state, n] : loaded.rows[i].states) {
            s.states[state] = n;
        }
        if (out.empty() || out.back().name != s.phase) {
            out.push_back({static_cast<std::int32_t>(out.size()),
                           s.phase,
                           core::engine::PhaseStatus::done,
                           {}});
        }
        out.back().summaries.push_back(s);
    }
    return out;
}

TEST(LiveResults, FinishedPhasesGiveWhatTheReportReadsFromTheRunDirectory) {
    auto loaded = core::report::load_run(kRun);
    ASSERT_TRUE(std::holds_alternative<core::report::RunData>(loaded));
    const auto& expected = std::get<core::report::RunData>(loaded);
    const auto dir = started_run();

    LiveResults live;
    EXPECT_FALSE(live.started());
    ASSERT_EQ(live.begin(dir), std::nullopt);
    EXPECT_TRUE(live.started());
    EXPECT_TRUE(live.run().rows.empty());
    EXPECT_EQ(live.run().liveness, core::report::Liveness::live);
    const auto phases = finished_phases(expected);
    ASSERT_EQ(phases.size(), 3u);
    for (const auto& p : phases) {
        ASSERT_EQ(live.add_phase(p), std::nullopt);
    }
    EXPECT_EQ(live.run().rows.size(), expected.rows.size());
    ASSERT_EQ(live.finish(), std::nullopt);
    EXPECT_EQ(live.run().liveness, core::report::Liveness::ended);
    for (std::size_t i = 0; i < expected.rows.size(); ++i) {
        const auto& a = live.run().rows[i];
        const auto& b = expected.rows[i];
        EXPECT_EQ(a.phase + a.device + a.channel, b.phase + b.device + b.channel) << i;
        EXPECT_EQ(a.mean, b.mean) << i;
        EXPECT_EQ(a.coverage, b.coverage) << i;
        EXPECT_EQ(a.states, b.states) << i;
    }
    EXPECT_EQ(core::report::render_csv(live.run()), core::report::render_csv(expected));
    EXPECT_EQ(core::report::render_summary_markdown(live.run()),
              core::report::render_summary_markdown(expected));
    fs::remove_all(dir);
}

TEST(LiveResults, APhaseStatusComesFromTheEventBeforeTheManifestHasIt) {
    const auto dir = started_run();
    {
        // The manifest as written before the first window closed: every phase still pending.
        std::ifstream in(dir + "/manifest.json");
        auto j = nlohmann::json::parse(in);
        for (auto& p : j["phases"]) {
            p["status"] = "pending";
        }
        std::ofstream(dir + "/manifest.json") << j.dump(2);
    }
    LiveResults live;
    ASSERT_EQ(live.begin(dir), std::nullopt);
    core::engine::PhaseFinished skipped{1, "cpu-1", core::engine::PhaseStatus::skipped, {}};
    ASSERT_EQ(live.add_phase(skipped), std::nullopt);
    EXPECT_EQ(live.run().info.phases[1].status, core::rundir::PhaseStatus::skipped);
    EXPECT_EQ(live.run().info.phases[0].status, core::rundir::PhaseStatus::pending);
    fs::remove_all(dir);
}

TEST(LiveResults, SummariesReadAsPhasesCsvRowsWithTheirStatesMostFrequentFirst) {
    core::stats::ChannelSummary s;
    s.phase = "idle";
    s.device = "bmc";
    s.channel = "psu";
    s.unit = "state";
    s.samples = 5;
    s.mean = s.min = s.max = s.stddev = std::nan("");
    s.coverage = 0.123456;
    s.states = {{"absent", 1}, {"ok", 3}, {"failed", 1}};
    const auto rows = LiveResults::rows_of({s});
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_FALSE(rows[0].mean.has_value());
    // phases.csv keeps four places.
    EXPECT_DOUBLE_EQ(rows[0].coverage, 0.1235);
    using States = std::vector<std::pair<std::string, std::uint64_t>>;
    EXPECT_EQ(rows[0].states, (States{{"ok", 3}, {"absent", 1}, {"failed", 1}}));
}

TEST(LiveResults, AMissingManifestIsAnErrorNamingIt) {
    LiveResults live;
    const auto err = live.begin("/nonexistent/run");
    ASSERT_TRUE(err.has_value());
    EXPECT_NE(err->find("/nonexistent/run/manifest.json"), std::string::npos) << *err;
}

}  // namespace
}  // namespace wattbench::gui::history
