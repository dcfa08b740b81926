// End-to-end: `wattbench report --lang` on a checked-in run directory (the golden "scored" case).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/run_program.hpp"

namespace wattbench::cli {
namespace {

namespace fs = std::filesystem;

const fs::path kCases = fs::path(WATTBENCH_SOURCE_DIR) / "tests/app/core/report/cases";

class ReportLangCli : public ::testing::Test {
protected:
    void SetUp() override {
        std::string templ = (fs::temp_directory_path() / "report-lang-XXXXXX").string();
        ASSERT_NE(::mkdtemp(templ.data()), nullptr);
        root_ = templ;
    }
    void TearDown() override { fs::remove_all(root_); }

    // `env` are VAR=value words for env(1), which also clears the locale variables a
    // developer's shell may have set.
    wattbench::testing::ProgramResult report(std::vector<std::string> args,
                                             std::vector<std::string> env = {}) {
        std::vector<std::string> argv{"/usr/bin/env", "-u",   "LC_ALL", "-u",      "LC_MESSAGES",
                                      "-u",           "LANG", "-u",     "LANGUAGE"};
        argv.insert(argv.end(), env.begin(), env.end());
        argv.push_back(WATTBENCH_BIN);
        argv.push_back("report");
        argv.push_back((kCases / "scored").string());
        argv.insert(argv.end(), args.begin(), args.end());
        return wattbench::testing::run_program(std::move(argv), root_);
    }

    fs::path root_;
};

TEST_F(ReportLangCli, LangWritesTheCheckedInTranslation) {
    for (const char* lang : {"cs", "de", "ru"}) {
        const auto r = report({"--lang", lang});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.err, "");
        EXPECT_EQ(r.out, wattbench::testing::read_whole(kCases / "scored" /
                                                        (std::string("expected.") + lang + ".md")))
            << lang;
    }
}

TEST_F(ReportLangCli, DefaultFollowsTheEnvironmentThenEnglish) {
    const auto czech = report({}, {"LANG=cs_CZ.UTF-8"});
    ASSERT_EQ(czech.exit_code, 0) << czech.err;
    EXPECT_EQ(czech.out, wattbench::testing::read_whole(kCases / "scored" / "expected.cs.md"));
    const auto german = report({}, {"LANG=cs_CZ.UTF-8", "LC_MESSAGES=de_DE.UTF-8"});
    EXPECT_EQ(german.out, wattbench::testing::read_whole(kCases / "scored" / "expected.de.md"));
    const auto english = report({}, {"LANG=fr_FR.UTF-8"});
    ASSERT_EQ(english.exit_code, 0) << english.err;
    EXPECT_EQ(english.out, wattbench::testing::read_whole(kCases / "scored" / "expected.md"));
    // --lang wins over the environment.
    const auto explicit_en = report({"--lang", "en"}, {"LANG=ru_RU.UTF-8"});
    EXPECT_EQ(explicit_en.out, english.out);
}

TEST_F(ReportLangCli, UnknownLanguageExits2WithTheList) {
    const auto r = report({"--lang", "fr"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "wattbench: unknown language 'fr' (available: en, cs, de, ru)\n");
}

TEST_F(ReportLangCli, CsvAndJsonAreTheSameInEveryLanguage) {
    for (const char* format : {"csv", "json"}) {
        const auto english = report({"--format", format, "--lang", "en"});
        ASSERT_EQ(english.exit_code, 0) << english.err;
        for (const char* lang : {"cs", "de", "ru"}) {
            EXPECT_EQ(report({"--format", format, "--lang", lang}).out, english.out)
                << format << " " << lang;
        }
    }
}

TEST_F(ReportLangCli, AMissingCatalogWarnsAndWritesEnglishTextWithCzechNumbers) {
    const auto r = report({"--lang", "cs"}, {"WATTBENCH_LOCALEDIR=" + (root_ / "none").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("wattbench: warning: cannot open " + (root_ / "none").string() +
                         "/cs/LC_MESSAGES/wattbench.mo; the report's text stays English"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("## Summary"), std::string::npos);
    EXPECT_NE(r.out.find("71,5 ± 0,3"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::cli
