#pragma once

#include <string>
#include <string_view>

namespace wattbench::report_render {

// Text from a run (names, device identities, the profile) made safe for HTML content and
// attribute values: & < > " ' escaped.
std::string html_escape(std::string_view text);

}  // namespace wattbench::report_render
