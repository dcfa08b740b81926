#include "drivers/zes/dialect.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::zes {
namespace {

using scpi_analyzer::Item;
using scpi_analyzer::Model;
using scpi_analyzer::Range;

constexpr double invalid_value = 9.91e37;
constexpr double overrange_value = 9.9e37;
// The per-channel names carry the channel; the framework puts the `channel` key's number here.
constexpr const char* mark = "{ch}";

// Short-language names; no energy: no source shows how an LMG's integrator is reset, started
// and read, so the channel is left out rather than guessed.
const char* code(Item item, bool multi) {
    switch (item) {
        case Item::voltage:
            return "utrms";
        case Item::current:
            return "itrms";
        case Item::power:
            return "p";
        case Item::apparent_power:
            return "s";
        case Item::reactive_power:
            return "q";
        case Item::power_factor:
            return "pf";
        case Item::frequency:
            return multi ? "fcyc" : "freq";
        case Item::energy:
            return "";
    }
    return "";
}

// The order lmgtools and the earlier driver arm the list in (and so the answer's order).
constexpr Item list_order[] = {Item::voltage,        Item::current,        Item::power,
                               Item::apparent_power, Item::reactive_power, Item::power_factor,
                               Item::frequency};

std::string spelled(Item item, bool multi) {
    return std::string(code(item, multi)) + (multi ? mark : "") + "?";
}

// Per answer field, the index of its spelling: the spellings taken in list_order.
std::vector<std::size_t> list_indexes(const std::vector<std::string>& spellings, bool multi) {
    std::vector<std::size_t> out;
    for (Item item : list_order) {
        const auto at = std::find(spellings.begin(), spellings.end(), spelled(item, multi));
        if (at != spellings.end()) {
            out.push_back(static_cast<std::size_t>(at - spellings.begin()));
        }
    }
    return out;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// LMG95 `uam manual` + `urng 250` (`uam auto`), LMG6xx `uauto1 0` + `urng1 250` (`uauto1 1`).
std::vector<std::string> ranges(const Range& volts, const Range& amps, bool multi) {
    std::vector<std::string> out;
    auto add = [&](const char* u, const Range& r) {
        const std::string n = multi ? mark : "";
        if (multi) {
            out.push_back(std::string(u) + "auto" + n + (r ? " 0" : " 1"));
        } else {
            out.push_back(std::string(u) + (r ? "am manual" : "am auto"));
        }
        if (r) {
            out.push_back(std::string(u) + "rng" + n + " " + number(*r));
        }
    };
    add("u", volts);
    add("i", amps);
    return out;
}

bool starts_with_lmg(std::string_view field) {
    return field.size() >= 3 && std::toupper(static_cast<unsigned char>(field[0])) == 'L' &&
           std::toupper(static_cast<unsigned char>(field[1])) == 'M' &&
           std::toupper(static_cast<unsigned char>(field[2])) == 'G';
}

scpi_analyzer::Dialect make(bool multi) {
    scpi_analyzer::Dialect d;
    d.family = "ZES ZIMMER";
    d.write_terminator = multi ? "\n" : "\r\n";
    d.greeting = {"cont off", multi ? "*zlang short" : "syst:lang short"};
    d.parse_identity = parse_identity;
    d.item_spelling = [multi](Item item, int element, const Model&) {
        return element == 1 && *code(item, multi) ? spelled(item, multi) : std::string();
    };
    d.read_query = [multi](const std::vector<std::string>& spellings) {
        // The items in list order; the range queries (stream_ranges) follow them.
        std::string q = "actn";
        const auto order = list_indexes(spellings, multi);
        for (std::size_t i : order) {
            q += ";" + spellings[i];
        }
        for (std::size_t i = 0; i < spellings.size(); ++i) {
            if (std::find(order.begin(), order.end(), i) == order.end()) {
                q += ";" + spellings[i];
            }
        }
        return q;
    };
    d.answer_order = [multi](const std::vector<std::string>& spellings) {
        return list_indexes(spellings, multi);
    };
    d.value_separators = "; ,\t";
    d.merge_separators = true;
    d.parse_value = parse_value;
    d.range_commands = [multi](const Range& v, const Range& a, const Model&) {
        return ranges(v, a, multi);
    };
    d.range_queries = multi ? std::vector<std::string>{"urng{ch}?", "irng{ch}?"}
                            : std::vector<std::string>{"urng?", "irng?"};
    d.update_rate = [](double seconds) { return "cycl " + number(seconds); };
    d.channel_mark = multi ? mark : "";
    d.stream_on = {"cont on"};
    d.closing = {"cont off", "gtl"};
    d.quirks.streaming = true;
    d.quirks.stream_ranges = true;
    d.quirks.stall_is_link_lost = true;
    // A power cycle or a front-panel `cont off` stops the stream for good; a long `cycl` does
    // not.
    d.quirks.stall_after = std::chrono::seconds(3);
    d.quirks.sync_suffix = ";*OPC?";
    // `actn;…?` may answer once at once besides arming (UNCONFIRMED): a value line either way.
    return d;
}

}  // namespace

scpi_analyzer::Value parse_value(std::string_view field) {
    const auto text = scpi_analyzer::trim(field);
    const scpi_analyzer::Value garbage{api::Status::error, 0.0};
    if (text.empty() || text.size() > 40) {
        return garbage;
    }
    std::string upper;
    for (char c : text) {
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (upper == "NAN") {
        return {api::Status::unavailable, 0.0};
    }
    if (upper == "INF" || upper == "+INF" || upper == "-INF") {
        return {api::Status::overrange, 0.0};
    }
    // strtod would take "inf"/"nan"/hex spellings the meter never sends; allow only decimals.
    for (char c : upper) {
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' ||
              c == 'E')) {
            return garbage;
        }
    }
    const std::string s(text);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v)) {
        return garbage;
    }
    if (std::fabs(v - invalid_value) <= invalid_value * 1e-6) {
        return {api::Status::unavailable, 0.0};
    }
    if (std::fabs(v) >= overrange_value * (1 - 1e-6)) {
        return {api::Status::overrange, 0.0};
    }
    return {api::Status::ok, v};
}

std::optional<api::DeviceIdentity> parse_identity(std::string_view line) {
    std::vector<std::string_view> fields;
    std::string_view rest = scpi_analyzer::trim(line);
    for (;;) {
        const auto comma = rest.find(',');
        fields.push_back(scpi_analyzer::trim(rest.substr(0, comma)));
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (!starts_with_lmg(fields[i])) {
            continue;
        }
        api::DeviceIdentity id;
        id.vendor = i > 0 ? std::string(fields[0]) : "ZES ZIMMER";
        id.model = std::string(fields[i]);
        id.serial = i + 1 < fields.size() ? std::string(fields[i + 1]) : "";
        id.firmware = i + 2 < fields.size() ? std::string(fields[i + 2]) : "";
        return id;
    }
    return std::nullopt;
}

const scpi_analyzer::Dialect& single_channel() {
    static const scpi_analyzer::Dialect d = make(false);
    return d;
}

const scpi_analyzer::Dialect& per_channel() {
    static const scpi_analyzer::Dialect d = make(true);
    return d;
}

}  // namespace wattbench::drivers::zes
