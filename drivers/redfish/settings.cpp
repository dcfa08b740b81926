#include "drivers/redfish/settings.hpp"

#include <algorithm>

#include "drivers/common/name_list.hpp"

namespace wattbench::drivers::redfish {

namespace {

api::DeviceError key_error(const std::string& key, const std::string& what) {
    return api::DeviceError{api::ErrorKind::config, "key '" + key + "': " + what};
}

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    auto endpoint = parse_endpoint(config.connection);
    if (auto* e = std::get_if<api::DeviceError>(&endpoint)) {
        return *e;
    }
    Settings s;
    s.endpoint = std::get<Endpoint>(std::move(endpoint));
    auto& o = config.options;
    if (o.has("password")) {
        o.take_string("password");
        return key_error("password",
                         "a password must not be written in a profile (profiles are copied into "
                         "the run's manifest and shared); set WATTBENCH_REDFISH_PASSWORD or point "
                         "password_file at a file only you can read (chmod 600)");
    }
    for (auto [key, field] :
         {std::pair{"ca_file", &s.ca_file}, std::pair{"password_file", &s.password_file},
          std::pair{"chassis", &s.chassis}}) {
        if (auto v = o.take_string(key)) {
            if (v->empty()) {
                return key_error(key, "expected a non-empty string");
            }
            *field = *v;
        }
    }
    if (auto v = o.take_bool("insecure")) {
        s.insecure = *v;
    }
    if (s.insecure && !s.ca_file.empty()) {
        return key_error("insecure",
                         "ca_file and insecure = true contradict each other: ca_file verifies "
                         "the BMC's certificate, insecure skips the check");
    }
    if (auto v = o.take_string("session")) {
        if (*v == "auto") {
            s.auth = AuthMode::automatic;
        } else if (*v == "session") {
            s.auth = AuthMode::session;
        } else if (*v == "basic") {
            s.auth = AuthMode::basic;
        } else {
            return key_error("session", "expected \"auto\", \"session\" or \"basic\"");
        }
    }
    if (auto v = o.take_integer("timeout_ms")) {
        if (*v < 100 || *v > 60000) {
            return key_error("timeout_ms", "expected milliseconds from 100 to 60000");
        }
        s.timeout_ms = static_cast<int>(*v);
    }
    if (auto v = o.take_comma_list("sensors")) {
        s.sensors = common::split_names(*v);
        if (std::find(s.sensors.begin(), s.sensors.end(), "") != s.sensors.end()) {
            return key_error("sensors",
                             "expected sensor names such as \"CPU1Temp,System Input Power\"");
        }
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::redfish
