#include "app/core/report/document_inline.hpp"

#include <utility>

namespace wattbench::core::report {

Inline plain(std::string text) {
    return {{Span::Style::plain, std::move(text)}};
}

Inline strong(std::string text) {
    return {{Span::Style::strong, std::move(text)}};
}

Inline code(std::string text) {
    return {{Span::Style::code, std::move(text)}};
}

Inline& operator+=(Inline& head, const Inline& tail) {
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
}

Inline operator+(Inline head, const Inline& tail) {
    head += tail;
    return head;
}

}  // namespace wattbench::core::report
