#include "app/core/record/csv.hpp"

namespace wattbench::core::record {

bool csv_needs_quotes(std::string_view field) {
    return field.find_first_of(",\"\r\n") != std::string_view::npos;
}

void append_csv_field(std::string& out, std::string_view field) {
    if (!csv_needs_quotes(field)) {
        out.append(field);
        return;
    }
    out.push_back('"');
    for (const char c : field) {
        if (c == '"') {
            out.push_back('"');
        }
        out.push_back(c);
    }
    out.push_back('"');
}

std::string csv_field(std::string_view field) {
    std::string out;
    append_csv_field(out, field);
    return out;
}

}  // namespace wattbench::core::record
