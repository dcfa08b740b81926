#pragma once

#include <utility>
#include <vector>

#include "app/core/report/document_inline.hpp"
#include "app/core/report/severity.hpp"

namespace wattbench::core::report {

// A bulleted item; `severity` is set on a validity rule not met, so the HTML colours the item
// from the rule's outcome rather than from the (translated) word in its text.
struct ListItem {
    // Implicit, so that an item without a severity is written as its text.
    ListItem(Inline text, Severity severity = Severity::ok)
        : text(std::move(text)), severity(severity) {}

    Inline text;
    Severity severity = Severity::ok;
    std::vector<ListItem> children;  // a nested list under the item
};

struct List {
    std::vector<ListItem> items;
};

}  // namespace wattbench::core::report
