#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <variant>

#include "drivers/http/http_client.hpp"
#include "drivers/redfish/settings.hpp"

namespace wattbench::drivers::redfish {

using http::HttpClient;
using http::HttpResponse;
using http::Method;

// Authenticated GETs on one Redfish service: a session (POST to the Sessions collection, the
// X-Auth-Token on every request, DELETE of the session on logout), or HTTP Basic where the
// service refuses sessions (`session = "auto"`) or the profile asks for it. A 401 on a GET is a
// session the BMC expired: one new login and the request again. The password lives here only,
// wiped on logout.
class AuthSession {
public:
    AuthSession(HttpClient& http, const Settings& settings);
    ~AuthSession();
    AuthSession(const AuthSession&) = delete;
    AuthSession& operator=(const AuthSession&) = delete;

    std::optional<api::DeviceError> login(std::string password, const std::string& sessions_path,
                                          std::chrono::milliseconds timeout);
    // The body of a 2xx answer or a DeviceError; `status` gets the HTTP status either way
    // (0 without an answer).
    std::variant<std::string, api::DeviceError> get(const std::string& path,
                                                    std::chrono::milliseconds timeout,
                                                    long* status = nullptr);
    void logout(std::chrono::milliseconds timeout);

    bool basic() const { return basic_; }
    int relogins() const { return relogins_; }

private:
    std::optional<api::DeviceError> post_session(std::chrono::milliseconds timeout);
    std::variant<HttpResponse, api::DeviceError> send_get(const std::string& path,
                                                          std::chrono::milliseconds timeout);
    void wipe();

    HttpClient& http_;
    const Settings& settings_;
    std::string password_;
    std::string sessions_path_;
    std::string token_;
    std::string session_location_;
    bool basic_ = false;
    int relogins_ = 0;
};

}  // namespace wattbench::drivers::redfish
