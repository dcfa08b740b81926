#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/report/report_content.hpp"

namespace wattbench::core::report {
namespace {

namespace fs = std::filesystem;

// Each folder under cases/ is a run directory (manifest.json, phases.csv, samples.csv where the
// run had one) with the reports it must render to, byte for byte: expected.md, .csv and .json in
// English, and expected.<lang>.md for each translated language (whose csv and json must equal
// the English ones). WATTBENCH_UPDATE_GOLDEN=1 rewrites the expected
// files instead, and fails: a run that rewrote them has proven nothing, so it can never pass CI
// unnoticed. Read the diff, then run again without the variable.
const fs::path kCases = fs::path(WATTBENCH_TEST_DATA) / "cases";

std::vector<std::string> case_names() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(kCases)) {
        if (entry.is_directory()) {
            names.push_back(entry.path().filename().string());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class GoldenReport : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenReport, RendersAsExpected) {
    const fs::path dir = kCases / GetParam();
    auto built = build_report_content(dir.string());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<ReportContent>>(built))
        << std::get<std::string>(built);
    ReportContent& content = *std::get<std::unique_ptr<ReportContent>>(built);

    std::vector<std::pair<std::string, std::string>> rendered = {
        {"expected.md", render_markdown(content)},
        {"expected.csv", render_csv(content)},
        {"expected.json", render_json(content)},
    };
    for (const i18n::Language language : i18n::kLanguages) {
        if (language == i18n::Language::en) {
            continue;
        }
        content.language = language;
        const std::string code(i18n::language_code(language));
        rendered.emplace_back("expected." + code + ".md", render_markdown(content));
        // Machine-readable reports never change with the language.
        EXPECT_EQ(render_csv(content), rendered[1].second) << code;
        EXPECT_EQ(render_json(content), rendered[2].second) << code;
    }
    content.language = i18n::Language::en;
    const char* update = std::getenv("WATTBENCH_UPDATE_GOLDEN");
    for (const auto& [file, text] : rendered) {
        if (update != nullptr && std::string(update) == "1") {
            const bool changed = !fs::exists(dir / file) || read(dir / file) != text;
            std::ofstream(dir / file, std::ios::binary) << text;
            ADD_FAILURE() << "WATTBENCH_UPDATE_GOLDEN=1: rewrote " << (dir / file)
                          << (changed ? " (changed)" : " (unchanged)")
                          << "; check the diff and run again without it";
            continue;
        }
        ASSERT_TRUE(fs::exists(dir / file)) << (dir / file);
        EXPECT_EQ(text, read(dir / file)) << "differs from " << (dir / file);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, GoldenReport, ::testing::ValuesIn(case_names()), [](const auto& info) {
        std::string name = info.param;
        std::replace_if(
            name.begin(), name.end(),
            [](char c) { return std::isalnum(static_cast<unsigned char>(c)) == 0; }, '_');
        return name;
    });

TEST(GoldenCases, CoverCompletedInterruptedAndEmptyRuns) {
    const auto names = case_names();
    // Recorded by `wattbench run` on sim devices, samples.csv included: one that ran to the end,
    // one stopped by SIGINT in the middle of a phase.
    EXPECT_NE(std::find(names.begin(), names.end(), "sim_run"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "sim_interrupted"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "completed"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "interrupted"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "no_results"), names.end());
}

}  // namespace
}  // namespace wattbench::core::report
