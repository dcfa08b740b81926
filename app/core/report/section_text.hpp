#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/i18n/language.hpp"
#include "app/core/i18n/number_format.hpp"
#include "app/core/i18n/translate.hpp"
#include "app/core/report/document_block.hpp"
#include "app/core/report/message_markup.hpp"

// The spelling the report's sections share (section_*.cpp).
namespace wattbench::core::report {

using Align = ColumnAlign;
using i18n::Language;
using i18n::tr;
using i18n::trf;
using i18n::trf_n;

inline constexpr std::string_view kNoData = "–";
inline constexpr std::string_view kNotNumeric = i18n::noop_tr("n/a");
inline constexpr std::string_view kUnknown = i18n::noop_tr("unknown");
inline constexpr std::string_view kLowCoverageMark = " ⚠";

// Headings and list items are single lines; a newline in a name would break the document.
std::string one_line(std::string_view text);
// "1 worker", "4 workers", "2.5 workers" in `language`: `forms` are "{} worker" and
// "{} workers" (marked for xgettext with noop_tr_n), the count written as the language writes
// numbers.
std::string plural(Language language, double count, i18n::PluralForms forms);

// Numbers as `language` writes them (see i18n::format_number): "71.5" / "71,5".
std::string number_text(Language language, double value, int decimals);
// A number already spelled with a point, as `language` writes it.
std::string localized(Language language, std::string_view decimal);
// A share 0..1 with one decimal and the language's space before "%": "99.7 %" / "99,7 %".
std::string percent_text(Language language, double share);
// "2026-11-29 19:50:40 UTC" in English, "29. 11. 2026 19:50:40 UTC" in Czech; as given when it
// does not parse.
std::string utc_text(Language language, std::string_view iso);
// "1 h 05 min", "22 min 20 s", "4 s" with the language's unit names.
std::string duration_text(Language language, std::int64_t ms);
std::string join(const std::vector<std::string>& items, std::string_view sep);
// Nothing when either time does not parse or the clock went backwards in between.
std::optional<std::int64_t> elapsed_ms(std::string_view start, std::string_view end);
// "2026-11-29 19:55:40 → 20:05:40 UTC (10 min)", the date repeated only when the span crosses
// midnight.
std::string time_span(Language language, const std::string& start, const std::string& end);
// Whole numbers without decimals ("1 %", "20"), others to about four significant figures.
std::string plain_number(Language language, double value);
// A share as a limit: 0.01 -> "1 %".
std::string percent_limit(Language language, double share);

}  // namespace wattbench::core::report
