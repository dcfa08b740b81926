#include <gtest/gtest.h>

#include "app/core/i18n/translate.hpp"

namespace wattbench::core::i18n {
namespace {

// The forms po/<lang>.po's Plural-Forms header promises: index i is msgstr[i].
TEST(PluralIndex, CzechOneFewMany) {
    EXPECT_EQ(plural_index(Language::cs, 1), 0);
    EXPECT_EQ(plural_index(Language::cs, 2), 1);
    EXPECT_EQ(plural_index(Language::cs, 4), 1);
    EXPECT_EQ(plural_index(Language::cs, 5), 2);
    EXPECT_EQ(plural_index(Language::cs, 0), 2);
    EXPECT_EQ(plural_index(Language::cs, 21), 2);
    EXPECT_EQ(plural_index(Language::cs, 1.5), 1);
    EXPECT_EQ(plural_index(Language::cs, 0.5), 1);
    EXPECT_EQ(plural_index(Language::cs, 2.5), 1);
}

// Fractional core counts (a half-loaded SMT pair) take the genitive singular in both languages.
TEST(Translate, FractionalCountsInCzechAndRussian) {
    EXPECT_EQ(trf_n(Language::cs, "{} physical core", "{} physical cores", 1.5, "1,5"),
              "1,5 fyzická jádra");
    EXPECT_EQ(trf_n(Language::cs, "{} physical core", "{} physical cores", 5, "5"),
              "5 fyzických jader");
    EXPECT_EQ(trf_n(Language::ru, "{} physical core", "{} physical cores", 1.5, "1,5"),
              "1,5 физических ядра");
}

TEST(PluralIndex, RussianByLastDigits) {
    EXPECT_EQ(plural_index(Language::ru, 1), 0);
    EXPECT_EQ(plural_index(Language::ru, 21), 0);
    EXPECT_EQ(plural_index(Language::ru, 11), 2);
    EXPECT_EQ(plural_index(Language::ru, 3), 1);
    EXPECT_EQ(plural_index(Language::ru, 22), 1);
    EXPECT_EQ(plural_index(Language::ru, 12), 2);
    EXPECT_EQ(plural_index(Language::ru, 5), 2);
    EXPECT_EQ(plural_index(Language::ru, 0), 2);
    EXPECT_EQ(plural_index(Language::ru, 1.5), 1);
}

TEST(PluralIndex, EnglishAndGermanOneOther) {
    for (const Language language : {Language::en, Language::de}) {
        EXPECT_EQ(plural_index(language, 1), 0);
        EXPECT_EQ(plural_index(language, 0), 1);
        EXPECT_EQ(plural_index(language, 2), 1);
        EXPECT_EQ(plural_index(language, 1.5), 1);
    }
}

TEST(Translate, EnglishIsTheSource) {
    EXPECT_EQ(tr(Language::en, "Power [W]"), "Power [W]");
    EXPECT_EQ(tr_n(Language::en, "{} phase", "{} phases", 1), "{} phase");
    EXPECT_EQ(tr_n(Language::en, "{} phase", "{} phases", 3), "{} phases");
    EXPECT_TRUE(catalog_available(Language::en));
    EXPECT_EQ(catalog_error(Language::en), "");
}

TEST(Translate, CatalogsAreLookedForInTheBuildTreeFirst) {
    const auto candidates = catalog_candidates(Language::cs);
    ASSERT_FALSE(candidates.empty());
    EXPECT_EQ(candidates.front(),
              std::string(WATTBENCH_BINARY_DIR) + "/locale/cs/LC_MESSAGES/wattbench.mo");
}

}  // namespace
}  // namespace wattbench::core::i18n
