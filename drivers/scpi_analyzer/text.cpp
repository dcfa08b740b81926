#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "drivers/scpi_analyzer/text.hpp"

// The text building blocks dialects share (codec.hpp, "Defaults and building blocks").
namespace wattbench::drivers::scpi_analyzer {
namespace {

bool ignorable(char c) {
    return c == ' ' || c == '-' || c == '_';
}

std::string folded(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        if (!ignorable(c)) {
            out.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
        }
    }
    return out;
}

bool equals_upper(std::string_view s, std::string_view upper) {
    if (s.size() != upper.size()) {
        return false;
    }
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (std::toupper(static_cast<unsigned char>(s[i])) != upper[i]) {
            return false;
        }
    }
    return true;
}

}  // namespace

std::string_view strip_header(std::string_view field) {
    field = trim(field);
    const auto space = field.find_last_of(" \t");
    return space == std::string_view::npos ? field : trim(field.substr(space + 1));
}

bool same_name(std::string_view a, std::string_view b) {
    return folded(a) == folded(b);
}

bool starts_with_name(std::string_view text, std::string_view prefix) {
    const auto t = folded(text);
    const auto p = folded(prefix);
    return !p.empty() && t.compare(0, p.size(), p) == 0;
}

std::optional<double> parse_number(std::string_view text) {
    text = trim(text);
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
    }
    // from_chars also takes `inf` and `nan`; a number starts with a digit, a point or '-'.
    if (text.empty() || !(std::isdigit(static_cast<unsigned char>(text.front())) ||
                          text.front() == '.' || text.front() == '-')) {
        return std::nullopt;
    }
    if (text.front() == '-' && text.size() > 1 &&
        !(std::isdigit(static_cast<unsigned char>(text[1])) || text[1] == '.')) {
        return std::nullopt;
    }
    double v = 0.0;
    const auto* end = text.data() + text.size();
    const auto r = std::from_chars(text.data(), end, v);
    if (r.ec != std::errc() || r.ptr != end || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

Value default_parse_value(std::string_view field) {
    field = trim(field);
    std::string_view bare = field;
    if (!bare.empty() && (bare.front() == '+' || bare.front() == '-')) {
        bare.remove_prefix(1);
    }
    if (equals_upper(bare, "NAN")) {
        return {api::Status::unavailable, 0.0};
    }
    if (equals_upper(bare, "INF")) {
        return {api::Status::overrange, 0.0};
    }
    auto v = parse_number(field);
    if (!v) {
        return {api::Status::error, 0.0};
    }
    // IEEE sentinels as ASCII (Yokogawa, ZES, R&S): 9.91E+37 no data, 9.9E+37 over-range.
    const double a = std::fabs(*v);
    if (a >= 9.905e37) {
        return {api::Status::unavailable, 0.0};
    }
    if (a >= 9.9e37 * (1.0 - 1e-9)) {
        return {api::Status::overrange, 0.0};
    }
    return {api::Status::ok, *v};
}

std::optional<double> default_parse_range(std::string_view line, std::span<const double>) {
    auto text = strip_header(line);
    // A unit after the number (`600V`, `500mA`) is tolerated: which form a family echoes is
    // rarely documented.
    double scale = 1.0;
    auto ends_with = [&](std::string_view suffix) {
        return text.size() > suffix.size() &&
               equals_upper(text.substr(text.size() - suffix.size()), suffix);
    };
    if (ends_with("MA") || ends_with("MV")) {
        scale = 1e-3;
        text.remove_suffix(2);
    } else if (ends_with("KV")) {
        scale = 1e3;
        text.remove_suffix(2);
    } else if (ends_with("A") || ends_with("V")) {
        text.remove_suffix(1);
    }
    auto v = parse_number(text);
    if (!v || *v <= 0.0) {
        return std::nullopt;
    }
    return *v * scale;
}

std::string format_range(double value, std::string_view unit) {
    char buf[40];
    if (value < 1.0 && unit == "A") {
        std::snprintf(buf, sizeof buf, "%gmA", value * 1000.0);
    } else {
        std::snprintf(buf, sizeof buf, "%g%.*s", value, static_cast<int>(unit.size()), unit.data());
    }
    return buf;
}

std::optional<int> confirmation_code(std::string_view line) {
    line = trim(line);
    if (line.size() != 3 || !std::all_of(line.begin(), line.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c)) != 0;
        })) {
        return std::nullopt;
    }
    return (line[0] - '0') * 100 + (line[1] - '0') * 10 + (line[2] - '0');
}

common::Scan scan_reply_line(std::span<const std::uint8_t> bytes) {
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (bytes[i] == '\n' || bytes[i] == '\r') {
            return {0, i + 1};
        }
    }
    return {0, 0};
}

std::optional<api::DeviceIdentity> default_parse_identity(std::string_view family,
                                                          std::string_view line) {
    std::vector<std::string_view> fields;
    line = trim(line);
    while (true) {
        const auto comma = line.find(',');
        fields.push_back(trim(line.substr(0, comma)));
        if (comma == std::string_view::npos) {
            break;
        }
        line.remove_prefix(comma + 1);
    }
    if (fields.size() < 2 || fields[1].empty() || !starts_with_name(fields[0], family)) {
        return std::nullopt;
    }
    api::DeviceIdentity id;
    id.vendor = std::string(fields[0]);
    id.model = std::string(fields[1]);
    if (fields.size() > 2) {
        id.serial = std::string(fields[2]);
    }
    if (fields.size() > 3) {
        id.firmware = std::string(fields[3]);
    }
    return id;
}

std::string quantity_text(double value, const char* unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g %s", value, unit);
    return buf;
}

}  // namespace wattbench::drivers::scpi_analyzer
