#include "drivers/scpi_analyzer/settings_parser.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "drivers/common/name_list.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::scpi_analyzer {
namespace {

class Checker {
public:
    // The profile loader names the device ("device 'wattmeter': …"); this names the driver.
    Checker(const Model& model, const api::DeviceConfig&) : model_(model), who_(model.driver) {}

    api::DeviceError bad(const std::string& key, const std::string& why) const {
        return api::DeviceError{api::ErrorKind::config, who_ + ": key '" + key + "': " + why};
    }
    const Model& model() const { return model_; }

private:
    const Model& model_;
    std::string who_;
};

std::string allowed_list(std::span<const double> table, std::string_view unit) {
    std::string out;
    for (double r : table) {
        out += (out.empty() ? "" : ", ") + format_range(r, unit);
    }
    return out + (out.empty() ? "" : ", ") + "auto";
}

// `300`, "300V", "500mA" or "auto" → a range of the model's table.
std::optional<api::DeviceError> take_range(const Checker& check, api::Options& options,
                                           const std::string& key, std::span<const double> table,
                                           const std::optional<RangeLimits>& limits,
                                           std::string_view unit, bool settable, Range& out) {
    if (!options.has(key)) {
        return std::nullopt;
    }
    std::optional<double> value;
    // Options cannot say a value's type without marking an error, so a copy is asked first.
    api::Options probe = options;
    if (auto s = probe.take_string(key); s && !probe.error()) {
        options.take_string(key);
        if (*s == "auto") {
            out.reset();
            return std::nullopt;
        }
        value = default_parse_range(*s, table);
        const auto t = trim(*s);
        const bool unit_ok = !t.empty() && (std::toupper(static_cast<unsigned char>(t.back())) ==
                                                static_cast<unsigned char>(unit.front()) ||
                                            parse_number(t));
        if (!value || !unit_ok) {
            return check.bad(key, "expected a range such as \"" +
                                      format_range(table.empty() ? 1.0 : table.back(), unit) +
                                      "\" or \"auto\", got \"" + *s + "\"");
        }
    } else {
        value = options.take_number(key);
        if (!value) {
            return check.bad(key, "expected a range such as \"" + std::string("300") +
                                      std::string(unit) + "\" or \"auto\"");
        }
    }
    if (settable && table.empty() && limits) {
        if (*value >= limits->min * (1.0 - 1e-9) && *value <= limits->max * (1.0 + 1e-9)) {
            out = *value;
            return std::nullopt;
        }
        return check.bad(key, format_range(*value, unit) + " is outside the " +
                                  check.model().description + "'s " +
                                  format_range(limits->min, unit) + "…" +
                                  format_range(limits->max, unit));
    }
    if (!settable || table.empty()) {
        return check.bad(key, "the " + check.model().description +
                                  " cannot be set to a fixed range here; use \"auto\"");
    }
    for (double r : table) {
        if (std::fabs(r - *value) <= 1e-9 * r) {
            out = r;
            return std::nullopt;
        }
    }
    return check.bad(key, format_range(*value, unit) + " is no range of the " +
                              check.model().description +
                              "; allowed: " + allowed_list(table, unit));
}

std::optional<transport::Endpoint> endpoint_of(const Model& model, const std::string& text,
                                               api::DeviceError& error) {
    auto ep = transport::parse_connection(
        text, transport::ConnectionDefaults{model.serial, model.tcp_port});
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        error = *e;
        error.message = model.driver + ": " + error.message;
        return std::nullopt;
    }
    return std::get<transport::Endpoint>(ep);
}

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(const Model& model,
                                                        api::DeviceConfig& config) {
    const Checker check(model, config);
    Settings s;
    api::DeviceError error;
    auto ep = endpoint_of(model, config.connection, error);
    if (!ep) {
        return error;
    }
    s.endpoint = std::move(*ep);
    if (model.dialect->endpoint_error) {
        if (auto why = model.dialect->endpoint_error(s.endpoint)) {
            return api::DeviceError{api::ErrorKind::config, model.driver + ": " + *why};
        }
    }

    auto& o = config.options;
    const bool settable = model.dialect->range_commands || model.dialect->element_range_commands;
    if (auto r = o.take_string("ranging")) {
        if (*r == "calibrate") {
            if (o.has("voltage_range") || o.has("current_range")) {
                return check.bad("ranging",
                                 "\"calibrate\" sets the ranges itself; remove "
                                 "voltage_range and current_range");
            }
            if (settable && (model.voltage_limits || model.current_limits) &&
                (model.voltage_ranges.empty() || model.current_ranges.empty())) {
                return check.bad("ranging", "\"calibrate\" needs the range steps of the " +
                                                model.description +
                                                ", which are not known yet: give voltage_range "
                                                "and current_range");
            }
            if (!settable || model.voltage_ranges.empty() || model.current_ranges.empty()) {
                return check.bad("ranging", "the " + model.description +
                                                " cannot fix its ranges, so it cannot calibrate");
            }
            s.calibrate = true;
        } else if (*r != "fixed") {
            return check.bad("ranging",
                             "expected \"fixed\" (the ranges given, default) or \"calibrate\" "
                             "(MLPerf rule from each warm-up), got \"" +
                                 *r + "\"");
        }
    }
    if (auto e = take_range(check, o, "voltage_range", model.voltage_ranges, model.voltage_limits,
                            "V", settable, s.voltage_range)) {
        return *e;
    }
    if (auto e = take_range(check, o, "current_range", model.current_ranges, model.current_limits,
                            "A", settable, s.current_range)) {
        return *e;
    }
    if (auto list = o.take_comma_list("elements")) {
        if (model.elements < 2) {
            return check.bad("elements", "the " + model.description + " has one element");
        }
        const std::string allowed =
            "1…" + std::to_string(model.elements) + (model.sigma ? " or \"sigma\"" : "");
        for (const auto& name : common::split_names(*list)) {
            int e = -1;
            if (name == "sigma" && model.sigma) {
                e = sigma;
            } else if (auto n = parse_number(name);
                       n && *n == std::floor(*n) && *n >= 1 && *n <= model.elements) {
                e = static_cast<int>(*n);
            }
            if (e < 0) {
                return check.bad("elements", "\"" + name + "\" is no element; expected " + allowed);
            }
            if (std::find(s.elements.begin(), s.elements.end(), e) != s.elements.end()) {
                return check.bad("elements", "\"" + name + "\" is listed twice");
            }
            s.elements.push_back(e);
        }
        if (s.elements.empty()) {
            return check.bad("elements", "expected at least one element (" + allowed + ")");
        }
    } else {
        s.elements = model.default_elements;
    }
    if (model.channels > 0) {
        if (auto c = o.take_integer("channel")) {
            if (*c < 1 || *c > model.channels) {
                return check.bad("channel",
                                 "the " + model.description + " has channel 1" +
                                     (model.channels > 1 ? " to " + std::to_string(model.channels)
                                                         : std::string(" only")));
            }
            s.channel = static_cast<int>(*c);
        }
    }
    if (const auto& modes = model.dialect->read_modes; !modes.empty()) {
        if (auto r = o.take_string("read")) {
            std::string allowed;
            bool found = false;
            for (std::size_t i = 0; i < modes.size() && !found; ++i) {
                found = modes[i].name == *r;
                s.read_mode = found ? i : s.read_mode;
                allowed += (i == 0                  ? ""
                            : i + 1 == modes.size() ? " or "
                                                    : ", ") +
                           ("\"" + modes[i].name + "\" (" + modes[i].meaning + ")");
            }
            if (!found) {
                return check.bad("read", "expected " + allowed + ", got \"" + *r + "\"");
            }
        }
    }
    if (auto b = o.take_bool("integrate")) {
        if (*b && model.dialect->integrator_start.empty()) {
            return check.bad("integrate", "the " + model.description + " has no integrator");
        }
        s.integrate = *b;
    }
    if (model.dialect->integrator_start.empty()) {
        s.integrate = false;
    }
    if (auto u = o.take_number("update_interval")) {
        bool ok = false;
        std::string allowed;
        for (double a : model.update_intervals) {
            ok = ok || std::fabs(a - *u) < 1e-9;
            char buf[24];
            std::snprintf(buf, sizeof buf, "%g", a);
            allowed += (allowed.empty() ? "" : ", ") + std::string(buf);
        }
        const bool span = model.max_update_interval > 0.0;
        if (!model.dialect->update_rate || (model.update_intervals.empty() && !span)) {
            return check.bad("update_interval",
                             "the " + model.description + " has no settable update interval");
        }
        ok = ok || (span && *u >= model.min_update_interval && *u <= model.max_update_interval);
        if (!ok && span) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%g to %g", model.min_update_interval,
                          model.max_update_interval);
            allowed += (allowed.empty() ? "" : ", or ") + std::string(buf);
        }
        if (!ok) {
            return check.bad("update_interval", "expected " + std::string(span ? "" : "one of ") +
                                                    allowed + " (seconds)");
        }
        s.update_interval = *u;
    }
    if (model.dialect->quirks.command_gap.count() > 0) {
        if (auto g = o.take_number("command_gap")) {
            if (!(*g >= 0.0 && *g <= 5.0)) {
                return check.bad("command_gap",
                                 "expected 0…5 (seconds between configuration commands)");
            }
            s.command_gap = *g;
        }
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::scpi_analyzer
