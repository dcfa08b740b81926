#include "app/core/report/markdown_report.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"

namespace wattbench::core::report {
namespace {

using ::testing::HasSubstr;

PhaseRow power_row(std::string phase, double mean, double coverage) {
    PhaseRow r;
    r.phase = std::move(phase);
    r.load = "cpu";
    r.device = "wm";
    r.channel = "power";
    r.unit = "W";
    r.mean = mean;
    r.samples = 10;
    r.coverage = coverage;
    return r;
}

// A manifest is only checked for its outline when loaded; members of unexpected kinds inside
// it must degrade to "unknown", never throw or crash the report.
TEST(MarkdownReport, SurvivesOddManifestMembers) {
    RunData run;
    run.dir = "runs/odd";
    run.manifest = nlohmann::json::parse(R"({
      "run": {"name": 5, "status": ["x"], "started": 17, "overrides": {"only": [1, null]}},
      "host": {"logical_cpus": "eight", "memory_bytes": -1},
      "devices": [1, "x", {"id": null, "identity": "none", "channels": "none"},
                  {"id": "wm", "channels": [{"name": "power", "thresholds": [1, 2]}]}],
      "phases": [3, {"name": "idle", "workers": 1.5}],
      "warnings": [42, "plain"]
    })");
    run.rows = {power_row("idle", 70.0, 1.0)};
    std::string md;
    ASSERT_NO_THROW(md = render_markdown(run));
    EXPECT_THAT(md, HasSubstr("# 5\n"));
    EXPECT_THAT(md, HasSubstr("1.5 workers"));
    EXPECT_THAT(md, HasSubstr("- 42\n"));
    EXPECT_NO_THROW(render_csv(run));
    EXPECT_NO_THROW(render_json(run));
}

TEST(MarkdownReport, TitleFallsBackOnTheDirectoryAndNamesStayOnOneLine) {
    RunData run;
    run.dir = "runs/x";
    run.manifest = nlohmann::json::object();
    run.rows = {power_row("two\nlines|here", 70.0, 0.5)};
    const std::string md = render_markdown(run);
    EXPECT_EQ(md.rfind("# runs/x\n", 0), 0u);
    EXPECT_THAT(md, HasSubstr("### two lines|here\n"));
    EXPECT_THAT(md, HasSubstr("two lines\\|here"));
    EXPECT_THAT(md, HasSubstr("70.0 ⚠"));
}

TEST(MarkdownReport, JsonKeepsInvalidUtf8FromThrowing) {
    RunData run;
    run.manifest = nlohmann::json::parse(R"({"devices": [{"id": "wm"}]})");
    run.manifest["devices"][0]["identity"] = {{"model", std::string("bad \xff byte")}};
    EXPECT_THAT(render_json(run), HasSubstr("bad \xef\xbf\xbd byte"));
}

}  // namespace
}  // namespace wattbench::core::report
