#include "drivers/yokogawa/wt_codec.hpp"

#include <array>
#include <charconv>
#include <cmath>

#include "drivers/yokogawa/text_fields.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

struct QuantityInfo {
    WtQuantity quantity;
    const char* channel;
    api::Quantity kind;
    const char* unit;
    bool key;
};

constexpr std::array<QuantityInfo, 8> quantities = {{
    {WtQuantity::power, "power", api::Quantity::power, "W", true},
    {WtQuantity::apparent_power, "apparent_power", api::Quantity::apparent_power, "VA", true},
    {WtQuantity::reactive_power, "reactive_power", api::Quantity::other, "var", false},
    {WtQuantity::power_factor, "power_factor", api::Quantity::power_factor, "1", true},
    {WtQuantity::voltage, "voltage", api::Quantity::voltage, "V", false},
    {WtQuantity::current, "current", api::Quantity::current, "A", false},
    {WtQuantity::frequency, "frequency", api::Quantity::frequency, "Hz", false},
    {WtQuantity::energy, "energy", api::Quantity::energy, "Wh", false},
}};

std::string function_of(const WtModel& m, WtQuantity q) {
    switch (q) {
        case WtQuantity::power:
            return "P";
        case WtQuantity::apparent_power:
            return "S";
        case WtQuantity::reactive_power:
            return "Q";
        case WtQuantity::power_factor:
            return "LAMBDA";
        case WtQuantity::voltage:
            return std::string(m.voltage_function);
        case WtQuantity::current:
            return std::string(m.current_function);
        case WtQuantity::frequency:
            return "FU";
        case WtQuantity::energy:
            return "WH";
    }
    return "NONE";
}

std::string element_argument(int element) {
    return element == sigma_element ? "SIGMA" : std::to_string(element);
}

std::string suffix(int element) {
    if (element == sigma_element) {
        return "_sigma";
    }
    return element == 1 ? "" : "_" + std::to_string(element);
}

// The FLOat sentinels as ASCII numbers: 9.91E+37 is no data, 9.9E+37 over-range [S41].
constexpr double no_data = 9.91e37;
constexpr double over_range = 9.9e37;

}  // namespace

std::vector<WtItem> wt_items(const WtSettings& s) {
    std::vector<WtItem> items;
    for (int e : s.elements) {
        for (const auto& q : quantities) {
            if (e == sigma_element && q.quantity == WtQuantity::frequency) {
                continue;
            }
            items.push_back({q.quantity, e, function_of(*s.model, q.quantity)});
        }
    }
    return items;
}

std::vector<api::ChannelSpec> wt_channels(const WtSettings& s) {
    std::vector<api::ChannelSpec> t;
    for (const auto& item : wt_items(s)) {
        const auto& q = quantities[static_cast<std::size_t>(item.quantity)];
        api::ChannelSpec c;
        c.name = q.channel + suffix(item.element);
        c.quantity = q.kind;
        c.unit = q.unit;
        // Only the first element's power, apparent power and power factor are key: a
        // three-phase meter would otherwise fill the status line.
        c.key = q.key && item.element == s.elements.front();
        if (item.quantity == WtQuantity::power_factor) {
            c.display_min = -1.0;
            c.display_max = 1.0;
        }
        t.push_back(std::move(c));
    }
    return t;
}

std::variant<WtIdentity, std::string> parse_wt_identity(const WtModel& model,
                                                        std::string_view line) {
    auto f = split(trim(line), ',');
    if (f.size() != 4 || !iequals(f[0], "YOKOGAWA")) {
        return "not a Yokogawa *IDN? answer: '" + std::string(trim(line)).substr(0, 80) + "'";
    }
    for (auto prefix : model.idn_prefixes) {
        if (!istarts_with(f[1], prefix)) {
            continue;
        }
        WtIdentity id{{"YOKOGAWA", std::string(f[1]), std::string(f[2]), std::string(f[3])}, 0};
        // WT1806E-…: six elements; 760203: three (the last digit of the model code).
        const std::string_view rest = f[1].substr(prefix.size());
        if (!rest.empty() && rest.front() >= '1' && rest.front() <= '9' &&
            (model.elements_from_digit || prefix.front() == '7')) {
            id.elements = rest.front() - '0';
        }
        return id;
    }
    std::string other;
    for (const auto& m : wt_models()) {
        for (auto prefix : m.idn_prefixes) {
            if (other.empty() && istarts_with(f[1], prefix)) {
                other = " (use driver " + std::string(m.driver) + " if that is the meter)";
            }
        }
    }
    if (other.empty() && (istarts_with(f[1], "WT3") || istarts_with(f[1], "WT2"))) {
        other = istarts_with(f[1], "WT3") ? " (use driver yokogawa-wt310 if that is the meter)"
                                          : " (use driver yokogawa-wt210 if that is the meter)";
    }
    return "model '" + std::string(f[1]) + "' is not a " + std::string(model.name) + other;
}

std::vector<std::string> wt_greeting_commands() {
    return {"", "*CLS", ":COMM:HEAD OFF", ":COMM:VERB ON", ":COMM:REM ON"};
}

