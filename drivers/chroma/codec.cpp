#include "drivers/chroma/codec.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace wattbench::drivers::chroma {
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

bool equal_nocase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::toupper(static_cast<unsigned char>(a[i])) !=
            std::toupper(static_cast<unsigned char>(b[i]))) {
            return false;
        }
    }
    return true;
}

// A header-on answer starts with the command's path (`:FETCH `, `:CHANNEL:ID `): drop it.
std::string_view drop_header(std::string_view line) {
    line = trim(line);
    if (!line.empty() && line.front() == ':') {
        const auto space = line.find(' ');
        return space == std::string_view::npos ? std::string_view() : trim(line.substr(space));
    }
    return line;
}

std::vector<std::string_view> split(std::string_view text) {
    std::vector<std::string_view> out;
    for (;;) {
        const auto at = text.find_first_of(",;");
        out.push_back(trim(text.substr(0, at)));
        if (at == std::string_view::npos) {
            return out;
        }
        text.remove_prefix(at + 1);
    }
}

std::optional<double> decimal(std::string_view s) {
    if (s.empty() || s.size() > 32) {
        return std::nullopt;
    }
    for (char c : s) {
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' ||
              c == 'e' || c == 'E')) {
            return std::nullopt;
        }
    }
    const std::string text(s);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

constexpr const char* item_names[] = {"V", "I", "W", "VA", "VAR", "PF", "FREQ", "ENEG"};

}  // namespace

std::variant<api::DeviceIdentity, std::string> parse_identity(const Model& model,
                                                              std::string_view line) {
    const auto fields = split(drop_header(line));
    std::string vendor(fields[0]);
    for (char& c : vendor) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (fields.size() < 2 || vendor.find("CHROMA") == std::string::npos) {
        return "not a Chroma identity: \"" + std::string(trim(line).substr(0, 80)) + "\"";
    }
    if (!equal_nocase(fields[1], model.idn_model)) {
        return "the meter identifies as Chroma " + std::string(fields[1]) + ", which is not a " +
               std::string(model.idn_model) + "; use the driver of that model";
    }
    api::DeviceIdentity id;
    id.vendor = std::string(fields[0]);
    id.model = std::string(fields[1]);
    id.serial = fields.size() > 2 ? std::string(fields[2]) : "";
    id.firmware = fields.size() > 3 ? std::string(fields[3]) : "";
    return id;
}

std::vector<std::string> channel_commands(const Settings& settings) {
    if (settings.model->channels <= 1) {
        return {};
    }
    return {"CHAN " + std::to_string(settings.channel)};
}

std::vector<std::string> range_commands(const Range& volts, const Range& amps) {
    auto one = [](const char* what, const Range& r, std::vector<std::string>& out) {
        const std::string node = std::string("CONF:") + what;
        if (!r) {
            out.push_back(node + ":AUTO ON");
            return;
        }
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", *r);
        out.push_back(node + ":AUTO OFF");
        out.push_back(node + ":RANG " + buf);
    };
    std::vector<std::string> out;
    one("VOLT", volts, out);
    one("CURR", amps, out);
    return out;
}

std::vector<std::string> range_queries() {
    return {"CONF:VOLT:RANG?", "CONF:CURR:RANG?"};
}

std::vector<std::string> integrator_commands() {
    return {"TRIG:MODE ENERGY", "TRIG OFF", "TRIG ON"};
}

std::string integrator_query(int channel) {
    return "TRIG? " + std::to_string(channel);
}

std::size_t item_count(bool energy) {
    return energy ? item_energy + 1 : item_frequency + 1;
}

std::string read_query(Read read, bool energy) {
    std::string out = read == Read::fetch ? "FETC? " : "MEAS? ";
    for (std::size_t i = 0; i < item_count(energy); ++i) {
        out += std::string(i ? "," : "") + item_names[i];
    }
    return out;
}

std::optional<Value> parse_value(std::string_view field, Item item) {
    field = trim(field);
    // A header-on field may carry its item's name before the number (`V 230.12`).
    if (const auto space = field.rfind(' '); space != std::string_view::npos) {
        field = trim(field.substr(space + 1));
    }
    const auto v = decimal(field);
    if (!v) {
        return std::nullopt;
    }
    const bool bare = field.find_first_of(".eE") == std::string_view::npos;
    const bool signed_item = item == item_power || item == item_reactive ||
                             item == item_power_factor || item == item_energy;
    if ((bare || !signed_item) && (*v == -1.0 || *v == -2.0 || *v == -3.0)) {
        if (*v == -3.0) {
            return Value{0.0, api::Status::overrange, false};
        }
        return Value{0.0, api::Status::unavailable, *v == -2.0};
    }
    return Value{*v, api::Status::ok, false};
}

std::variant<std::vector<Value>, std::string> parse_answer(std::string_view line, bool energy) {
    const auto fields = split(drop_header(line));
    const std::size_t expected = item_count(energy);
    if (fields.size() != expected) {
        return "expected " + std::to_string(expected) + " values, got " +
               std::to_string(fields.size()) + ": \"" + std::string(trim(line).substr(0, 80)) +
               "\"";
    }
    std::vector<Value> out;
    for (std::size_t i = 0; i < expected; ++i) {
        auto v = parse_value(fields[i], static_cast<Item>(i));
        if (!v) {
            return "not a value: \"" + std::string(fields[i].substr(0, 40)) + "\"";
        }
        out.push_back(*v);
    }
    return out;
}

std::optional<double> parse_number(std::string_view line) {
    line = trim(line);
    const auto space = line.rfind(' ');
    if (space != std::string_view::npos) {
        line = line.substr(space + 1);
    }
    return decimal(line);
}

}  // namespace wattbench::drivers::chroma
