#pragma once

#include <string>
#include <string_view>

#include "app/core/i18n/language.hpp"

namespace wattbench::core::i18n {

// `value` with `decimals` places as `language` writes it: "1234.5" in English (no grouping, as
// reports always printed it), "1 234,5" in Czech and Russian (a no-break space groups), "1.234,5"
// in German. The digits are rounded once, the same for every language; a value that rounds to
// zero prints without a sign.
std::string format_number(Language language, double value, int decimals);

// A number already spelled with a decimal point ("-12.50", "113.4"), as `language` writes it;
// `decimal` is returned unchanged when it is not a plain decimal number.
std::string localize_decimal(Language language, std::string_view decimal);

// The space between a number and its unit: a no-break space where the language's typography
// keeps them on one line (Czech, German, Russian), a plain space in English.
std::string_view unit_space(Language language);

// A calendar date as the language writes it: "2026-12-01" (English reports keep ISO),
// "1. 12. 2026", "01.12.2026", "01.12.2026".
std::string format_date(Language language, int year, unsigned month, unsigned day);

}  // namespace wattbench::core::i18n
