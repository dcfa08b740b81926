// The HTML and PDF reports in each language: the HTML page (charts left out, so the bytes do
// not depend on Qt's SVG writer) against checked-in expected.<lang>.html beside the text
// reports' golden cases, and the Czech PDF's extracted text with its accents.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "app/core/report/report_content.hpp"
#include "app/report_render/html_report.hpp"
#include "tests/app/report_render/test_content.hpp"

namespace wattbench::report_render {
namespace {

namespace fs = std::filesystem;
using core::i18n::Language;

const fs::path kCases(WATTBENCH_REPORT_CASES);

std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string command_output(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) {
        return out;
    }
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
        out.append(buffer, n);
    }
    pclose(pipe);
    return out;
}

class LocalizedHtml : public ::testing::TestWithParam<const char*> {};

// WATTBENCH_UPDATE_GOLDEN=1 rewrites the expected pages and fails, as the text goldens do.
TEST_P(LocalizedHtml, RendersAsExpectedInEveryLanguage) {
    test::headless();
    auto built = core::report::build_report_content((kCases / GetParam()).string());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<core::report::ReportContent>>(built));
    auto& content = *std::get<std::unique_ptr<core::report::ReportContent>>(built);
    const char* update = std::getenv("WATTBENCH_UPDATE_GOLDEN");
    for (const Language language : core::i18n::kLanguages) {
        content.language = language;
        const std::string html = render_html(content, ChartList{});
        const fs::path file =
            kCases / GetParam() /
            ("expected." + std::string(core::i18n::language_code(language)) + ".html");
        if (update != nullptr && std::string(update) == "1") {
            std::ofstream(file, std::ios::binary) << html;
            ADD_FAILURE() << "WATTBENCH_UPDATE_GOLDEN=1: rewrote " << file
                          << "; check the diff and run again without it";
            continue;
        }
        ASSERT_TRUE(fs::exists(file)) << file;
        EXPECT_EQ(html, read(file)) << "differs from " << file;
    }
}

INSTANTIATE_TEST_SUITE_P(Cases, LocalizedHtml, ::testing::Values("scored", "sim_run", "completed"));

TEST(LocalizedHtml, PageDeclaresItsLanguageAndTranslatesTheBanner) {
    test::headless();
    auto built = core::report::build_report_content((kCases / "scored").string());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<core::report::ReportContent>>(built));
    auto& content = *std::get<std::unique_ptr<core::report::ReportContent>>(built);
    content.language = Language::cs;
    const std::string html = render_html(content, ChartList{});
    EXPECT_NE(html.find("<html lang=\"cs\">"), std::string::npos);
    EXPECT_NE(html.find("<strong>Verdikt: neplatné</strong>"), std::string::npos);
    EXPECT_NE(html.find("model: neplatné 25\u00a0% ≥ 2\u00a0% (1 z 4 údajů) (bmc/cpu_temp)"),
              std::string::npos);
    EXPECT_EQ(html.find("Verdict"), std::string::npos);
}

TEST(LocalizedPdf, CzechTextSurvivesWithItsAccents) {
    if (std::string(WATTBENCH_PDFTOTEXT).empty()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) not found";
    }
    const fs::path dir =
        fs::temp_directory_path() / ("wattbench-pdf-cs-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path pdf = dir / "recenze.pdf";
    const std::string run = std::string("env -u LC_ALL -u LANG -u LC_MESSAGES '") + WATTBENCH_BIN +
                            "' report '" + (kCases / "sim_run").string() +
                            "' --lang cs --format pdf -o '" + pdf.string() + "' 2>&1";
    const std::string log = command_output(run);
    ASSERT_TRUE(fs::exists(pdf)) << log;
    const std::string text = command_output(std::string("'") + WATTBENCH_PDFTOTEXT +
                                            "' -enc UTF-8 '" + pdf.string() + "' -");
    fs::remove_all(dir);
    for (const char* expected :
         {"Souhrn", "Příkon [W] (wattmeter/power)", "Podrobnosti fází", "Průměrný příkon ze sítě",
          "Příkon podle zátěže", "Časový průběh", "Začátek:", "30. 11. 2026"}) {
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
    }
    EXPECT_EQ(text.find("Summary"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::report_render
