// The catalogs msgfmt built from po/ in this build tree, read as a report reads them.
#include <gtest/gtest.h>

#include "app/core/i18n/message.hpp"
#include "app/core/i18n/translate.hpp"

namespace wattbench::core::i18n {
namespace {

TEST(ShippedCatalogs, AreFoundAndRead) {
    for (const Language language : {Language::cs, Language::de, Language::ru}) {
        EXPECT_TRUE(catalog_available(language)) << catalog_error(language);
        EXPECT_EQ(catalog_error(language), "");
    }
}

TEST(ShippedCatalogs, TranslateHeadingsInTheReviewsStyle) {
    EXPECT_EQ(tr(Language::cs, "Power [W]"), "Příkon [W]");
    EXPECT_EQ(tr(Language::de, "Power [W]"), "Leistung [W]");
    EXPECT_EQ(tr(Language::ru, "Power [W]"), "Мощность [W]");
    EXPECT_EQ(tr(Language::cs, "Summary"), "Souhrn");
    // A message no catalog has stays English.
    EXPECT_EQ(tr(Language::cs, "not a message"), "not a message");
}

TEST(ShippedCatalogs, PluralFormsFollowEachLanguage) {
    EXPECT_EQ(trf_n(Language::cs, "{} rule failed", "{} rules failed", 1, 1),
              "1 pravidlo nesplněno");
    EXPECT_EQ(trf_n(Language::cs, "{} rule failed", "{} rules failed", 3, 3),
              "3 pravidla nesplněna");
    EXPECT_EQ(trf_n(Language::cs, "{} rule failed", "{} rules failed", 5, 5),
              "5 pravidel nesplněno");
    EXPECT_EQ(trf_n(Language::ru, "{} warning", "{} warnings", 21, 21), "21 предупреждение");
    EXPECT_EQ(trf_n(Language::ru, "{} warning", "{} warnings", 22, 22), "22 предупреждения");
    EXPECT_EQ(trf_n(Language::de, "{} warning", "{} warnings", 2, 2), "2 Warnungen");
}

TEST(ShippedCatalogs, MessagesLocalizeTheirNumbers) {
    const Message message{"uncertainty {} % > {} %", {number_arg("1.4"), number_arg("1")}};
    EXPECT_EQ(message.in(Language::en), "uncertainty 1.4 % > 1 %");
    EXPECT_EQ(message.in(Language::cs), "nejistota 1,4\u00a0% > 1\u00a0%");
    const Message label{"{} [{}] ({})",
                        {word_arg("Power"), text_arg("W"), text_arg("wattmeter/power")}};
    EXPECT_EQ(label.in(Language::cs), "Příkon [W] (wattmeter/power)");
    EXPECT_EQ(label.in(Language::en), "Power [W] (wattmeter/power)");
}

}  // namespace
}  // namespace wattbench::core::i18n
