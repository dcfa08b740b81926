#include "drivers/http/plug_options.hpp"

#include <utility>

namespace wattbench::drivers::http {

api::DeviceError key_error(const std::string& key, const std::string& what) {
    return api::DeviceError{api::ErrorKind::config, "key '" + key + "': " + what};
}

std::optional<api::DeviceError> take_int_in(api::Options& o, const std::string& key, int lo, int hi,
                                            const std::string& expected, int& field) {
    if (auto v = o.take_integer(key)) {
        if (*v < lo || *v > hi) {
            return key_error(key, expected);
        }
        field = static_cast<int>(*v);
    }
    return std::nullopt;
}

std::optional<api::DeviceError> take_timeout_ms(api::Options& o, int& field) {
    if (auto v = o.take_integer("timeout_ms")) {
        if (*v < 100 || *v > 60000) {
            return key_error("timeout_ms", "expected milliseconds from 100 to 60000");
        }
        field = static_cast<int>(*v);
    }
    return std::nullopt;
}

std::optional<api::DeviceError> take_credentials(api::Options& o, const char* env_name,
                                                 std::string& user, std::string& password_file) {
    if (o.has("password")) {
        o.take_string("password");
        return key_error("password",
                         "a password must not be written in a profile (profiles are copied into "
                         "the run's manifest and shared); set " +
                             std::string(env_name) +
                             " or point password_file at a file only you can read (chmod 600)");
    }
    for (auto [key, field] :
         {std::pair{"user", &user}, std::pair{"password_file", &password_file}}) {
        if (auto v = o.take_string(key)) {
            if (v->empty()) {
                return key_error(key, "expected a non-empty string");
            }
            *field = *v;
        }
    }
    return std::nullopt;
}

std::variant<HttpUrl, api::DeviceError> take_url_and_credentials(api::DeviceConfig& config,
                                                                 const char* env_name,
                                                                 std::string& user,
                                                                 std::string& password_file) {
    auto url = parse_http_url(config.connection);
    if (std::holds_alternative<api::DeviceError>(url)) {
        return url;
    }
    if (auto e = take_credentials(config.options, env_name, user, password_file)) {
        return *e;
    }
    return url;
}

std::optional<api::DeviceError> take_timeout_and_check(api::Options& o, int& timeout_ms) {
    if (auto e = take_timeout_ms(o, timeout_ms)) {
        return e;
    }
    return o.error();
}

}  // namespace wattbench::drivers::http
