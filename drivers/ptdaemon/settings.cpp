#include "drivers/ptdaemon/settings.hpp"

#include <charconv>
#include <cstdio>

namespace wattbench::drivers::ptdaemon {
namespace {

api::DeviceError bad(const api::DeviceConfig& c, const std::string& key, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config,
                            "device '" + c.id + "': key '" + key + "': " + why};
}

std::optional<api::DeviceError> parse_connection(const api::DeviceConfig& c, Settings& s) {
    const std::string_view scheme = "ptd://";
    std::string_view t = c.connection;
    if (t.substr(0, scheme.size()) != scheme) {
        return bad(c, "connection", "expected ptd://HOST[:PORT], got \"" + c.connection + "\"");
    }
    t.remove_prefix(scheme.size());
    if (!t.empty() && t.back() == '/') {
        t.remove_suffix(1);
    }
    std::string_view port;
    if (!t.empty() && t.front() == '[') {
        const auto close = t.find(']');
        if (close == std::string_view::npos) {
            return bad(c, "connection", "unclosed '[' in \"" + c.connection + "\"");
        }
        s.host = std::string(t.substr(1, close - 1));
        const auto rest = t.substr(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':') {
                return bad(c, "connection",
                           "expected ':PORT' after ']' in \"" + c.connection + "\"");
            }
            port = rest.substr(1);
        }
    } else {
        const auto colon = t.find(':');
        s.host = std::string(t.substr(0, colon));
        if (colon != std::string_view::npos) {
            port = t.substr(colon + 1);
        }
    }
    if (s.host.empty() || s.host.find_first_of("/?@ ") != std::string::npos) {
        return bad(c, "connection", "expected ptd://HOST[:PORT], got \"" + c.connection + "\"");
    }
    if (port.data() != nullptr && !port.empty()) {
        unsigned v = 0;
        const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), v);
        if (ec != std::errc() || end != port.data() + port.size() || v == 0 || v > 65535) {
            return bad(c, "connection", "port \"" + std::string(port) + "\" is not 1…65535");
        }
        s.port = static_cast<std::uint16_t>(v);
    } else if (port.data() != nullptr && t.find(':') != std::string_view::npos) {
        return bad(c, "connection", "empty port in \"" + c.connection + "\"");
    }
    return std::nullopt;
}

// A range key holds a number or "auto"; a copy of the options is asked first so that a
// string does not mark a type error.
std::optional<api::DeviceError> take_range(api::DeviceConfig& c, const std::string& key, double max,
                                           RangeSetting& out) {
    auto& o = c.options;
    if (!o.has(key)) {
        return std::nullopt;
    }
    out.given = true;
    api::Options probe = o;
    if (auto s = probe.take_string(key); s && !probe.error()) {
        o.take_string(key);
        if (*s != "auto" && *s != "Auto") {
            return bad(c, key, "expected a number or \"auto\", got \"" + *s + "\"");
        }
        return std::nullopt;
    }
    const auto v = o.take_number(key);
    if (!v || !(*v > 0.0 && *v <= max)) {
        return bad(
            c, key,
            "expected a range above 0 and up to " + std::to_string(int(max)) + ", or \"auto\"");
    }
    out.value = *v;
    return std::nullopt;
}

}  // namespace

std::string range_argument(const RangeSetting& r) {
    if (!r.value) {
        return "Auto";
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", *r.value);
    return buf;
}

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    Settings s;
    s.device_id = config.id;
    if (auto e = parse_connection(config, s)) {
        return *e;
    }
    if (auto e = take_range(config, "voltage_range", 100000.0, s.voltage_range)) {
        return *e;
    }
    if (auto e = take_range(config, "current_range", 100000.0, s.current_range)) {
        return *e;
    }
    auto& o = config.options;
    if (auto v = o.take_integer("interval_ms")) {
        if (*v != 0 && (*v < 10 || *v > 60000)) {
            return bad(config, "interval_ms", "expected 0 (PTD's own) or 10…60000 ms");
        }
        s.interval_ms = static_cast<int>(*v);
    }
    if (auto v = o.take_integer("channels")) {
        if (*v < 1 || *v > 64) {
            return bad(config, "channels", "expected 1…64 analyzer channels");
        }
        s.channels = static_cast<int>(*v);
    }
    if (auto v = o.take_integer("timeout_ms")) {
        if (*v < 50 || *v > 60000) {
            return bad(config, "timeout_ms", "expected 50…60000 ms");
        }
        s.timeout_ms = static_cast<int>(*v);
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::ptdaemon
