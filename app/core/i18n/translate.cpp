#include "app/core/i18n/translate.hpp"

#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <system_error>
#include <utility>
#include <variant>

#include "app/core/i18n/catalog.hpp"
#include "drivers/modules/program_place.hpp"

namespace wattbench::core::i18n {

namespace {

constexpr std::string_view kDomain = "wattbench";

struct Slot {
    std::once_flag loaded;
    std::optional<Catalog> catalog;
    std::string error;
};

// One slot per language, filled on first use and never changed after: readers need no lock.
Slot& slot(Language language) {
    static std::array<Slot, kLanguages.size()> slots;
    return slots[static_cast<std::size_t>(language)];
}

Slot& loaded_slot(Language language) {
    Slot& s = slot(language);
    std::call_once(s.loaded, [&] {
        auto loaded = Catalog::load(catalog_path(language));
        if (auto* catalog = std::get_if<Catalog>(&loaded)) {
            s.catalog = std::move(*catalog);
        } else {
            s.error = std::get<std::string>(loaded);
        }
    });
    return s;
}

const Catalog* catalog_of(Language language) {
    if (language == Language::en) {
        return nullptr;
    }
    Slot& s = loaded_slot(language);
    return s.catalog ? &*s.catalog : nullptr;
}

std::string in_dir(const std::filesystem::path& dir, Language language) {
    return (dir / language_code(language) / "LC_MESSAGES" / (std::string(kDomain) + ".mo"))
        .string();
}

}  // namespace

std::vector<std::string> catalog_candidates(Language language) {
    if (const char* dir = std::getenv("WATTBENCH_LOCALEDIR"); dir != nullptr && *dir != '\0') {
        return {in_dir(dir, language)};
    }
    std::vector<std::string> found;
    const auto place = drivers::modules::program_place();
    if (place && place->in_build_tree) {
        found.push_back(in_dir(WATTBENCH_LOCALEDIR_BUILD, language));
    }
    // From the program's own place (/usr/bin/wattbench → /usr/share/locale), so one build
    // serves /usr and /usr/local alike; the configured prefix for programs elsewhere.
    if (place) {
        found.push_back(in_dir(place->prefix() / WATTBENCH_LOCALEDIR_RELATIVE, language));
    }
    found.push_back(in_dir(WATTBENCH_LOCALEDIR_INSTALLED, language));
    return found;
}

std::string catalog_path(Language language) {
    const auto all = catalog_candidates(language);
    for (const auto& candidate : all) {
        std::error_code ec;
        if (std::filesystem::exists(candidate, ec)) {
            return candidate;
        }
    }
    return all.back();
}

std::string catalog_error(Language language) {
    if (language == Language::en) {
        return {};
    }
    return loaded_slot(language).error;
}

int plural_index(Language language, double count) {
    const bool whole = count == std::floor(count) && std::abs(count) < 1e15;
    const auto n = whole ? static_cast<long long>(std::abs(count)) : -1;
    switch (language) {
        case Language::cs:
            // Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;
            // A fraction takes the genitive singular, which is the 2-4 form: "1,5 jádra".
            if (n < 0) {
                return 1;
            }
            return n == 1 ? 0 : (n >= 2 && n <= 4) ? 1 : 2;
        case Language::ru:
            // Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4
            // && (n%100<10 || n%100>=20) ? 1 : 2);
            if (n < 0) {
                return 1;  // fractions take the genitive singular, the "few" form
            }
            if (n % 10 == 1 && n % 100 != 11) {
                return 0;
            }
            return (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20)) ? 1 : 2;
        case Language::de:
        case Language::en:
            break;
    }
    return n == 1 ? 0 : 1;
}

std::string_view tr(Language language, std::string_view msgid) {
    if (const Catalog* catalog = catalog_of(language)) {
        if (const auto found = catalog->find(msgid)) {
            return *found;
        }
    }
    return msgid;
}

std::string_view tr_n(Language language, std::string_view singular, std::string_view plural,
                      double count) {
    const int index = plural_index(language, count);
    if (const Catalog* catalog = catalog_of(language)) {
        if (const auto found = catalog->find_plural(singular, plural, index)) {
            return *found;
        }
    }
    return plural_index(Language::en, count) == 0 ? singular : plural;
}

bool catalog_available(Language language) {
    return language == Language::en || catalog_of(language) != nullptr;
}

}  // namespace wattbench::core::i18n
