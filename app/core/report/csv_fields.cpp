#include "app/core/report/csv_fields.hpp"

namespace wattbench::core::report {

namespace {

bool ends_field(char c) {
    return c == ',' || c == '\n' || c == '\r';
}

}  // namespace

std::variant<std::vector<CsvRecord>, CsvError> split_csv(std::string_view text) {
    std::vector<CsvRecord> records;
    std::size_t line = 1;
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        if (text[i] == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (text[i] == '\r' && i + 1 < n && text[i + 1] == '\n') {
            ++line;
            i += 2;
            continue;
        }
        CsvRecord record{line, {}};
        for (;;) {
            std::string field;
            if (i < n && text[i] == '"') {
                const std::size_t opened_on = line;
                bool closed = false;
                ++i;
                while (i < n) {
                    const char c = text[i];
                    if (c == '"') {
                        if (i + 1 < n && text[i + 1] == '"') {
                            field += '"';
                            i += 2;
                            continue;
                        }
                        ++i;
                        closed = true;
                        break;
                    }
                    if (c == '\n') {
                        ++line;
                    }
                    field += c;
                    ++i;
                }
                if (!closed) {
                    return CsvError{opened_on, "quoted field is never closed"};
                }
                if (i < n && !ends_field(text[i])) {
                    return CsvError{line, "text after the closing quote of a field"};
                }
            } else {
                while (i < n && !ends_field(text[i])) {
                    if (text[i] == '"') {
                        return CsvError{line, "quote inside an unquoted field"};
                    }
                    field += text[i];
                    ++i;
                }
            }
            record.fields.push_back(std::move(field));
            if (i >= n) {
                break;
            }
            if (text[i] == ',') {
                ++i;
                continue;
            }
            if (text[i] == '\r') {
                if (i + 1 >= n || text[i + 1] != '\n') {
                    return CsvError{line, "carriage return not followed by a line feed"};
                }
                ++i;
            }
            ++i;
            ++line;
            break;
        }
        records.push_back(std::move(record));
    }
    return records;
}

std::string quote_csv_field(std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        return std::string(field);
    }
    std::string out = "\"";
    for (const char c : field) {
        if (c == '"') {
            out += '"';
        }
        out += c;
    }
    out += '"';
    return out;
}

}  // namespace wattbench::core::report
