#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/report/markdown_table.hpp"

// The spelling the Markdown report's sections share (markdown_*.cpp).
namespace wattbench::core::report {

using Align = MarkdownTable::Align;

inline constexpr std::string_view kNoData = "–";
inline constexpr std::string_view kNotNumeric = "n/a";
inline constexpr std::string_view kUnknown = "unknown";
inline constexpr std::string_view kLowCoverageMark = " ⚠";

// Headings and list items are single lines; a newline in a name would break the document.
std::string one_line(std::string_view text);
// "1 worker", "4 workers", "2.5 workers".
std::string plural(double count, std::string_view one, std::string_view many);
std::string join(const std::vector<std::string>& items, std::string_view sep);
// Nothing when either time does not parse or the clock went backwards in between.
std::optional<std::int64_t> elapsed_ms(std::string_view start, std::string_view end);
// "2026-11-29 19:55:40 → 20:05:40 UTC (10 min)", the date repeated only when the span crosses
// midnight.
std::string time_span(const std::string& start, const std::string& end);
// Whole numbers without decimals ("1 %", "20"), others to about four significant figures.
std::string plain_number(double value);
// A share as a limit: 0.01 -> "1 %".
std::string percent_limit(double share);

}  // namespace wattbench::core::report
