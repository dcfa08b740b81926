#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace wattbench::core::report {

struct CsvRecord {
    std::size_t line = 0;  // 1-based line the record starts on, so errors can point at it
    std::vector<std::string> fields;
};

struct CsvError {
    std::size_t line = 0;
    std::string message;
};

// Splits RFC 4180 text into records. A quoted field may hold commas, doubled quotes and line
// breaks, so one record can span several lines; that is why this splits whole text rather than
// lines read one by one. LF and CRLF both end a record; blank lines are skipped so a stray
// trailing newline in a hand-edited file is not an error.
std::variant<std::vector<CsvRecord>, CsvError> split_csv(std::string_view text);

// Quotes a field only when RFC 4180 requires it (comma, quote, CR or LF inside).
std::string quote_csv_field(std::string_view field);

}  // namespace wattbench::core::report
