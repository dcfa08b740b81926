#include "drivers/shelly/settings.hpp"

#include "drivers/http/plug_options.hpp"

namespace wattbench::drivers::shelly {

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
    if (auto e = http::take_credentials(o, "WATTBENCH_SHELLY_PASSWORD", s.user, s.password_file)) {
        return *e;
    }
    if (auto v = o.take_string("generation")) {
        if (*v == "auto") {
            s.generation = Generation::automatic;
        } else if (*v == "gen1") {
            s.generation = Generation::gen1;
        } else if (*v == "gen2" || *v == "gen3" || *v == "gen4") {
            s.generation = Generation::gen2;
        } else {
            return key_error("generation", "expected \"auto\", \"gen1\", \"gen2\" or \"gen3\"");
        }
    }
    if (auto v = o.take_string("component")) {
        if (*v == "auto") {
            s.component = Component::automatic;
        } else if (*v == "switch") {
            s.component = Component::switch_status;
        } else if (*v == "pm1") {
            s.component = Component::pm1_status;
        } else {
            return key_error("component", "expected \"auto\", \"switch\" or \"pm1\"");
        }
    }
    if (auto v = o.take_integer("channel")) {
        if (*v < 0 || *v > 15) {
            return key_error("channel", "expected the meter or switch id, 0 to 15");
        }
        s.id = static_cast<int>(*v);
    }
    if (auto e = http::take_timeout_ms(o, s.timeout_ms)) {
        return *e;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::shelly
