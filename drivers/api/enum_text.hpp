#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

// One table of {value, text} pairs per enum instead of a switch for the text and an if chain for
// the parse: the two directions cannot drift apart, and a new value is one line.
namespace wattbench::drivers::api {

template <class E>
struct EnumText {
    E value;
    std::string_view text;  // a string literal, so text.data() is NUL-terminated
};

template <class E, std::size_t N>
using EnumTexts = std::array<EnumText<E>, N>;

// The fallback names a value outside the table (an integer cast into the enum), which a switch
// over every enumerator used to answer after the switch.
template <class E, std::size_t N>
constexpr std::string_view text_of(const EnumTexts<E, N>& table, E value,
                                   std::string_view fallback) {
    for (const auto& entry : table) {
        if (entry.value == value) {
            return entry.text;
        }
    }
    return fallback;
}

// Exact, case-sensitive match: the texts are the file formats' spellings.
template <class E, std::size_t N>
constexpr std::optional<E> parse(const EnumTexts<E, N>& table, std::string_view text) {
    for (const auto& entry : table) {
        if (entry.text == text) {
            return entry.value;
        }
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::api
