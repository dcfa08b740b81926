#pragma once

#include "app/core/report/document_block.hpp"

namespace wattbench::core::report::testing {

// An incomplete run's note as incomplete_body builds it, for the tests of both renderers: a
// paragraph and a list, quoted.
inline Quote incomplete_note() {
    List missing;
    missing.items.emplace_back(plain("Not measured: cpu-4"));
    return Quote{{Paragraph{strong("Incomplete results.") + plain(" Stopped.")}, missing}};
}

// The run facts' last item as facts_body builds it: the devices, nested under it.
inline List device_facts() {
    List facts;
    facts.items.emplace_back(strong("Devices:"));
    facts.items.back().children.emplace_back(plain("wm: ") + code("sim"));
    return facts;
}

}  // namespace wattbench::core::report::testing
