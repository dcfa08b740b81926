#include "drivers/http/plug_options.hpp"

#include <utility>

namespace wattbench::drivers::http {

namespace {

api::DeviceError key_error(const std::string& key, const std::string& what) {
    return api::DeviceError{api::ErrorKind::config, "key '" + key + "': " + what};
}

}  // namespace

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

}  // namespace wattbench::drivers::http
