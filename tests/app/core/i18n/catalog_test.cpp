#include "app/core/i18n/catalog.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace wattbench::core::i18n {
namespace {

using ::testing::HasSubstr;

void put_word(std::string& out, std::size_t at, std::uint32_t v, bool big_endian) {
    for (int i = 0; i < 4; ++i) {
        const int shift = big_endian ? 24 - 8 * i : 8 * i;
        out[at + static_cast<std::size_t>(i)] = static_cast<char>((v >> shift) & 0xff);
    }
}

// A .mo file laid out as msgfmt does: header, original table at 28, translation table after
// it, no hash table, then the strings, each NUL-terminated.
std::string mo_bytes(const std::vector<std::pair<std::string, std::string>>& entries,
                     bool big_endian = false) {
    const auto n = static_cast<std::uint32_t>(entries.size());
    const std::uint32_t originals = 28;
    const std::uint32_t translations = originals + 8 * n;
    std::string out(translations + 8 * n, '\0');
    put_word(out, 0, 0x950412de, big_endian);
    put_word(out, 8, n, big_endian);
    put_word(out, 12, originals, big_endian);
    put_word(out, 16, translations, big_endian);
    for (int table = 0; table < 2; ++table) {
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::string& text = table == 0 ? entries[i].first : entries[i].second;
            const std::uint32_t at = (table == 0 ? originals : translations) + 8 * i;
            put_word(out, at, static_cast<std::uint32_t>(text.size()), big_endian);
            put_word(out, at + 4, static_cast<std::uint32_t>(out.size()), big_endian);
            out += text;
            out += '\0';
        }
    }
    return out;
}

// A string with embedded NULs, as a literal spells it.
template <std::size_t N>
std::string bytes_of(const char (&literal)[N]) {
    return std::string(literal, N - 1);
}

const std::vector<std::pair<std::string, std::string>> kEntries = {
    {"", "Content-Type: text/plain; charset=UTF-8\n"},
    {"Power [W]", "Příkon [W]"},
    {bytes_of("{} phase\0{} phases"), bytes_of("{} fáze\0{} fáze\0{} fází")},
    {"menu\x04"
     "File",
     "Soubor"},
    {"Untranslated", ""},
};

void expect_entries(const Catalog& catalog);

void expect_parsed_entries(const std::string& bytes) {
    const auto result = Catalog::parse(bytes);
    const auto* catalog = std::get_if<Catalog>(&result);
    ASSERT_NE(catalog, nullptr) << std::get<std::string>(result);
    expect_entries(*catalog);
}

std::string refusal(const std::string& bytes) {
    const auto result = Catalog::parse(bytes);
    EXPECT_TRUE(std::holds_alternative<std::string>(result));
    return std::holds_alternative<std::string>(result) ? std::get<std::string>(result) : "";
}

void expect_entries(const Catalog& catalog) {
    EXPECT_EQ(catalog.find("Power [W]"), "Příkon [W]");
    EXPECT_EQ(catalog.find_plural("{} phase", "{} phases", 0), "{} fáze");
    EXPECT_EQ(catalog.find_plural("{} phase", "{} phases", 2), "{} fází");
    EXPECT_FALSE(catalog.find_plural("{} phase", "{} phases", 3).has_value());
    // An empty translation means "not translated", as gettext treats it.
    EXPECT_FALSE(catalog.find("Untranslated").has_value());
    EXPECT_FALSE(catalog.find("File").has_value());
    EXPECT_FALSE(catalog.find("").has_value());
    EXPECT_FALSE(catalog.find("Missing").has_value());
}

TEST(Catalog, ReadsLittleAndBigEndianFiles) {
    expect_parsed_entries(mo_bytes(kEntries));
    expect_parsed_entries(mo_bytes(kEntries, true));
}

TEST(Catalog, ReadsWhatMsgfmtWrites) {
    auto result = Catalog::load(WATTBENCH_FIXTURE_MO);
    ASSERT_TRUE(std::holds_alternative<Catalog>(result)) << std::get<std::string>(result);
    expect_entries(std::get<Catalog>(result));
}

TEST(Catalog, EmptyCatalogHasNoMessages) {
    const auto result = Catalog::parse(mo_bytes({}));
    ASSERT_TRUE(std::holds_alternative<Catalog>(result));
    EXPECT_EQ(std::get<Catalog>(result).size(), 0u);
}

TEST(Catalog, RefusesShortFile) {
    EXPECT_EQ(refusal(""), "not a .mo catalog: 0 bytes, shorter than the 28-byte header");
    EXPECT_EQ(refusal(mo_bytes({}).substr(0, 27)),
              "not a .mo catalog: 27 bytes, shorter than the 28-byte header");
}

TEST(Catalog, RefusesBadMagic) {
    std::string bytes = mo_bytes(kEntries);
    bytes[0] = 'P';
    EXPECT_EQ(refusal(bytes), "not a .mo catalog: magic 0x95041250 at byte 0");
    EXPECT_EQ(refusal(std::string(40, 'x')), "not a .mo catalog: magic 0x78787878 at byte 0");
}

TEST(Catalog, RefusesUnknownMajorRevision) {
    std::string bytes = mo_bytes(kEntries);
    put_word(bytes, 4, 0x00020000, false);
    EXPECT_EQ(refusal(bytes), ".mo major revision 2 at byte 4 is not supported");
}

TEST(Catalog, RefusesTableOffsetsPastTheEnd) {
    std::string bytes = mo_bytes(kEntries);
    put_word(bytes, 16, static_cast<std::uint32_t>(bytes.size()) - 4, false);
    EXPECT_EQ(refusal(bytes), "translation table of 5 entries at byte " +
                                  std::to_string(bytes.size() - 4) +
                                  " (from byte 16) runs past the end of the file (" +
                                  std::to_string(bytes.size()) + " bytes)");

    bytes = mo_bytes(kEntries);
    put_word(bytes, 12, 0xfffffff0, false);
    EXPECT_THAT(refusal(bytes), HasSubstr("original table of 5 entries at byte 4294967280"));

    // A count so large that count * 8 wraps a 32-bit product.
    bytes = mo_bytes(kEntries);
    put_word(bytes, 8, 0x20000001, false);
    EXPECT_THAT(refusal(bytes), HasSubstr("original table of 536870913 entries at byte 28"));
}

TEST(Catalog, RefusesStringOffsetsPastTheEnd) {
    std::string bytes = mo_bytes(kEntries);
    // The second original's descriptor is at 28 + 8: its offset word at 40.
    put_word(bytes, 40, static_cast<std::uint32_t>(bytes.size()), false);
    EXPECT_EQ(refusal(bytes), "original string 1 (descriptor at byte 36): 9 bytes at byte " +
                                  std::to_string(bytes.size()) + " run past the end of the file (" +
                                  std::to_string(bytes.size()) + " bytes)");

    bytes = mo_bytes(kEntries);
    // The third translation's length word: translations start at 28 + 5 * 8 = 68.
    put_word(bytes, 68 + 16, 0xffffffff, false);
    EXPECT_THAT(refusal(bytes),
                HasSubstr("translation string 2 (descriptor at byte 84): 4294967295 bytes"));
}

TEST(Catalog, LoadNamesTheFile) {
    const auto result = Catalog::load("/nonexistent/wattbench.mo");
    ASSERT_TRUE(std::holds_alternative<std::string>(result));
    EXPECT_EQ(std::get<std::string>(result), "cannot open /nonexistent/wattbench.mo");
}

}  // namespace
}  // namespace wattbench::core::i18n
