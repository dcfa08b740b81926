#pragma once

#include <optional>
#include <string>
#include <variant>

#include "drivers/api/device_error.hpp"
#include "drivers/api/options.hpp"
#include "drivers/api/registry.hpp"
#include "drivers/http/http_url.hpp"

namespace wattbench::drivers::http {

// A key given a value it cannot take: a configuration error naming the key.
api::DeviceError key_error(const std::string& key, const std::string& what);

// An integer key from `lo` to `hi` into `field` when given; `expected` words the refusal.
std::optional<api::DeviceError> take_int_in(api::Options& o, const std::string& key, int lo, int hi,
                                            const std::string& expected, int& field);

// `timeout_ms` (100…60000) into `field` when given.
std::optional<api::DeviceError> take_timeout_ms(api::Options& o, int& field);

// `user` and `password_file` (non-empty strings) when given; a `password` key is refused,
// pointing at `env_name`: profiles are copied into the run's manifest and shared.
std::optional<api::DeviceError> take_credentials(api::Options& o, const char* env_name,
                                                 std::string& user, std::string& password_file);

// What an HTTP plug's settings start with: the connection as a URL, then the credentials.
std::variant<HttpUrl, api::DeviceError> take_url_and_credentials(api::DeviceConfig& config,
                                                                 const char* env_name,
                                                                 std::string& user,
                                                                 std::string& password_file);

// What a plug's settings end with: `timeout_ms`, then the first key of the wrong type.
std::optional<api::DeviceError> take_timeout_and_check(api::Options& o, int& timeout_ms);

}  // namespace wattbench::drivers::http
