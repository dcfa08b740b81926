#include "app/gui/model/results_model.hpp"

#include <gtest/gtest.h>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/gui/model/ui_language.hpp"
#include "qt_env.hpp"

namespace wattbench::gui::model {
namespace {

const std::string kRun = std::string(WATTBENCH_TEST_DATA) + "/fixtures/demo-run";

class ResultsModelTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::qt_app();
        auto loaded = core::report::load_run(kRun);
        ASSERT_TRUE(std::holds_alternative<core::report::RunData>(loaded));
        m.set_run(std::get<core::report::RunData>(std::move(loaded)));
    }
    ResultsModel m;
};

TEST_F(ResultsModelTest, PhasesAcrossKeyChannelsDown) {
    ASSERT_EQ(m.columnCount(), 3);
    EXPECT_EQ(m.headerData(0, Qt::Horizontal).toString(), "idle");
    EXPECT_EQ(m.headerData(2, Qt::Horizontal).toString(), "cpu-2");
    ASSERT_GT(m.rowCount(), 3);
    EXPECT_EQ(m.headerData(0, Qt::Vertical).toString(), "Power [W] (wattmeter/power)");
    // The idle window's mean power from phases.csv, 113.6177… W, with the report's decimals.
    EXPECT_EQ(m.index(0, 0).data().toString(), "113.6");
}

TEST_F(ResultsModelTest, CopiesAreTheReportLibrarysSpelling) {
    EXPECT_EQ(m.to_csv(), core::report::render_csv(m.run()));
    const auto md = m.to_markdown();
    EXPECT_EQ(md, core::report::render_summary_markdown(m.run()));
    EXPECT_NE(md.find("cpu-2"), std::string::npos);
    EXPECT_NE(md.find("113.6"), std::string::npos);
}

// Edit → Copy results as Markdown copies the table a reviewer pastes into the review: in the
// window's language, with its decimal comma, as `report --lang` writes the section.
TEST_F(ResultsModelTest, TheMarkdownCopyIsInTheWindowsLanguage) {
    QLocale::setDefault(locale_of(core::i18n::Language::cs));
    const auto md = m.to_markdown();
    QLocale::setDefault(locale_of(core::i18n::Language::en));
    EXPECT_EQ(md, core::report::render_summary_markdown(m.run(), core::i18n::Language::cs));
    EXPECT_EQ(md.rfind("\n## Souhrn\n\n", 0), 0u) << md;
    EXPECT_NE(md.find("113,6"), std::string::npos) << md;
    EXPECT_EQ(md.find("113.6"), std::string::npos) << md;
}

TEST_F(ResultsModelTest, ClearEmptiesTheTable) {
    m.clear();
    EXPECT_EQ(m.rowCount(), 0);
    EXPECT_EQ(m.columnCount(), 0);
    EXPECT_FALSE(m.has_run());
    EXPECT_TRUE(m.to_csv().empty());
}

}  // namespace
}  // namespace wattbench::gui::model
