#pragma once

#include <string>
#include <vector>

namespace wattbench::core::report {

// A run of text in a paragraph, list item or heading, with the one emphasis the reports use.
// The text is as the reader sees it: each renderer escapes it for its own format, so a name
// from the run cannot turn into markup.
struct Span {
    enum class Style { plain, strong, code };
    Style style = Style::plain;
    std::string text;
};

using Inline = std::vector<Span>;

Inline plain(std::string text);
Inline strong(std::string text);
Inline code(std::string text);

// Appends `tail` to `head`, so a line can be built from pieces as its string was.
Inline& operator+=(Inline& head, const Inline& tail);
Inline operator+(Inline head, const Inline& tail);

}  // namespace wattbench::core::report
