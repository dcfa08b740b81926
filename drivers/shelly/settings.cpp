#include "drivers/shelly/settings.hpp"

#include "drivers/http/plug_options.hpp"

namespace wattbench::drivers::shelly {

using http::key_error;

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    Settings s;
    auto url = http::take_url_and_credentials(config, "WATTBENCH_SHELLY_PASSWORD", s.user,
                                              s.password_file);
    if (auto* e = std::get_if<api::DeviceError>(&url)) {
        return *e;
    }
    s.url = std::get<http::HttpUrl>(std::move(url));
    auto& o = config.options;
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
    if (auto e = http::take_int_in(o, "channel", 0, 15, "expected the meter or switch id, 0 to 15",
                                   s.id)) {
        return *e;
    }
    if (auto e = http::take_timeout_and_check(o, s.timeout_ms)) {
        return *e;
    }
    return s;
}

}  // namespace wattbench::drivers::shelly
