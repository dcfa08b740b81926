#include "drivers/zes/codec.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace wattbench::drivers::zes {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
        s.remove_prefix(1);
    }
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
        s.remove_suffix(1);
    }
    return s;
}

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) {
        return false;
    }
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (std::toupper(static_cast<unsigned char>(s[i])) !=
            std::toupper(static_cast<unsigned char>(prefix[i]))) {
            return false;
        }
    }
    return true;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// The per-channel suffix of the LMG6xx names; the single-channel models have none.
std::string suffix(const Model& model, int channel) {
    return model.shape == Shape::per_channel ? std::to_string(channel) : std::string();
}

constexpr double invalid_value = 9.91e37;
constexpr double overrange_value = 9.9e37;

}  // namespace

std::vector<std::string> greeting_commands(const Model& model) {
    return {"cont off", std::string(model.language)};
}

std::string synced(std::string_view command) {
    return std::string(command) + ";*OPC?";
}

bool is_opc_ack(std::string_view line) {
    return trim(line) == "1";
}

std::variant<api::DeviceIdentity, std::string> parse_identity(const Model& model,
                                                              std::string_view line) {
    std::vector<std::string_view> fields;
    std::string_view rest = trim(line);
    for (;;) {
        const auto comma = rest.find(',');
        fields.push_back(trim(rest.substr(0, comma)));
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    // The model field's position is UNCONFIRMED beyond lmgtools reading field 1: take the
    // first field naming an LMG.
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (!starts_with_nocase(fields[i], "LMG")) {
            continue;
        }
        if (!starts_with_nocase(fields[i], model.idn_model)) {
            return "the meter identifies as " + std::string(fields[i]) + ", which is not a " +
                   std::string(model.idn_model) + (model.shape == Shape::per_channel ? "xx" : "") +
                   "; use the driver of that model";
        }
        api::DeviceIdentity id;
        id.vendor = i > 0 ? std::string(fields[0]) : "ZES ZIMMER";
        id.model = std::string(fields[i]);
        id.serial = i + 1 < fields.size() ? std::string(fields[i + 1]) : "";
        id.firmware = i + 2 < fields.size() ? std::string(fields[i + 2]) : "";
        return id;
    }
    return "not a ZES LMG identity: \"" + std::string(trim(line)) + "\"";
}

std::vector<std::string> range_commands(const Model& model, int channel, const Range& volts,
                                        const Range& amps) {
    const std::string n = suffix(model, channel);
    std::vector<std::string> out;
    if (model.shape == Shape::per_channel) {
        out.push_back("uauto" + n + (volts ? " 0" : " 1"));
        if (volts) {
            out.push_back("urng" + n + " " + number(*volts));
        }
        out.push_back("iauto" + n + (amps ? " 0" : " 1"));
        if (amps) {
            out.push_back("irng" + n + " " + number(*amps));
        }
        return out;
    }
    out.push_back(volts ? "uam manual" : "uam auto");
    if (volts) {
        out.push_back("urng " + number(*volts));
    }
    out.push_back(amps ? "iam manual" : "iam auto");
    if (amps) {
        out.push_back("irng " + number(*amps));
    }
    return out;
}

std::vector<std::string> range_queries(const Model& model, int channel) {
    const std::string n = suffix(model, channel);
    return {"urng" + n + "?", "irng" + n + "?"};
}

std::size_t item_count(bool with_ranges) {
    return with_ranges ? item_current_range + 1 : item_frequency + 1;
}

std::string arm_command(const Model& model, int channel, bool with_ranges) {
    const std::string n = suffix(model, channel);
    const char* freq = model.shape == Shape::per_channel ? "fcyc" : "freq";
    std::string out = "actn";
    for (const char* name : {"utrms", "itrms", "p", "s", "q", "pf", freq}) {
        out += std::string(";") + name + n + "?";
    }
    if (with_ranges) {
        out += ";urng" + n + "?;irng" + n + "?";
    }
    return out;
}

std::string cycle_command(double seconds) {
    return "cycl " + number(seconds);
}

std::optional<Value> parse_value(std::string_view text) {
    text = trim(text);
    if (text.empty() || text.size() > 40) {
        return std::nullopt;
    }
    std::string upper;
    for (char c : text) {
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (upper == "NAN") {
        return Value{0.0, api::Status::unavailable};
    }
    if (upper == "INF" || upper == "+INF" || upper == "-INF") {
        return Value{0.0, api::Status::overrange};
    }
    // strtod would take "inf"/"nan"/hex spellings the meter never sends; allow only decimals.
    for (char c : upper) {
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' ||
              c == 'E')) {
            return std::nullopt;
        }
    }
    std::string s(text);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    if (std::fabs(v - invalid_value) <= invalid_value * 1e-6) {
        return Value{0.0, api::Status::unavailable};
    }
    if (std::fabs(v) >= overrange_value * (1 - 1e-6)) {
        return Value{0.0, api::Status::overrange};
    }
    return Value{v, api::Status::ok};
}

std::variant<std::vector<Value>, std::string> parse_line(std::string_view line,
                                                         std::size_t expected) {
    std::vector<Value> out;
    std::size_t i = 0;
    auto separator = [](char c) {
        return c == ';' || c == ',' || std::isspace(static_cast<unsigned char>(c));
    };
    while (i < line.size()) {
        while (i < line.size() && separator(line[i])) {
            ++i;
        }
        if (i == line.size()) {
            break;
        }
        std::size_t j = i;
        while (j < line.size() && !separator(line[j])) {
            ++j;
        }
        auto v = parse_value(line.substr(i, j - i));
        if (!v) {
            std::string shown(line.substr(0, 80));
            return "not a value list: \"" + shown + "\"";
        }
        out.push_back(*v);
        if (out.size() > expected) {
            break;
        }
        i = j;
    }
    if (out.size() != expected) {
        return "expected " + std::to_string(expected) + " values, got " +
               (out.size() > expected ? "more" : std::to_string(out.size()));
    }
    return out;
}

}  // namespace wattbench::drivers::zes
