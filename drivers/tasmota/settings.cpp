#include "drivers/tasmota/settings.hpp"

#include "drivers/http/plug_options.hpp"

namespace wattbench::drivers::tasmota {

namespace {

api::DeviceError key_error(const std::string& key, const std::string& what) {
    return api::DeviceError{api::ErrorKind::config, "key '" + key + "': " + what};
}

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    auto url = http::parse_http_url(config.connection);
    if (auto* e = std::get_if<api::DeviceError>(&url)) {
        return *e;
    }
    Settings s;
    s.url = std::get<http::HttpUrl>(std::move(url));
    auto& o = config.options;
    if (auto e = http::take_credentials(o, "WATTBENCH_TASMOTA_PASSWORD", s.user, s.password_file)) {
        return *e;
    }
    if (auto v = o.take_integer("status")) {
        if (*v != 8 && *v != 10) {
            return key_error("status", "expected 8 or 10 (the Status command that reports energy)");
        }
        s.status = static_cast<int>(*v);
    }
    if (auto v = o.take_integer("channel")) {
        if (*v < 0 || *v > 7) {
            return key_error("channel", "expected the energy channel, 0 to 7");
        }
        s.channel = static_cast<int>(*v);
    }
    if (auto e = http::take_timeout_ms(o, s.timeout_ms)) {
        return *e;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::tasmota
