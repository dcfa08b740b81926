#include "drivers/zes/settings_parser.hpp"

#include <cstdio>

namespace wattbench::drivers::zes {
namespace {

api::DeviceError bad(const Model& model, const std::string& key, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config,
                            std::string(model.driver) + ": key '" + key + "': " + why};
}

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// A range is a number of volts or amps in (0, max], or "auto". The type is probed on a copy:
// a take of the wrong type would mark the profile's error.
std::optional<api::DeviceError> take_range(const Model& model, api::Options& options,
                                           const std::string& key, double max, Range& out) {
    if (!options.has(key)) {
        return std::nullopt;
    }
    api::Options probe = options;
    if (auto text = probe.take_string(key); text && !probe.error()) {
        options.take_string(key);
        if (*text != "auto") {
            return bad(model, key, "expected a number or \"auto\", got \"" + *text + "\"");
        }
        out.reset();
        return std::nullopt;
    }
    const auto v = options.take_number(key);
    if (!v || !(*v > 0.0 && *v <= max)) {
        return bad(model, key, "expected \"auto\" or a range above 0 and up to " + num(max));
    }
    out = *v;
    return std::nullopt;
}

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(const Model& model,
                                                        api::DeviceConfig& config) {
    Settings s;
    s.model = &model;
    transport::ConnectionDefaults defaults;
    defaults.serial.baud = model.baud;
    defaults.tcp_port = model.tcp_port;
    auto ep = transport::parse_connection(config.connection, defaults);
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    s.endpoint = std::get<transport::Endpoint>(ep);
    auto& o = config.options;
    if (auto e = take_range(model, o, "voltage_range", model.max_volts, s.voltage_range)) {
        return *e;
    }
    if (auto e = take_range(model, o, "current_range", model.max_amps, s.current_range)) {
        return *e;
    }
    if (auto r = o.take_string("ranging"); r && *r != "fixed") {
        return bad(model, "ranging",
                   "only \"fixed\" (the ranges given) is supported for this family; "
                   "\"calibrate\" is not implemented yet");
    }
    if (auto c = o.take_integer("channel")) {
        if (*c < 1 || *c > model.max_channel) {
            return bad(
                model, "channel",
                "expected a measuring channel from 1 to " + std::to_string(model.max_channel));
        }
        s.channel = static_cast<int>(*c);
    }
    if (auto u = o.take_number("update_interval")) {
        if (!(*u >= 0.05 && *u <= 60.0)) {
            return bad(model, "update_interval",
                       "expected the measuring cycle in seconds, 0.05 to 60 (`cycl`)");
        }
        s.cycle = *u;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::zes
