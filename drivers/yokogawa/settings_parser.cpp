#include "drivers/yokogawa/settings_parser.hpp"

#include <array>
#include <cmath>

namespace wattbench::drivers::yokogawa {
namespace {

api::DeviceError bad(const std::string& key, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config, "key '" + key + "': " + why};
}

// A range key holds a number or "auto". Options cannot say a value's type without marking an
// error, so a copy is asked first.
std::optional<api::DeviceError> take_range(api::Options& options, const std::string& key,
                                           double min, double max, Range& out) {
    if (!options.has(key)) {
        return std::nullopt;
    }
    api::Options probe = options;
    if (auto s = probe.take_string(key); s && !probe.error()) {
        options.take_string(key);
        if (*s != "auto") {
            return bad(key, "expected a number or \"auto\", got \"" + *s + "\"");
        }
        out.reset();
        return std::nullopt;
    }
    auto v = options.take_number(key);
    if (!v) {
        return bad(key, "expected a number or \"auto\"");
    }
    if (!(*v >= min && *v <= max)) {
        return bad(key, "range " + std::to_string(*v) + " outside " + std::to_string(min) + "…" +
                            std::to_string(max));
    }
    out = *v;
    return std::nullopt;
}

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(Dialect dialect,
                                                        api::DeviceConfig& config) {
    Settings s;
    s.dialect = dialect;
    transport::SerialSettings defaults;  // both default to 9600 8N1
    auto ep = transport::parse_connection(config.connection, defaults);
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    s.endpoint = std::get<transport::Endpoint>(ep);

    auto& o = config.options;
    const double vmax = dialect == Dialect::wt300 ? 600.0 : 600.0;
    const double imin = dialect == Dialect::wt300 ? 0.0025 : 0.005;
    if (auto e = take_range(o, "voltage_range", 15.0, vmax, s.voltage_range)) {
        return *e;
    }
    if (auto e = take_range(o, "current_range", imin, 20.0, s.current_range)) {
        return *e;
    }
    if (auto r = o.take_string("ranging")) {
        if (*r == "calibrate") {
            if (o.has("voltage_range") || o.has("current_range")) {
                return bad("ranging",
                           "\"calibrate\" sets the ranges itself; remove "
                           "voltage_range and current_range");
            }
            s.calibrate = true;
        } else if (*r != "fixed") {
            return bad("ranging",
                       "expected \"fixed\" (the ranges given, default) or "
                       "\"calibrate\" (MLPerf rule from each warm-up), got \"" +
                           *r + "\"");
        }
    }
    if (auto cf = o.take_integer("crest_factor")) {
        if (dialect != Dialect::wt300) {
            return bad("crest_factor", "only the WT300 set (yokogawa-wt310) has :INP:CFAC");
        }
        if (*cf != 3 && *cf != 6) {
            return bad("crest_factor", "expected 3 or 6");
        }
        s.crest_factor = static_cast<int>(*cf);
    }
    if (auto y = o.take_string("sync")) {
        if (*y == "update") {
            s.sync = Sync::update;
        } else if (*y == "poll") {
            s.sync = Sync::poll;
        } else {
            return bad("sync",
                       "expected \"update\" (read once per completed update) or "
                       "\"poll\", got \"" +
                           *y + "\"");
        }
    }
    if (auto b = o.take_bool("integrate")) {
        s.integrate = *b;
    }
    if (auto u = o.take_number("update_interval")) {
        constexpr std::array<double, 6> allowed = {0.1, 0.25, 0.5, 1.0, 2.0, 5.0};
        bool ok = false;
        for (double a : allowed) {
            ok = ok || std::fabs(a - *u) < 1e-9;
        }
        if (!ok) {
            return bad("update_interval", "expected one of 0.1, 0.25, 0.5, 1, 2, 5 (seconds)");
        }
        s.update_interval = *u;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::yokogawa
