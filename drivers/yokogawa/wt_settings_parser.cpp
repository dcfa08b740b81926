#include "drivers/yokogawa/wt_settings_parser.hpp"

#include <algorithm>
#include <cmath>

#include "drivers/yokogawa/text_fields.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

api::DeviceError bad(const WtModel& m, const std::string& key, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config,
                            std::string(m.driver) + ": key '" + key + "': " + why};
}

std::optional<api::DeviceError> take_range(const WtModel& m, api::Options& options,
                                           const std::string& key, double min, double max,
                                           const char* unit, Range& out) {
    if (!options.has(key)) {
        return std::nullopt;
    }
    api::Options probe = options;
    if (auto s = probe.take_string(key); s && !probe.error()) {
        options.take_string(key);
        if (*s != "auto") {
            return bad(
                m, key,
                "expected a number (" + std::string(unit) + ") or \"auto\", got \"" + *s + "\"");
        }
        out.reset();
        return std::nullopt;
    }
    auto v = options.take_number(key);
    if (!v) {
        return bad(m, key, "expected a number (" + std::string(unit) + ") or \"auto\"");
    }
    if (!(*v >= min && *v <= max)) {
        return bad(m, key,
                   number(*v) + " " + unit + " is outside the " + std::string(m.name) + "'s " +
                       number(min) + "…" + number(max) + " " + unit);
    }
    out = *v;
    return std::nullopt;
}

std::optional<api::DeviceError> take_elements(const WtModel& m, api::Options& o,
                                              std::vector<int>& out) {
    auto list = o.take_comma_list("elements");
    if (!list) {
        return std::nullopt;
    }
    out.clear();
    for (auto f : split(*list, ',')) {
        int e = -1;
        if (iequals(f, "sigma")) {
            e = sigma_element;
        } else if (f.size() == 1 && f[0] >= '1' && f[0] <= '9') {
            e = f[0] - '0';
        }
        if (e < 0 || e > m.max_elements) {
            return bad(m, "elements",
                       "'" + std::string(f) + "' is no element: expected 1…" +
                           std::to_string(m.max_elements) + " or \"sigma\"");
        }
        if (std::find(out.begin(), out.end(), e) != out.end()) {
            return bad(m, "elements", "'" + std::string(f) + "' is listed twice");
        }
        out.push_back(e);
    }
    if (out.empty()) {
        return bad(m, "elements", "lists no element");
    }
    return std::nullopt;
}

}  // namespace

std::variant<WtSettings, api::DeviceError> parse_wt_settings(const WtModel& m,
                                                             api::DeviceConfig& config) {
    WtSettings s;
    s.model = &m;
    transport::ConnectionDefaults defaults;
    defaults.tcp_port = m.default_port;
    auto ep = transport::parse_connection(config.connection, defaults);
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    s.endpoint = std::get<transport::Endpoint>(ep);
    if (m.link == Link::framed && !std::holds_alternative<transport::TcpEndpoint>(s.endpoint)) {
        return api::DeviceError{api::ErrorKind::config,
                                std::string(m.driver) + ": the " + std::string(m.name) +
                                    "'s Ethernet protocol needs tcp://HOST[:10001]"};
    }
    auto& o = config.options;
    if (auto e = take_elements(m, o, s.elements)) {
        return *e;
    }
    if (auto e =
            take_range(m, o, "voltage_range", m.volts_min, m.volts_max, "V", s.voltage_range)) {
        return *e;
    }
    if (auto e = take_range(m, o, "current_range", m.amps_min, m.amps_max, "A", s.current_range)) {
        return *e;
    }
    if (auto r = o.take_string("ranging")) {
        if (*r == "calibrate") {
            return bad(m, "ranging",
                       "\"calibrate\" needs the model's range steps, which are not confirmed for "
                       "the " +
                           std::string(m.name) + " yet: give voltage_range and current_range");
        }
        if (*r != "fixed") {
            return bad(m, "ranging", "expected \"fixed\", got \"" + *r + "\"");
        }
    }
    if (auto b = o.take_bool("integrate")) {
        s.integrate = *b;
    }
    if (auto u = o.take_number("update_interval")) {
        const bool ok = std::any_of(m.rates.begin(), m.rates.end(),
                                    [&](double r) { return std::fabs(r - *u) < 1e-9; });
        if (!ok) {
            std::string list;
            for (double r : m.rates) {
                list += (list.empty() ? "" : ", ") + number(r);
            }
            return bad(m, "update_interval", "expected one of " + list + " (seconds)");
        }
        s.update_interval = *u;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::yokogawa
