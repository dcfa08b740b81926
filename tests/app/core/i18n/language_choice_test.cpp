#include "app/core/i18n/language_choice.hpp"

#include <map>
#include <string>

#include <gtest/gtest.h>

namespace wattbench::core::i18n {
namespace {

EnvLookup env_of(std::map<std::string, std::string> vars) {
    return [vars = std::move(vars)](const char* name) {
        const auto it = vars.find(name);
        return it == vars.end() ? std::string() : it->second;
    };
}

Language chosen(const std::optional<std::string>& option, const EnvLookup& env) {
    const auto result = choose_language(option, env);
    EXPECT_TRUE(std::holds_alternative<Language>(result)) << std::get<std::string>(result);
    return std::get<Language>(result);
}

TEST(LanguageChoice, OptionWinsOverTheEnvironment) {
    const auto env = env_of({{"LC_ALL", "de_DE.UTF-8"}, {"LANG", "ru_RU.UTF-8"}});
    EXPECT_EQ(chosen("cs", env), Language::cs);
    EXPECT_EQ(chosen("en", env), Language::en);
    EXPECT_EQ(chosen("ru_RU.UTF-8", env), Language::ru);
    EXPECT_EQ(chosen("de-AT", env), Language::de);
}

TEST(LanguageChoice, UnknownOptionIsRefusedWithTheList) {
    const auto result = choose_language(std::string("fr"), env_of({{"LANG", "cs_CZ.UTF-8"}}));
    ASSERT_TRUE(std::holds_alternative<std::string>(result));
    EXPECT_EQ(std::get<std::string>(result), "unknown language 'fr' (available: en, cs, de, ru)");
    EXPECT_TRUE(std::holds_alternative<std::string>(choose_language(std::string(""), env_of({}))));
    EXPECT_TRUE(
        std::holds_alternative<std::string>(choose_language(std::string("czech"), env_of({}))));
}

TEST(LanguageChoice, EnvironmentInGettextOrder) {
    EXPECT_EQ(chosen(std::nullopt, env_of({{"LC_ALL", "cs_CZ.UTF-8"},
                                           {"LC_MESSAGES", "de_DE.UTF-8"},
                                           {"LANG", "ru_RU.UTF-8"}})),
              Language::cs);
    EXPECT_EQ(chosen(std::nullopt, env_of({{"LC_MESSAGES", "de_DE.UTF-8"}, {"LANG", "ru_RU"}})),
              Language::de);
    EXPECT_EQ(chosen(std::nullopt, env_of({{"LANG", "ru_RU.UTF-8"}})), Language::ru);
    EXPECT_EQ(chosen(std::nullopt, env_of({{"LC_ALL", ""}, {"LANG", "de_CH@euro"}})), Language::de);
}

TEST(LanguageChoice, DesktopLocaleWithoutCatalogFallsBackToEnglish) {
    EXPECT_EQ(chosen(std::nullopt, env_of({})), Language::en);
    EXPECT_EQ(chosen(std::nullopt, env_of({{"LANG", "C.UTF-8"}})), Language::en);
    EXPECT_EQ(chosen(std::nullopt, env_of({{"LANG", "POSIX"}})), Language::en);
    EXPECT_EQ(chosen(std::nullopt, env_of({{"LC_MESSAGES", "fr_FR.UTF-8"}, {"LANG", "cs_CZ"}})),
              Language::en);
}

TEST(Language, CodesRoundTrip) {
    for (const Language language : kLanguages) {
        EXPECT_EQ(parse_language(language_code(language)), language);
    }
    EXPECT_EQ(available_languages(), "en, cs, de, ru");
    EXPECT_FALSE(parse_language("cz").has_value());
    EXPECT_FALSE(parse_language("").has_value());
}

}  // namespace
}  // namespace wattbench::core::i18n
