#include "app/core/report/background_noise.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "app/core/report/markdown_report.hpp"

namespace wattbench::core::report {
namespace {

using Kind = CorrectedLevel::Kind;

TEST(BackgroundCorrection, KnownValues) {
    // 10·log10(10^4.5 − 10^3.8) = 44.03 dB: 7 dB above the room, corrected by ~1 dB.
    auto c = correct_for_background(45.0, 38.0);
    EXPECT_EQ(c.kind, Kind::corrected);
    EXPECT_DOUBLE_EQ(c.difference_db, 7.0);
    EXPECT_NEAR(c.level_db, 44.0335, 1e-4);
    // Exactly 3 dB: still valid, 10·log10(10^5 − 10^4.7) = 46.98 dB.
    c = correct_for_background(50.0, 47.0);
    EXPECT_EQ(c.kind, Kind::corrected);
    EXPECT_NEAR(c.level_db, 46.9794, 1e-4);
    // Exactly 10 dB: corrected (0.46 dB).
    c = correct_for_background(50.0, 40.0);
    EXPECT_EQ(c.kind, Kind::corrected);
    EXPECT_NEAR(c.level_db, 49.5424, 1e-4);
    // Above 10 dB: the background does not count, the level stands.
    c = correct_for_background(50.1, 40.0);
    EXPECT_EQ(c.kind, Kind::uncorrected);
    EXPECT_DOUBLE_EQ(c.level_db, 50.1);
    // Under 3 dB: invalid.
    c = correct_for_background(40.0, 38.0);
    EXPECT_EQ(c.kind, Kind::invalid);
    EXPECT_TRUE(std::isnan(c.level_db));
    EXPECT_EQ(correct_for_background(30.0, 38.0).kind, Kind::invalid);
}

PhaseRow sound_row(const std::string& phase, double mean) {
    PhaseRow r;
    r.phase = phase;
    r.load = "idle";
    r.device = "slm";
    r.channel = "spl";
    r.unit = "dBA";
    r.mean = mean;
    r.l10 = mean + 1.0;
    r.l90 = mean - 1.0;
    r.samples = 60;
    r.coverage = 1.0;
    return r;
}

RunData run_with(nlohmann::json manifest, std::vector<PhaseRow> rows) {
    RunData run;
    run.info = manifest.get<rundir::Manifest>();
    run.rows = std::move(rows);
    run.dir = "run";
    return run;
}

TEST(NoiseRows, BackgroundPhaseIsTheReference) {
    const auto run =
        run_with({{"phases",
                   {{{"name", "room"}, {"load", "idle"}, {"status", "done"}, {"background", true}},
                    {{"name", "idle"}, {"load", "idle"}, {"status", "done"}},
                    {{"name", "cpu-8"}, {"load", "cpu"}, {"status", "done"}},
                    {{"name", "quiet"}, {"load", "idle"}, {"status", "done"}}}},
                  {"devices", {{{"id", "slm"}, {"settings", {{"background_noise", 20.0}}}}}}},
                 {sound_row("room", 38.0), sound_row("idle", 45.0), sound_row("cpu-8", 55.0),
                  sound_row("quiet", 39.0)});
    const auto phases = run_phases(run);
    const auto rows = noise_rows(run, phases);
    ASSERT_EQ(rows.size(), 3u);  // the room itself is not a result
    EXPECT_EQ(rows[0].phase->name, "idle");
    EXPECT_EQ(rows[0].background_source, "phase room");
    EXPECT_DOUBLE_EQ(rows[0].background_db, 38.0);
    EXPECT_EQ(rows[0].corrected.kind, Kind::corrected);
    EXPECT_NEAR(rows[0].corrected.level_db, 44.0335, 1e-4);
    EXPECT_EQ(rows[1].corrected.kind, Kind::uncorrected);
    EXPECT_EQ(rows[2].corrected.kind, Kind::invalid);

    const std::string md = render_markdown(run);
    EXPECT_NE(md.find("## Noise (ISO 7779)"), std::string::npos);
    EXPECT_NE(md.find("44.0 dBA (corrected)"), std::string::npos) << md;
    EXPECT_NE(md.find("55.0 dBA (uncorrected)"), std::string::npos);
    EXPECT_NE(md.find("invalid (< 3 dB above background)"), std::string::npos);
}

TEST(NoiseRows, ProfileValueWhenNoBackgroundPhase) {
    const auto run =
        run_with({{"phases", {{{"name", "idle"}, {"load", "idle"}, {"status", "done"}}}},
                  {"devices", {{{"id", "slm"}, {"settings", {{"background_noise", 32.5}}}}}}},
                 {sound_row("idle", 40.0)});
    const auto phases = run_phases(run);
    const auto rows = noise_rows(run, phases);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].background_source, "background_noise");
    EXPECT_NEAR(rows[0].corrected.level_db, 10.0 * std::log10(1e4 - std::pow(10.0, 3.25)), 1e-9);
}

TEST(NoiseRows, NoBackgroundNoSection) {
    const auto run =
        run_with({{"phases", {{{"name", "idle"}, {"load", "idle"}}}}}, {sound_row("idle", 40.0)});
    EXPECT_TRUE(noise_rows(run, run_phases(run)).empty());
    EXPECT_EQ(render_markdown(run).find("## Noise (ISO 7779)"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::core::report
