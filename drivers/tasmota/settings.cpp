#include "drivers/tasmota/settings.hpp"

#include "drivers/http/plug_options.hpp"

namespace wattbench::drivers::tasmota {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    Settings s;
    auto url = http::take_url_and_credentials(config, "WATTBENCH_TASMOTA_PASSWORD", s.user,
                                              s.password_file);
    if (auto* e = std::get_if<api::DeviceError>(&url)) {
        return *e;
    }
    s.url = std::get<http::HttpUrl>(std::move(url));
    auto& o = config.options;
    if (auto v = o.take_integer("status")) {
        if (*v != 8 && *v != 10) {
            return http::key_error("status",
                                   "expected 8 or 10 (the Status command that reports energy)");
        }
        s.status = static_cast<int>(*v);
    }
    if (auto e = http::take_int_in(o, "channel", 0, 7, "expected the energy channel, 0 to 7",
                                   s.channel)) {
        return *e;
    }
    if (auto e = http::take_timeout_and_check(o, s.timeout_ms)) {
        return *e;
    }
    return s;
}

}  // namespace wattbench::drivers::tasmota
