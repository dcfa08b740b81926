// The translated Markdown against the English one, cell by cell: every number the English
// tables print with a decimal point is printed with a decimal comma in Czech and German, and
// the machine-readable reports do not change at all.
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/report/report_content.hpp"

namespace wattbench::core::report {
namespace {

namespace fs = std::filesystem;
using i18n::Language;

std::unique_ptr<ReportContent> load(const std::string& name) {
    auto built = build_report_content((fs::path(WATTBENCH_TEST_DATA) / "cases" / name).string());
    if (auto* error = std::get_if<std::string>(&built)) {
        ADD_FAILURE() << *error;
        return nullptr;
    }
    return std::move(std::get<std::unique_ptr<ReportContent>>(built));
}

std::string trim(const std::string& s) {
    const auto from = s.find_first_not_of(' ');
    const auto to = s.find_last_not_of(' ');
    return from == std::string::npos ? std::string() : s.substr(from, to - from + 1);
}

struct Table {
    std::string header;
    std::vector<std::string> cells;  // body cells, row by row
};

// Every table, in document order.
std::vector<Table> tables(const std::string& markdown) {
    std::vector<Table> out;
    std::size_t start = 0;
    bool in_table = false;
    bool body = false;
    while (start < markdown.size()) {
        const auto end = std::min(markdown.find('\n', start), markdown.size());
        const std::string line = markdown.substr(start, end - start);
        start = end + 1;
        if (line.empty() || line.front() != '|') {
            in_table = false;
            continue;
        }
        if (!in_table) {
            out.push_back({line, {}});
            in_table = true;
            body = false;
            continue;
        }
        if (!body) {
            body = true;  // the alignment row
            continue;
        }
        std::size_t at = 1;
        while (at < line.size()) {
            const auto bar = line.find(" |", at);
            if (bar == std::string::npos) {
                break;
            }
            out.back().cells.push_back(trim(line.substr(at, bar - at)));
            at = bar + 2;
        }
    }
    return out;
}

// A figure as the English tables write it: "71.5", "71.5 ± 0.3", "100.0 %", "+12.3",
// "1234.5 req/s", "9.199 req/s per W", with the low-coverage mark after it.
bool english_figure_with_point(const std::string& cell) {
    static const std::regex figure(
        R"(^[+-]?\d+(\.\d+)?( ± \d+(\.\d+)?)?( %| [A-Za-z/]+( per W)?)?( ⚠)?$)");
    static const std::regex point(R"(\d\.\d)");
    return std::regex_match(cell, figure) && std::regex_search(cell, point);
}

void expect_decimal_commas(Language language, const std::string& name) {
    auto content = load(name);
    ASSERT_NE(content, nullptr);
    const auto english_tables = tables(render_markdown(*content));
    content->language = language;
    const auto translated_tables = tables(render_markdown(*content));
    ASSERT_EQ(english_tables.size(), translated_tables.size()) << name;
    // A German thousands point is followed by exactly three digits; a decimal point left in
    // would mostly not be (and the comma must be there anyway).
    static const std::regex decimal_point(R"(\d\.(\d{1,2}|\d{4,})(\D|$))");
    static const std::regex decimal_comma(R"(\d,\d)");
    int checked = 0;
    for (std::size_t t = 0; t < english_tables.size(); ++t) {
        // The devices' own strings (firmware "2.10") are not figures.
        if (english_tables[t].header.rfind("| Device ", 0) == 0) {
            continue;
        }
        const auto& english = english_tables[t].cells;
        const auto& translated = translated_tables[t].cells;
        ASSERT_EQ(english.size(), translated.size()) << name << " table " << t;
        for (std::size_t i = 0; i < english.size(); ++i) {
            if (!english_figure_with_point(english[i])) {
                continue;
            }
            ++checked;
            EXPECT_TRUE(std::regex_search(translated[i], decimal_comma))
                << name << ": '" << english[i] << "' became '" << translated[i] << "'";
            if (language == Language::cs) {
                EXPECT_EQ(translated[i].find('.'), std::string::npos) << translated[i];
            } else {
                EXPECT_FALSE(std::regex_search(translated[i], decimal_point)) << translated[i];
            }
        }
    }
    EXPECT_GT(checked, 20) << name << ": too few figures to prove anything";
}

TEST(LocalizedReport, CzechTablesUseTheDecimalComma) {
    for (const char* name : {"sim_run", "scored", "completed"}) {
        expect_decimal_commas(Language::cs, name);
    }
}

TEST(LocalizedReport, GermanTablesUseTheDecimalComma) {
    for (const char* name : {"sim_run", "scored", "completed"}) {
        expect_decimal_commas(Language::de, name);
    }
}

TEST(LocalizedReport, CsvAndJsonKeepThePointAndEnglishKeys) {
    auto content = load("scored");
    ASSERT_NE(content, nullptr);
    const std::string csv = render_csv(*content);
    const std::string json = render_json(*content);
    EXPECT_NE(csv.find("71.5"), std::string::npos);
    EXPECT_NE(json.find("\"verdict\""), std::string::npos);
    for (const Language language : {Language::cs, Language::de, Language::ru}) {
        content->language = language;
        EXPECT_EQ(render_csv(*content), csv);
        EXPECT_EQ(render_json(*content), json);
    }
}

TEST(LocalizedReport, CzechReadsAsTheReviewsDo) {
    auto content = load("scored");
    ASSERT_NE(content, nullptr);
    content->language = Language::cs;
    const std::string md = render_markdown(*content);
    EXPECT_NE(md.find("| Příkon [W] (wattmeter/power)"), std::string::npos) << md;
    EXPECT_NE(md.find("71,5 ± 0,3"), std::string::npos);
    EXPECT_NE(md.find("## Souhrn"), std::string::npos);
    EXPECT_NE(md.find("29.\u00a011.\u00a02026 19:50:40 UTC"), std::string::npos);
    EXPECT_NE(md.find("100,0\u00a0%"), std::string::npos);
    EXPECT_EQ(md.find("Summary"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::core::report
