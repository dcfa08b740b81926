#include "app/core/i18n/number_format.hpp"

#include <memory>

#include <fmt/format.h>
#include <unicode/datefmt.h>
#include <unicode/gregocal.h>
#include <unicode/numberformatter.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>

namespace wattbench::core::i18n {

namespace {

icu::Locale icu_locale(Language language) {
    return icu::Locale(std::string(language_code(language)).c_str());
}

bool plain_decimal(std::string_view text) {
    if (!text.empty() && text.front() == '-') {
        text.remove_prefix(1);
    }
    if (text.empty() || text.front() == '.') {
        return false;
    }
    bool point = false;
    for (const char c : text) {
        if (c == '.') {
            if (point) {
                return false;
            }
            point = true;
        } else if (c < '0' || c > '9') {
            return false;
        }
    }
    return text.back() != '.';
}

}  // namespace

std::string localize_decimal(Language language, std::string_view decimal) {
    // An explicit sign ("+1.5 W per core") stays in front of the localized digits.
    if (!decimal.empty() && decimal.front() == '+' && plain_decimal(decimal.substr(1))) {
        return "+" + localize_decimal(language, decimal.substr(1));
    }
    if (language == Language::en || !plain_decimal(decimal)) {
        return std::string(decimal);
    }
    const auto point = decimal.find('.');
    const int places =
        point == std::string_view::npos ? 0 : static_cast<int>(decimal.size() - point - 1);
    UErrorCode status = U_ZERO_ERROR;
    // The digits go to ICU as a decimal string: ICU only places separators and signs, so a
    // Czech table never rounds a tie differently from the English one.
    const auto formatter = icu::number::NumberFormatter::withLocale(icu_locale(language))
                               .precision(icu::number::Precision::fixedFraction(places));
    const auto formatted = formatter.formatDecimal(
        icu::StringPiece(decimal.data(), static_cast<int32_t>(decimal.size())), status);
    std::string out;
    formatted.toString(status).toUTF8String(out);
    return U_FAILURE(status) ? std::string(decimal) : out;
}

std::string format_number(Language language, double value, int decimals) {
    std::string out = fmt::format("{:.{}f}", value, decimals);
    if (out.front() == '-' && out.find_first_not_of("-0.") == std::string::npos) {
        out.erase(0, 1);
    }
    return localize_decimal(language, out);
}

std::string_view unit_space(Language language) {
    return language == Language::en ? " " : "\u00a0";
}

std::string format_date(Language language, int year, unsigned month, unsigned day) {
    if (language == Language::en) {
        return fmt::format("{:04}-{:02}-{:02}", year, month, day);
    }
    UErrorCode status = U_ZERO_ERROR;
    // Czech and German medium style is the numeric date a text uses ("1. 12. 2026",
    // "01.12.2026"); Russian's medium abbreviates the month, its short style is numeric.
    const auto style =
        language == Language::ru ? icu::DateFormat::kShort : icu::DateFormat::kMedium;
    std::unique_ptr<icu::DateFormat> formatter(
        icu::DateFormat::createDateInstance(style, icu_locale(language)));
    if (language == Language::cs) {
        // CLDR's Czech pattern with the spaces Czech typography keeps on one line (ČSN 01 6910:
        // a date is not split across lines), so both spaces are no-break ones.
        formatter = std::make_unique<icu::SimpleDateFormat>(
            icu::UnicodeString::fromUTF8("d.\u00a0M.\u00a0y"), icu_locale(language), status);
    }
    icu::GregorianCalendar calendar(*icu::TimeZone::getGMT(), status);
    calendar.set(year, static_cast<int32_t>(month) - 1, static_cast<int32_t>(day), 12, 0, 0);
    const UDate date = calendar.getTime(status);
    if (!formatter || U_FAILURE(status)) {
        return fmt::format("{:04}-{:02}-{:02}", year, month, day);
    }
    formatter->setTimeZone(*icu::TimeZone::getGMT());
    icu::UnicodeString text;
    formatter->format(date, text);
    std::string out;
    text.toUTF8String(out);
    return out;
}

}  // namespace wattbench::core::i18n
