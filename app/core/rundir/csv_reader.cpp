#include "app/core/rundir/csv_reader.hpp"

namespace wattbench::core::rundir {

CsvReader::CsvReader(std::string_view text) : text_(text) {
    // Spreadsheets like to save CSV with a UTF-8 byte order mark; it is not part of the header.
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") {
        pos_ = 3;
    }
}

bool CsvReader::next(std::vector<std::string>& fields) {
    fields.clear();
    if (error_ || pos_ >= text_.size()) {
        return false;
    }
    record_line_ = line_;
    const std::size_t start = pos_;
    std::string field;
    while (true) {
        if (pos_ < text_.size() && text_[pos_] == '"') {
            ++pos_;
            while (true) {
                if (pos_ >= text_.size()) {
                    error_ = "unterminated quoted field";
                    return false;
                }
                const char c = text_[pos_++];
                if (c == '"') {
                    if (pos_ < text_.size() && text_[pos_] == '"') {
                        field.push_back('"');
                        ++pos_;
                        continue;
                    }
                    break;
                }
                if (c == '\n') {
                    ++line_;
                }
                field.push_back(c);
            }
            if (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '\n' &&
                !(text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') &&
                !(text_[pos_] == '\r' && pos_ + 1 == text_.size())) {
                error_ = "unexpected character after closing quote";
                return false;
            }
        } else {
            while (pos_ < text_.size()) {
                const char c = text_[pos_];
                if (c == ',' || c == '\n') {
                    break;
                }
                if (c == '\r' && (pos_ + 1 == text_.size() || text_[pos_ + 1] == '\n')) {
                    break;
                }
                if (c == '"') {
                    error_ = "quote inside an unquoted field";
                    return false;
                }
                field.push_back(c);
                ++pos_;
            }
        }
        fields.push_back(std::move(field));
        field.clear();
        if (pos_ >= text_.size()) {
            record_text_ = text_.substr(start);
            return true;
        }
        const char c = text_[pos_++];
        if (c == ',') {
            continue;
        }
        record_text_ = text_.substr(start, pos_ - 1 - start);
        if (c == '\r') {
            ++pos_;  // the LF of CRLF, or past the end for a lone CR at the end of the text
        }
        ++line_;
        return true;
    }
}

std::optional<std::vector<std::string>> split_csv_line(std::string_view line, std::string* error) {
    auto fail = [error](std::string message) -> std::optional<std::vector<std::string>> {
        if (error != nullptr) {
            *error = std::move(message);
        }
        return std::nullopt;
    };
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) {
        line.remove_suffix(1);
    }
    CsvReader reader(line);
    std::vector<std::string> fields;
    if (!reader.next(fields)) {
        if (reader.error()) {
            return fail(*reader.error());
        }
        return std::vector<std::string>{std::string()};
    }
    std::vector<std::string> rest;
    if (reader.next(rest)) {
        return fail("line break outside a quoted field");
    }
    if (reader.error()) {
        return fail(*reader.error());
    }
    return fields;
}

}  // namespace wattbench::core::rundir
