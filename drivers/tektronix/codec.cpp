#include "drivers/tektronix/codec.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include "drivers/common/ascii_text.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::tektronix {
namespace {

using common::split;
using common::upper;
using scpi_analyzer::parse_number;
using scpi_analyzer::trim;

// In scpi_analyzer::Item order.
constexpr std::array<std::string_view, scpi_analyzer::item_count> mnemonics = {
    "WAT", "VAS", "VAR", "PWF", "VLT", "AMP", "FRQ", "WHR"};

// Labels the meter may print for each item: the documented ones first, then the spellings of
// the same quantity other firmware or the PM1000+ might use (UNCONFIRMED).
std::optional<Item> item_of_label(std::string_view label) {
    const std::string l = upper(label);
    struct Alias {
        std::string_view text;
        Item item;
    };
    static constexpr Alias aliases[] = {
        {"VRMS", Item::voltage},      {"V", Item::voltage},          {"VOLTS", Item::voltage},
        {"ARMS", Item::current},      {"A", Item::current},          {"AMPS", Item::current},
        {"WATT", Item::power},        {"WATTS", Item::power},        {"W", Item::power},
        {"VA", Item::apparent_power}, {"VAR", Item::reactive_power}, {"PF", Item::power_factor},
        {"FREQ", Item::frequency},    {"HZ", Item::frequency},       {"FRQ", Item::frequency},
        {"WHR", Item::energy},        {"WH", Item::energy},          {"W.H", Item::energy},
        {"WATT-HR", Item::energy}};
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

bool printable(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
    });
}

}  // namespace

std::string_view mnemonic(Item item) {
    return mnemonics[static_cast<std::size_t>(item)];
}

std::optional<Item> item_of_mnemonic(std::string_view text) {
    for (Item i : scpi_analyzer::all_items) {
        if (mnemonic(i) == text) {
            return i;
        }
    }
    return std::nullopt;
}

std::vector<Item> display_order() {
    return {Item::voltage,        Item::current,        Item::frequency,    Item::power,
            Item::apparent_power, Item::reactive_power, Item::power_factor, Item::energy};
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

scpi_analyzer::Value parse_value(std::string_view field) {
    field = trim(field);
    const std::string u = upper(field);
    const std::string_view bare = !u.empty() && (u[0] == '+' || u[0] == '-')
                                      ? std::string_view(u).substr(1)
                                      : std::string_view(u);
    if (bare == "NAN" || all_of(u, '-')) {
        return {api::Status::unavailable, 0.0};
    }
    if (bare == "INF" || bare == "OVER" || bare == "OL" || bare == "OR") {
        return {api::Status::overrange, 0.0};
    }
    if (auto v = parse_number(field)) {
        return std::abs(*v) >= 9.9e37 ? scpi_analyzer::Value{api::Status::overrange, 0.0}
                                      : scpi_analyzer::Value{api::Status::ok, *v};
    }
    return {api::Status::error, 0.0};
}

std::optional<api::DeviceIdentity> parse_identity(std::string_view line) {
    line = trim(line);
    if (!printable(line)) {
        return std::nullopt;
    }
    const auto f = split(line, ',');
    if (f.size() < 2 || f[0].empty() || f[1].empty()) {
        return std::nullopt;
    }
    api::DeviceIdentity id;
    id.serial = f.size() > 2 ? std::string(f[2]) : "";
    id.firmware = f.size() > 3 ? std::string(f[3]) : "";
    if (upper(f[0]) == "TEKTRONIX") {
        id.vendor = "Tektronix";
        for (char c : f[1]) {
            if (c != ' ') {
                id.model += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            }
        }
        return id;
    }
    // Another instrument: only a full four-field answer whose vendor is a word counts, so
    // noise with a comma is not taken for one.
    if (f.size() != 4 || !std::isalpha(static_cast<unsigned char>(f[0].front()))) {
        return std::nullopt;
    }
    id.vendor = std::string(f[0]);
    id.model = std::string(f[1]);
    return id;
}

bool is_refusal(std::string_view line) {
    line = trim(line);
    if (line.empty()) {
        return false;
    }
    const std::string u = upper(line);
    return u.rfind("ERR", 0) == 0 || u.find("UNKNOWN") != std::string::npos ||
           u.find("INVALID") != std::string::npos ||
           (u.size() > 1 && u[0] == '-' && std::isdigit(static_cast<unsigned char>(u[1])));
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

std::optional<int> range_code(std::span<const double> table, std::optional<double> range) {
    if (!range) {
        return std::nullopt;
    }
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (std::abs(table[i] - *range) <= 1e-9 * table[i]) {
            return static_cast<int>(i) + 1;
        }
    }
    return std::nullopt;
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

std::vector<std::string> integrator_commands() {
    return {":MOD:INT", ":INT:START 0", ":INT:RESET", ":INT:MAN:RUN"};
}

}  // namespace wattbench::drivers::tektronix
