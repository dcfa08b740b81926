#include "app/core/report/markdown_report.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"

namespace wattbench::core::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

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

// A wrongly typed member is refused when the manifest is read (naming the key); what stays JSON
// (the overrides as given) and what an older manifest lacks must degrade, never throw.
TEST(MarkdownReport, SurvivesOddManifestMembers) {
    EXPECT_THROW(nlohmann::json::parse(R"({"run": {"name": 5}})").get<rundir::Manifest>(),
                 rundir::ManifestKeyError);
    RunData run;
    run.dir = "runs/odd";
    run.info = nlohmann::json::parse(R"({
      "run": {"name": "5", "overrides": {"only": [1, null], "warmup": [2]}},
      "host": {"memory_bytes": -1},
      "devices": [{"id": "wm", "channels": [{"name": "power"}]}, {}],
      "phases": [{"load": "idle"}, {"name": "idle", "workers": 2}],
      "warnings": ["plain"]
    })")
                   .get<rundir::Manifest>();
    run.rows = {power_row("idle", 70.0, 1.0)};
    std::string md;
    ASSERT_NO_THROW(md = render_markdown(run));
    EXPECT_THAT(md, HasSubstr("# 5\n"));
    EXPECT_THAT(md, HasSubstr("overridden: only 1, ?"));
    EXPECT_THAT(md, HasSubstr("- plain\n"));
    EXPECT_NO_THROW(render_csv(run));
    EXPECT_NO_THROW(render_json(run));
}

TEST(MarkdownReport, TitleFallsBackOnTheDirectoryAndNamesStayOnOneLine) {
    RunData run;
    run.dir = "runs/x";
    run.rows = {power_row("two\nlines|here", 70.0, 0.5)};
    const std::string md = render_markdown(run);
    EXPECT_EQ(md.rfind("# runs/x\n", 0), 0u);
    EXPECT_THAT(md, HasSubstr("### two lines|here\n"));
    EXPECT_THAT(md, HasSubstr("two lines\\|here"));
    // Escaped once in every table, the validity table's too: after a doubled backslash the pipe
    // would end the cell.
    EXPECT_THAT(md, Not(HasSubstr("two lines\\\\|here")));
    EXPECT_THAT(md, HasSubstr("70.0 ⚠"));
}

TEST(MarkdownReport, JsonKeepsInvalidUtf8FromThrowing) {
    RunData run;
    auto& device = run.info.devices.emplace_back();
    device.id = "wm";
    device.identity = rundir::Identity{.model = std::string("bad \xff byte")};
    EXPECT_THAT(render_json(run), HasSubstr("bad \xef\xbf\xbd byte"));
}

}  // namespace
}  // namespace wattbench::core::report
