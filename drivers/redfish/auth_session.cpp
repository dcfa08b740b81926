#include "drivers/redfish/auth_session.hpp"

#include <string.h>

#include <nlohmann/json.hpp>

namespace wattbench::drivers::redfish {

namespace {

std::string host_of(const HttpClient& http) {
    return http.base_url().substr(8);
}

// Answers that mean "this service has no session login": try Basic instead (auto).
bool sessions_unsupported(long status) {
    return status == 404 || status == 405 || status == 501 || status == 400;
}

}  // namespace

AuthSession::AuthSession(HttpClient& http, const Settings& settings)
    : http_(http), settings_(settings) {}

AuthSession::~AuthSession() {
    wipe();
}

void AuthSession::wipe() {
    for (auto* s : {&password_, &token_}) {
        if (!s->empty()) {
            ::explicit_bzero(s->data(), s->size());
            s->clear();
        }
    }
}

std::optional<api::DeviceError> AuthSession::post_session(std::chrono::milliseconds timeout) {
    nlohmann::json credentials{{"UserName", settings_.endpoint.user}, {"Password", password_}};
    std::string body = credentials.dump();
    auto got = http_.request(Method::post, sessions_path_, {}, body, timeout);
    ::explicit_bzero(body.data(), body.size());
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        return *e;
    }
    auto& r = std::get<HttpResponse>(got);
    std::string auth_token = r.header("X-Auth-Token");
    if ((r.status == 200 || r.status == 201) && !auth_token.empty()) {
        token_ = std::move(auth_token);
        session_location_ = r.location;
        basic_ = false;
        return std::nullopt;
    }
    if (r.status == 401 || r.status == 403) {
        return api::DeviceError{api::ErrorKind::auth, host_of(http_) +
                                                          ": wrong user name or password (user '" +
                                                          settings_.endpoint.user + "', HTTP " +
                                                          std::to_string(r.status) + ")"};
    }
    if (settings_.auth == AuthMode::automatic &&
        (sessions_unsupported(r.status) || auth_token.empty())) {
        basic_ = true;
        return std::nullopt;
    }
    return api::DeviceError{api::ErrorKind::auth,
                            host_of(http_) + ": session login refused (HTTP " +
                                std::to_string(r.status) + ")" +
                                (r.status < 300 ? ", no X-Auth-Token in the answer" : "")};
}

std::optional<api::DeviceError> AuthSession::login(std::string password,
                                                   const std::string& sessions_path,
                                                   std::chrono::milliseconds timeout) {
    wipe();
    password_ = std::move(password);
    sessions_path_ = sessions_path;
    if (settings_.auth == AuthMode::basic) {
        basic_ = true;
    } else if (auto e = post_session(timeout)) {
        return e;
    }
    if (basic_) {
        // A GET that needs authentication tells a wrong password from a good one now,
        // before the run, not at its first poll.
        auto got = send_get("/redfish/v1/Chassis", timeout);
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            return *e;
        }
        const long status = std::get<HttpResponse>(got).status;
        if (status == 401 || status == 403) {
            return api::DeviceError{api::ErrorKind::auth,
                                    host_of(http_) + ": wrong user name or password (user '" +
                                        settings_.endpoint.user + "', HTTP Basic, HTTP " +
                                        std::to_string(status) + ")"};
        }
    }
    return std::nullopt;
}

std::variant<HttpResponse, api::DeviceError> AuthSession::send_get(
    const std::string& path, std::chrono::milliseconds timeout) {
    if (basic_) {
        const http::Credentials basic{http::AuthScheme::basic, &settings_.endpoint.user,
                                      &password_};
        return http_.request(Method::get, path, {}, {}, timeout, &basic);
    }
    return http_.request(Method::get, path, {"X-Auth-Token: " + token_}, {}, timeout);
}

std::variant<std::string, api::DeviceError> AuthSession::get(const std::string& path,
                                                             std::chrono::milliseconds timeout,
                                                             long* status) {
    const auto started = std::chrono::steady_clock::now();
    auto got = send_get(path, timeout);
    auto* r = std::get_if<HttpResponse>(&got);
    if (r && r->status == 401 && !basic_) {
        // The BMC expired the session (idle timeout, reboot of its web server): log in again
        // and repeat the request in the time left.
        ++relogins_;
        const auto left = timeout - std::chrono::duration_cast<std::chrono::milliseconds>(
                                        std::chrono::steady_clock::now() - started);
        if (left.count() <= 0) {
            return api::DeviceError{api::ErrorKind::timeout,
                                    host_of(http_) + ": session expired; logging in again"};
        }
        if (auto e = post_session(left)) {
            return *e;
        }
        got = send_get(path, left);
        r = std::get_if<HttpResponse>(&got);
    }
    if (status) {
        *status = r ? r->status : 0;
    }
    if (!r) {
        return std::get<api::DeviceError>(std::move(got));
    }
    if (r->status == 401 || r->status == 403) {
        return api::DeviceError{
            api::ErrorKind::auth,
            host_of(http_) + ": " + path + " refused (HTTP " + std::to_string(r->status) + ")"};
    }
    if (r->status == 503) {
        return api::DeviceError{api::ErrorKind::link_lost,
                                host_of(http_) + ": service unavailable (HTTP 503)"};
    }
    if (r->status < 200 || r->status >= 300) {
        return api::DeviceError{api::ErrorKind::protocol,
                                path + ": HTTP " + std::to_string(r->status)};
    }
    return std::move(r->body);
}

void AuthSession::logout(std::chrono::milliseconds timeout) {
    if (!basic_ && !token_.empty() && !session_location_.empty()) {
        // A BMC has few session slots; one left behind per run would fill them.
        http_.request(Method::del, session_location_, {"X-Auth-Token: " + token_}, {}, timeout);
    }
    session_location_.clear();
    wipe();
}

}  // namespace wattbench::drivers::redfish
