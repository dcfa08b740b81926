#include "app/core/profile/toml_document.hpp"

#include <cstddef>
#include <exception>
#include <sstream>

#include <fmt/format.h>

#include "app/core/profile/nesting_guard.hpp"
#include "app/core/profile/printable.hpp"
#include "app/core/profile/text_position.hpp"
#include "app/core/profile/toml_syntax_error.hpp"
#include "app/core/profile/utf8.hpp"

namespace wattbench::core::profile {

namespace {

// Far beyond any real profile, yet small enough for toml11's recursive parser.
constexpr std::size_t max_nesting = 32;
constexpr std::size_t max_key_parts = 32;

}  // namespace

std::variant<toml::value, ProfileError> parse_toml_document(const std::string& text,
                                                            const std::string& file_name) {
    if (auto bad = find_invalid_utf8(text)) {
        return ProfileError{location_in(text, *bad, file_name), "", "the file is not valid UTF-8"};
    }
    if (auto excess = find_excessive_nesting(text, max_nesting, max_key_parts)) {
        return ProfileError{location_in(text, excess->offset, file_name), "", excess->message};
    }
    try {
        std::istringstream in(text);
        return toml::parse(in, file_name);
    } catch (const toml::syntax_error& e) {
        return from_syntax_error(e, file_name);
    } catch (const toml::exception& e) {
        return ProfileError{
            {file_name, e.location().line(), e.location().column()}, "", "invalid TOML"};
    } catch (const std::exception& e) {
        // toml11 throws standard exceptions for a few malformed inputs (out-of-range numbers).
        return ProfileError{
            {file_name, 0, 0}, "", fmt::format("invalid TOML ({})", printable(e.what(), 200))};
    }
}

}  // namespace wattbench::core::profile
