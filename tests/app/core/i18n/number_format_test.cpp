#include "app/core/i18n/number_format.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::i18n {
namespace {

// U+00A0, which Czech and Russian group thousands with and which keeps a unit on its number's
// line.
constexpr const char* kNbsp = "\u00a0";

std::string nb(std::string text) {
    for (std::size_t at = text.find('_'); at != std::string::npos; at = text.find('_', at)) {
        text.replace(at, 1, kNbsp);
    }
    return text;
}

TEST(NumberFormat, EnglishKeepsThePlainDecimalPoint) {
    EXPECT_EQ(format_number(Language::en, 1234.56, 1), "1234.6");
    EXPECT_EQ(format_number(Language::en, 71.52, 1), "71.5");
    EXPECT_EQ(format_number(Language::en, -5.25, 1), "-5.2");
}

TEST(NumberFormat, CzechDecimalCommaAndNoBreakSpaceGroups) {
    EXPECT_EQ(format_number(Language::cs, 1234.56, 1), nb("1_234,6"));
    EXPECT_EQ(format_number(Language::cs, 71.52, 1), "71,5");
    EXPECT_EQ(format_number(Language::cs, 163.1, 1), "163,1");
    EXPECT_EQ(format_number(Language::cs, 1234567.0, 0), nb("1_234_567"));
    EXPECT_EQ(format_number(Language::cs, 0.7, 2), "0,70");
}

TEST(NumberFormat, GermanDecimalCommaAndPointGroups) {
    EXPECT_EQ(format_number(Language::de, 1234.56, 1), "1.234,6");
    EXPECT_EQ(format_number(Language::de, 71.52, 1), "71,5");
    EXPECT_EQ(format_number(Language::de, 3118.6, 0), "3.119");
}

TEST(NumberFormat, RussianDecimalCommaAndNoBreakSpaceGroups) {
    EXPECT_EQ(format_number(Language::ru, 1234.56, 1), nb("1_234,6"));
    EXPECT_EQ(format_number(Language::ru, 71.52, 1), "71,5");
}

TEST(NumberFormat, RoundsOnceTheSameInEveryLanguage) {
    // 2.675 is 2.67499999… as a double: every language prints what the English table prints.
    EXPECT_EQ(format_number(Language::en, 2.675, 2), "2.67");
    EXPECT_EQ(format_number(Language::cs, 2.675, 2), "2,67");
    EXPECT_EQ(format_number(Language::de, 0.125, 2), "0,12");
    EXPECT_EQ(format_number(Language::en, 0.125, 2), "0.12");
}

TEST(NumberFormat, ZeroHasNoSignAndNegativesKeepTheirs) {
    EXPECT_EQ(format_number(Language::cs, -0.01, 1), "0,0");
    EXPECT_EQ(format_number(Language::de, -0.4, 0), "0");
    EXPECT_EQ(format_number(Language::cs, -12.5, 1), "-12,5");
    EXPECT_EQ(format_number(Language::de, -1234.5, 1), "-1.234,5");
}

TEST(NumberFormat, LocalizesADecimalAlreadySpelled) {
    EXPECT_EQ(localize_decimal(Language::cs, "-12.50"), "-12,50");
    EXPECT_EQ(localize_decimal(Language::de, "113.4"), "113,4");
    EXPECT_EQ(localize_decimal(Language::cs, "3119"), nb("3_119"));
    EXPECT_EQ(localize_decimal(Language::en, "3119.25"), "3119.25");
    // Anything but a plain decimal is left alone rather than guessed at.
    EXPECT_EQ(localize_decimal(Language::cs, "n/a"), "n/a");
    EXPECT_EQ(localize_decimal(Language::cs, "1e5"), "1e5");
    EXPECT_EQ(localize_decimal(Language::cs, "1.2.3"), "1.2.3");
    EXPECT_EQ(localize_decimal(Language::cs, ".5"), ".5");
    EXPECT_EQ(localize_decimal(Language::cs, "5."), "5.");
    EXPECT_EQ(localize_decimal(Language::cs, ""), "");
    EXPECT_EQ(localize_decimal(Language::cs, "-"), "-");
}

TEST(NumberFormat, UnitSpace) {
    EXPECT_EQ(unit_space(Language::en), " ");
    EXPECT_EQ(unit_space(Language::cs), kNbsp);
    EXPECT_EQ(unit_space(Language::de), kNbsp);
    EXPECT_EQ(unit_space(Language::ru), kNbsp);
}

TEST(DateFormat, EachLanguagesNumericDate) {
    EXPECT_EQ(format_date(Language::en, 2026, 12, 1), "2026-12-01");
    EXPECT_EQ(format_date(Language::cs, 2026, 12, 1), "1.\u00a012.\u00a02026");
    EXPECT_EQ(format_date(Language::de, 2026, 12, 1), "01.12.2026");
    EXPECT_EQ(format_date(Language::ru, 2026, 12, 1), "01.12.2026");
    EXPECT_EQ(format_date(Language::cs, 2027, 1, 31), "31.\u00a01.\u00a02027");
}

}  // namespace
}  // namespace wattbench::core::i18n