std::vector<std::string> wt_setup_commands(const WtSettings& s) {
    std::vector<std::string> c;
    c.push_back(":NUM:FORM ASCII");
    const auto items = wt_items(s);
    c.push_back(":NUM:NORM:NUM " + std::to_string(items.size()));
    for (std::size_t k = 0; k < items.size(); ++k) {
        // The element argument is mandatory on these models, unlike the WT310's.
        c.push_back(":NUM:NORM:ITEM" + std::to_string(k + 1) + " " + items[k].function + "," +
                    element_argument(items[k].element));
    }
    for (auto& r : wt_range_commands(s, s.voltage_range, s.current_range)) {
        c.push_back(std::move(r));
    }
    if (s.update_interval) {
        c.push_back(rate_command(*s.update_interval));
    }
    if (s.integrate) {
        c.push_back(":INTEG:STOP");
        c.push_back(":INTEG:RES");
        c.push_back(":INTEG:MODE NORM");
        c.push_back(":INTEG:STAR");
    }
    return c;
}

std::vector<std::string> wt_range_commands(const WtSettings& s, const Range& volts,
                                           const Range& amps) {
    std::vector<std::string> c;
    for (int e : s.elements) {
        if (e == sigma_element) {
            continue;
        }
        const std::string el = ":ELEM" + std::to_string(e);
        for (auto [what, r] : {std::pair{"VOLT", volts}, std::pair{"CURR", amps}}) {
            if (r) {
                c.push_back(std::string(":INP:") + what + ":AUTO" + el + " OFF");
                c.push_back(std::string(":INP:") + what + ":RANG" + el + " " + number(*r));
            } else {
                c.push_back(std::string(":INP:") + what + ":AUTO" + el + " ON");
            }
        }
    }
    return c;
}

std::vector<std::string> wt_range_queries(const WtSettings& s) {
    std::vector<std::string> q;
    for (int e : s.elements) {
        if (e != sigma_element) {
            q.push_back(":INP:VOLT:RANG:ELEM" + std::to_string(e) + "?");
            q.push_back(":INP:CURR:RANG:ELEM" + std::to_string(e) + "?");
        }
    }
    return q;
}

std::string wt_read_command() {
    return ":NUM:NORM:VAL?";
}

std::string rate_command(double seconds) {
    if (seconds < 1.0) {
        return ":RATE " + std::to_string(static_cast<int>(std::lround(seconds * 1000.0))) + "MS";
    }
    return ":RATE " + number(seconds) + "S";
}

bool decode_wt_field(std::string_view f, api::Reading& r, bool no_data_sentinel) {
    std::string_view body = trim(f);
    bool negative = false;
    if (!body.empty() && (body.front() == '+' || body.front() == '-')) {
        negative = body.front() == '-';
        body.remove_prefix(1);
    }
    if (iequals(body, "NAN")) {
        r.status = api::Status::unavailable;
        return true;
    }
    if (iequals(body, "INF")) {
        r.status = api::Status::overrange;
        return true;
    }
    if (body.empty() || body.front() == '+' || body.front() == '-') {
        return false;
    }
    double v = 0.0;
    auto [p, ec] = std::from_chars(body.data(), body.data() + body.size(), v);
    if (p != body.data() + body.size() ||
        (ec != std::errc() && ec != std::errc::result_out_of_range)) {
        return false;
    }
    if (ec == std::errc::result_out_of_range || !std::isfinite(v)) {
        r.status = api::Status::overrange;
        return true;
    }
    if (no_data_sentinel && std::fabs(std::fabs(v) - no_data) < 1e-4 * no_data) {
        r.status = api::Status::unavailable;
        return true;
    }
    if (std::fabs(v) >= over_range * (1.0 - 1e-9)) {
        r.status = api::Status::overrange;
        return true;
    }
    r.value = negative ? -v : v;
    r.status = api::Status::ok;
    return true;
}

std::optional<double> parse_wt_number(std::string_view line) {
    line = trim(line);
    // With headers on, the value follows the last space (`:RATE 500.0E-03`).
    if (const auto sp = line.rfind(' ');
        sp != std::string_view::npos && !line.empty() && line.front() == ':') {
        line = line.substr(sp + 1);
    }
    api::Reading r;
    if (line.empty() || !decode_wt_field(line, r) || r.status != api::Status::ok) {
        return std::nullopt;
    }
    return r.value;
}

std::variant<std::vector<api::Reading>, std::string> parse_wt_values(std::string_view line,
                                                                     std::size_t expected) {
    auto fields = split(trim(line), ',');
    if (fields.size() != expected) {
        return "expected " + std::to_string(expected) + " values, got " +
               std::to_string(fields.size());
    }
    std::vector<api::Reading> out(expected);
    for (std::size_t i = 0; i < expected; ++i) {
        out[i].channel = i;
        if (!decode_wt_field(fields[i], out[i])) {
            std::string shown(fields[i].substr(0, 24));
            for (char& x : shown) {
                if (static_cast<unsigned char>(x) < 0x20 || static_cast<unsigned char>(x) > 0x7E) {
                    x = '?';
                }
            }
            return "value " + std::to_string(i + 1) + " is not a number: '" + shown + "'";
        }
    }
    return out;
}

}  // namespace wattbench::drivers::yokogawa
