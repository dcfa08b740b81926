#include "drivers/tektronix/codec.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::tektronix {
namespace {

using scpi_analyzer::parse_number;
using scpi_analyzer::trim;

constexpr std::array<std::string_view, item_count> mnemonics = {"VLT", "AMP", "WAT", "VAS",
                                                                "VAR", "PWF", "FRQ", "WHR"};

std::string upper(std::string_view s) {
    std::string u(s);
    for (char& c : u) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return u;
}

std::vector<std::string_view> split(std::string_view line, char sep) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (;;) {
        auto at = line.find(sep, start);
        out.push_back(trim(line.substr(start, at == std::string_view::npos ? at : at - start)));
        if (at == std::string_view::npos) {
            return out;
        }
        start = at + 1;
    }
}

// Labels the meter may print for each item: the documented ones first, then the spellings of
// the same quantity other firmware or the PM1000+ might use (UNCONFIRMED).
std::optional<Item> item_of_label(std::string_view label) {
    const std::string l = upper(label);
    struct Alias {
        std::string_view text;
        Item item;
    };
    static constexpr Alias aliases[] = {
        {"VRMS", Item::vlt}, {"V", Item::vlt},    {"VOLTS", Item::vlt},  {"ARMS", Item::amp},
        {"A", Item::amp},    {"AMPS", Item::amp}, {"WATT", Item::wat},   {"WATTS", Item::wat},
        {"W", Item::wat},    {"VA", Item::vas},   {"VAR", Item::var},    {"PF", Item::pwf},
        {"FREQ", Item::frq}, {"HZ", Item::frq},   {"FRQ", Item::frq},    {"WHR", Item::whr},
        {"WH", Item::whr},   {"W.H", Item::whr},  {"WATT-HR", Item::whr}};
    for (const auto& a : aliases) {
        if (l == a.text) {
            return a.item;
        }
    }
    return std::nullopt;
}

bool all_of(std::string_view s, char c) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [c](char x) { return x == c; });
}

}  // namespace

std::string_view mnemonic(Item item) {
    return mnemonics[static_cast<std::size_t>(item)];
}

std::vector<std::string> select_commands(std::span<const Item> items) {
    std::vector<std::string> out{":SEL:CLR"};
    for (Item i : items) {
        out.push_back(":SEL:" + std::string(mnemonic(i)));
    }
    return out;
}

std::vector<Item> display_order() {
    return {Item::vlt, Item::amp, Item::frq, Item::wat, Item::vas, Item::var, Item::pwf, Item::whr};
}

std::optional<std::vector<Item>> parse_labels(std::string_view line) {
    std::vector<Item> out;
    for (auto field : split(trim(line), ',')) {
        auto item = item_of_label(field);
        if (!item || std::find(out.begin(), out.end(), *item) != out.end()) {
            return std::nullopt;
        }
        out.push_back(*item);
    }
    return out;
}

std::variant<std::vector<Value>, std::string> parse_values(std::string_view line,
                                                           std::size_t expected) {
    line = trim(line);
    const auto fields = split(line, ',');
    if (fields.size() != expected) {
        return "expected " + std::to_string(expected) + " values from :FRD?, got " +
               std::to_string(fields.size()) + ": '" + std::string(line.substr(0, 80)) + "'";
    }
    std::vector<Value> out;
    out.reserve(fields.size());
    for (auto f : fields) {
        const std::string u = upper(f);
        const std::string_view bare = !u.empty() && (u[0] == '+' || u[0] == '-')
                                          ? std::string_view(u).substr(1)
                                          : std::string_view(u);
        if (bare == "NAN" || all_of(u, '-')) {
            out.push_back({api::Status::unavailable, 0.0});
        } else if (bare == "INF" || bare == "OVER" || bare == "OL" || bare == "OR") {
            out.push_back({api::Status::overrange, 0.0});
        } else if (auto v = parse_number(f)) {
            out.push_back(std::abs(*v) >= 9.9e37 ? Value{api::Status::overrange, 0.0}
                                                 : Value{api::Status::ok, *v});
        } else {
            return "not a value: '" + std::string(f.substr(0, 40)) + "' in '" +
                   std::string(line.substr(0, 80)) + "'";
        }
    }
    return out;
}

std::optional<api::DeviceIdentity> parse_identity(std::string_view line) {
    const auto f = split(trim(line), ',');
    if (f.size() < 2 || upper(f[0]) != "TEKTRONIX") {
        return std::nullopt;
    }
    std::string model;
    for (char c : f[1]) {
        if (c != ' ') {
            model += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
    }
    if (model.rfind("PA", 0) != 0) {
        return std::nullopt;
    }
    api::DeviceIdentity id;
    id.vendor = "Tektronix";
    id.model = model;
    id.serial = f.size() > 2 ? std::string(f[2]) : "";
    id.firmware = f.size() > 3 ? std::string(f[3]) : "";
    return id;
}

Reply classify_reply(std::string_view line) {
    line = trim(line);
    if (line.empty()) {
        return Reply::done;
    }
    const std::string u = upper(line);
    if (u.rfind("ERR", 0) == 0 || u.find("UNKNOWN") != std::string::npos ||
        u.find("INVALID") != std::string::npos ||
        (u.size() > 1 && u[0] == '-' && std::isdigit(static_cast<unsigned char>(u[1])))) {
        return Reply::refused;
    }
    return Reply::other;
}

std::optional<bool> parse_new_data(std::string_view line) {
    auto v = parse_number(line);
    if (!v || *v < 0 || *v != std::floor(*v) || *v > 65535) {
        return std::nullopt;
    }
    return (static_cast<int>(*v) & 2) != 0;
}

std::string range_command(bool volts, std::optional<int> code) {
    const std::string head = volts ? ":RNG:VLT" : ":RNG:AMP";
    return code ? head + ":FIX " + std::to_string(*code) : head + ":AUT";
}

std::string range_query(bool volts) {
    return volts ? ":RNG:VLT?" : ":RNG:AMP?";
}

std::optional<double> parse_range(std::string_view line, std::span<const double> table) {
    line = trim(line);
    // A unit after the number ("300V", "2 A") is tolerated.
    while (!line.empty() &&
           (std::isalpha(static_cast<unsigned char>(line.back())) || line.back() == ' ')) {
        line.remove_suffix(1);
    }
    auto v = parse_number(line);
    if (!v || table.empty()) {
        return std::nullopt;
    }
    const bool bare_integer = line.find_first_of(".eE") == std::string_view::npos;
    if (bare_integer && *v >= 1 && *v <= static_cast<double>(table.size())) {
        return table[static_cast<std::size_t>(*v) - 1];
    }
    for (double r : table) {
        if (std::abs(r - *v) <= 1e-6 * r) {
            return r;
        }
    }
    return std::nullopt;
}

common::Scan scan_line(std::span<const std::uint8_t> bytes) {
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (bytes[i] == '\n' || bytes[i] == '\r') {
            return {0, i + 1};
        }
    }
    return {0, 0};
}

std::vector<std::string> integrator_commands() {
    return {":MOD:INT", ":INT:START 0", ":INT:RESET", ":INT:MAN:RUN"};
}

}  // namespace wattbench::drivers::tektronix
