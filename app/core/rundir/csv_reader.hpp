#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wattbench::core::rundir {

// Splits RFC 4180 text into records. Quoted fields may hold commas, doubled quotes and line
// breaks; records end at LF or CRLF. The reader works on text already in memory (phases.csv is
// small), and keeps line numbers so a caller can say where a bad value is.
class CsvReader {
public:
    explicit CsvReader(std::string_view text);

    // Reads the next record into `fields`. Returns false at the end of the text or on a
    // syntax error; error() tells which.
    bool next(std::vector<std::string>& fields);

    // 1-based line where the record last returned (or the failing one) starts.
    std::size_t line() const { return record_line_; }
    // The bytes of the record last returned, as in the text, without its line break: what a
    // rewrite of the file keeps of a row it leaves alone.
    std::string_view record_text() const { return record_text_; }
    const std::optional<std::string>& error() const { return error_; }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
    std::size_t record_line_ = 0;
    std::string_view record_text_;
    std::optional<std::string> error_;
};

// One record from one line of text (no line break needed at its end). nullopt with `error`
// set when the line is not valid CSV, e.g. an unterminated quote.
std::optional<std::vector<std::string>> split_csv_line(std::string_view line,
                                                       std::string* error = nullptr);

}  // namespace wattbench::core::rundir
