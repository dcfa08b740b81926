#include "drivers/tektronix/settings_parser.hpp"

#include <cmath>
#include <cstdio>

#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::tektronix {
namespace {

std::string shown(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// "300V", "300 V", 300 or "auto" → a code of `table`, or why not.
std::variant<RangeCode, std::string> range_code(api::Options& o, const std::string& key,
                                                std::span<const double> table, char unit) {
    std::optional<double> value;
    api::Options probe = o;
    if (auto s = probe.take_string(key); s && !probe.error()) {
        o.take_string(key);
        if (*s == "auto") {
            return RangeCode{};
        }
        std::string text = *s;
        while (!text.empty() && (text.back() == unit || text.back() == ' ')) {
            text.pop_back();
        }
        value = scpi_analyzer::parse_number(text);
        if (!value) {
            return "expected \"auto\" or a range such as \"" + shown(table.back()) + unit +
                   "\", got \"" + *s + "\"";
        }
    } else {
        value = o.take_number(key);
    }
    std::string allowed;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (value && std::abs(table[i] - *value) <= 1e-9 * table[i]) {
            return RangeCode{static_cast<int>(i) + 1};
        }
        allowed += (i ? ", " : "") + shown(table[i]);
    }
    return "no such range" + (value ? " " + shown(*value) + " " + unit : std::string()) +
           "; the model has " + allowed + " " + unit + " or \"auto\"";
}

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(const Model& model,
                                                        api::DeviceConfig& config) {
    auto bad = [&](const std::string& key, const std::string& why) {
        return api::DeviceError{api::ErrorKind::config, "device '" + config.id + "' (" +
                                                            std::string(model.driver) + "): key '" +
                                                            key + "': " + why};
    };
    Settings s;
    s.model = &model;
    transport::ConnectionDefaults defaults;
    defaults.tcp_port = model.tcp_port;
    auto ep = transport::parse_connection(config.connection, defaults);
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    s.endpoint = std::get<transport::Endpoint>(ep);
    auto& o = config.options;
    for (const bool volts : {true, false}) {
        const std::string key = volts ? "voltage_range" : "current_range";
        if (!o.has(key)) {
            continue;
        }
        auto code = range_code(o, key, volts ? model.voltage_ranges : model.current_ranges,
                               volts ? 'V' : 'A');
        if (auto* why = std::get_if<std::string>(&code)) {
            return bad(key, *why);
        }
        (volts ? s.voltage_range : s.current_range) = std::get<RangeCode>(code);
    }
    if (auto r = o.take_string("ranging")) {
        if (*r == "calibrate") {
            if (o.has("voltage_range") || o.has("current_range")) {
                return bad("ranging",
                           "\"calibrate\" sets the ranges itself; remove voltage_range and "
                           "current_range");
            }
            s.calibrate = true;
        } else if (*r != "fixed") {
            return bad("ranging", "expected \"fixed\" or \"calibrate\", got \"" + *r + "\"");
        }
    }
    if (auto b = o.take_bool("integrate")) {
        s.integrate = *b;
    }
    if (auto g = o.take_number("command_gap")) {
        if (!(*g >= 0.0 && *g <= 5.0)) {
            return bad("command_gap", "expected 0…5 (seconds between configuration commands)");
        }
        s.command_gap = *g;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::tektronix
