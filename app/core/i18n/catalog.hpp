#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>

namespace wattbench::core::i18n {

// The messages of one compiled GNU gettext catalog (.mo, as msgfmt writes it), read without
// setlocale: glibc's gettext only translates for a locale the system has generated, and a
// minimal server has none but C.UTF-8, while a report must come out in the language asked for.
class Catalog {
public:
    // The catalog in `bytes`, or why they are not one, naming the byte offset that is wrong
    // (bad magic, a table or string outside the file).
    static std::variant<Catalog, std::string> parse(std::string_view bytes);
    // The catalog in the file at `path`, or why it cannot be read or parsed.
    static std::variant<Catalog, std::string> load(const std::string& path);

    // The translation of `msgid`; nothing when the catalog has none or it is empty.
    std::optional<std::string_view> find(std::string_view msgid) const;
    // Form `index` of the plural entry `singular`/`plural` (msgstr[index]).
    std::optional<std::string_view> find_plural(std::string_view singular, std::string_view plural,
                                                int index) const;

    std::size_t size() const { return messages_.size(); }

private:
    // Keys as the .mo spells them: "singular\0plural" for plural entries, whose value holds
    // the forms separated by '\0'.
    std::unordered_map<std::string, std::string> messages_;
};

}  // namespace wattbench::core::i18n
