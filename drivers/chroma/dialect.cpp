#include "drivers/chroma/dialect.hpp"
#include "drivers/common/ascii_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "drivers/common/ascii_text.hpp"
#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::chroma {
namespace {

using scpi_analyzer::Item;
using scpi_analyzer::Model;
using scpi_analyzer::Range;
using scpi_analyzer::Value;

constexpr const char* mark = "{ch}";

const char* code(Item item) {
    switch (item) {
        case Item::voltage:
            return "V";
        case Item::current:
            return "I";
        case Item::power:
            return "W";
        case Item::apparent_power:
            return "VA";
        case Item::reactive_power:
            return "VAR";
        case Item::power_factor:
            return "PF";
        case Item::frequency:
            return "FREQ";
        case Item::energy:
            return "ENEG";
    }
    return "";
}

// The order the earlier driver and the manual's example list the items in (so the wire bytes
// stay what they were): the meter answers in the order asked.
constexpr Item list_order[] = {Item::voltage,        Item::current,        Item::power,
                               Item::apparent_power, Item::reactive_power, Item::power_factor,
                               Item::frequency,      Item::energy};

std::vector<std::size_t> list_indexes(const std::vector<std::string>& spellings) {
    std::vector<std::size_t> out;
    for (Item item : list_order) {
        const auto at = std::find(spellings.begin(), spellings.end(), code(item));
        if (at != spellings.end()) {
            out.push_back(static_cast<std::size_t>(at - spellings.begin()));
        }
    }
    return out;
}

std::string query(const char* verb, const std::vector<std::string>& spellings) {
    std::string out = verb;
    const char* sep = " ";
    for (std::size_t i : list_indexes(spellings)) {
        out += sep + spellings[i];
        sep = ",";
    }
    return out;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// UNCONFIRMED (README): `CONF:VOLT:AUTO OFF` + `CONF:VOLT:RANG <V>`, `CONF:VOLT:AUTO ON` for
// auto; the same under CONF:CURR.
std::vector<std::string> ranges(const Range& volts, const Range& amps) {
    std::vector<std::string> out;
    auto one = [&out](const char* what, const Range& r) {
        const std::string node = std::string("CONF:") + what;
        out.push_back(node + (r ? ":AUTO OFF" : ":AUTO ON"));
        if (r) {
            out.push_back(node + ":RANG " + number(*r));
        }
    };
    one("VOLT", volts);
    one("CURR", amps);
    return out;
}

scpi_analyzer::Dialect make(bool multi) {
    scpi_analyzer::Dialect d;
    d.family = "Chroma";
    // A bare LF ends a command a crashed session left half-sent.
    d.greeting = {""};
    d.identity_fallback = "CHAN:ID?";
    d.parse_identity = parse_identity;
    if (multi) {
        // FETCh? is channel-specific; SPEC accepts one channel at a time.
        d.setup = {std::string("CHAN ") + mark};
        d.channel_mark = mark;
    }
    d.item_spelling = [](Item item, int element, const Model&) {
        return element == 1 ? std::string(code(item)) : std::string();
    };
    d.read_modes = {
        {"fetch", "FETCh?, the last values",
         [](const std::vector<std::string>& s) { return query("FETC?", s); }},
        {"measure", "MEASure?, a new acquisition",
         [](const std::vector<std::string>& s) { return query("MEAS?", s); }},
    };
    d.answer_order = list_indexes;
    // SYSTem:TRANsmit:SEParator 0|1; headers on or off: the meter's own setting is kept.
    d.value_separators = ",;";
    d.field_headers = true;
    d.parse_item_value = parse_value;
    d.range_commands = [](const Range& v, const Range& a, const Model&) { return ranges(v, a); };
    d.range_queries = {"CONF:VOLT:RANG?", "CONF:CURR:RANG?"};
    // Restarted (OFF then ON) so that ENEG counts from the start of the run.
    d.integrator_start = {"TRIG:MODE ENERGY", "TRIG OFF", "TRIG ON"};
    d.integrator_query = multi ? std::string("TRIG? ") + mark : "TRIG? 1";
    d.quirks.energy_needs_integrator = true;
    return d;
}

}  // namespace

Value parse_value(std::string_view field, Item item) {
    const auto text = scpi_analyzer::trim(field);
    const auto v = scpi_analyzer::parse_number(text);
    if (!v) {
        return {api::Status::error, 0.0};
    }
    const bool bare = text.find_first_of(".eE") == std::string_view::npos;
    const bool may_be_negative = item == Item::power || item == Item::reactive_power ||
                                 item == Item::power_factor || item == Item::energy;
    if ((bare || !may_be_negative) && (*v == -1.0 || *v == -2.0 || *v == -3.0)) {
        if (*v == -3.0) {
            return {api::Status::overrange, 0.0};
        }
        return {api::Status::unavailable, 0.0, *v == -2.0 ? "range_change" : ""};
    }
    return {api::Status::ok, *v};
}

std::optional<api::DeviceIdentity> parse_identity(std::string_view line) {
    auto text = scpi_analyzer::trim(line);
    // A header-on answer starts with the command's path (`:CHANNEL:ID `, `*IDN `).
    if (!text.empty() && (text.front() == ':' || text.front() == '*')) {
        const auto space = text.find(' ');
        if (space == std::string_view::npos) {
            return std::nullopt;
        }
        text = scpi_analyzer::trim(text.substr(space));
    }
    std::vector<std::string_view> fields;
    for (;;) {
        const auto at = text.find_first_of(",;");
        fields.push_back(scpi_analyzer::trim(text.substr(0, at)));
        if (at == std::string_view::npos) {
            break;
        }
        text.remove_prefix(at + 1);
    }
    if (fields.size() < 2 || common::upper(fields[0]).find("CHROMA") == std::string::npos) {
        return std::nullopt;
    }
    api::DeviceIdentity id;
    id.vendor = std::string(fields[0]);
    id.model = std::string(fields[1]);
    id.serial = fields.size() > 2 ? std::string(fields[2]) : "";
    id.firmware = fields.size() > 3 ? std::string(fields[3]) : "";
    return id;
}

const scpi_analyzer::Dialect& dialect(bool multi_channel) {
    static const scpi_analyzer::Dialect single = make(false);
    static const scpi_analyzer::Dialect multi = make(true);
    return multi_channel ? multi : single;
}

}  // namespace wattbench::drivers::chroma
