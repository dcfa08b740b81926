#include "drivers/chroma/settings_parser.hpp"

#include <cmath>
#include <cstdio>

namespace wattbench::drivers::chroma {
namespace {

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

struct Checker {
    const Model& model;
    api::Options& options;

    api::DeviceError bad(const std::string& key, const std::string& why) const {
        return {api::ErrorKind::config, std::string(model.driver) + ": key '" + key + "': " + why};
    }

    // "auto" or a number; the type is probed on a copy so a wrong take marks no error.
    std::optional<api::DeviceError> range(const std::string& key, double max,
                                          std::span<const double> allowed, Range& out) const {
        if (!options.has(key)) {
            return std::nullopt;
        }
        api::Options probe = options;
        if (auto text = probe.take_string(key); text && !probe.error()) {
            options.take_string(key);
            if (*text == "auto") {
                out.reset();
                return std::nullopt;
            }
            return bad(key, "expected a number or \"auto\", got \"" + *text + "\"");
        }
        const auto v = options.take_number(key);
        if (!v) {
            return bad(key, "expected a number or \"auto\"");
        }
        if (!allowed.empty()) {
            for (double a : allowed) {
                if (std::fabs(a - *v) <= 1e-9 * a) {
                    out = a;
                    return std::nullopt;
                }
            }
            std::string list;
            for (double a : allowed) {
                list += (list.empty() ? "" : ", ") + fmt(a);
            }
            return bad(key, fmt(*v) + " is not one of the ranges SPEC accepts for the " +
                                std::string(model.idn_model) + ": " + list);
        }
        if (!(*v > 0.0 && *v <= max)) {
            return bad(key, fmt(*v) + " outside (0, " + fmt(max) + "]");
        }
        out = *v;
        return std::nullopt;
    }
};

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(const Model& model,
                                                        api::DeviceConfig& config) {
    Settings s;
    s.model = &model;
    auto ep = transport::parse_connection(config.connection, transport::SerialSettings{});
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    s.endpoint = std::get<transport::Endpoint>(ep);
    auto& o = config.options;
    const Checker check{model, o};
    if (auto e = check.range("voltage_range", model.max_volts, {}, s.voltage_range)) {
        return *e;
    }
    if (auto e =
            check.range("current_range", model.max_amps, model.current_ranges, s.current_range)) {
        return *e;
    }
    if (auto r = o.take_string("ranging"); r && *r != "fixed") {
        return check.bad("ranging",
                         "only \"fixed\" (the ranges given) is supported for this family; "
                         "\"calibrate\" is not implemented yet");
    }
    if (auto c = o.take_integer("channel")) {
        if (*c < 1 || *c > model.channels) {
            return check.bad("channel",
                             "the " + std::string(model.idn_model) + " has channel 1" +
                                 (model.channels > 1 ? " to " + std::to_string(model.channels)
                                                     : std::string(" only")));
        }
        s.channel = static_cast<int>(*c);
    }
    if (auto r = o.take_string("read")) {
        if (*r == "fetch") {
            s.read = Read::fetch;
        } else if (*r == "measure") {
            s.read = Read::measure;
        } else {
            return check.bad("read",
                             "expected \"fetch\" (FETCh?, the last values) or "
                             "\"measure\" (MEASure?, a new acquisition), got \"" +
                                 *r + "\"");
        }
    }
    if (auto b = o.take_bool("integrate")) {
        s.integrate = *b;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::chroma
