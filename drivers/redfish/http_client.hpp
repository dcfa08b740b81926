#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::redfish {

struct TlsOptions {
    std::string ca_file;  // empty: the system's trust store
    bool insecure = false;
};

struct HttpResponse {
    long status = 0;
    std::string body;
    std::string location;    // Location header
    std::string auth_token;  // X-Auth-Token header
};

enum class Method { get, post, del };

// One kept-alive HTTPS/1.1 connection to one host through a libcurl easy handle. Requests name a
// path ("/redfish/v1/…") or an absolute URL of the same host; redirects are followed only
// within that host. Transport failures are DeviceErrors: `timeout` when the time ran out,
// `unreachable` when no connection could be made, `link_lost` when it broke, `config` for a
// certificate that is not trusted. Used by one thread.
class HttpClient {
public:
    HttpClient(std::string base_url, TlsOptions tls);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    // `headers` are whole lines ("X-Auth-Token: …"); `basic_user`/`basic_password` set send
    // HTTP Basic authentication.
    std::variant<HttpResponse, api::DeviceError> request(
        Method method, std::string_view target, const std::vector<std::string>& headers,
        std::string_view body, std::chrono::milliseconds timeout,
        const std::string* basic_user = nullptr, const std::string* basic_password = nullptr);

    // Drops the connection; the next request opens a new one.
    void disconnect();

    const std::string& base_url() const { return base_url_; }

private:
    std::variant<HttpResponse, api::DeviceError> once(Method method, const std::string& url,
                                                      const std::vector<std::string>& headers,
                                                      std::string_view body,
                                                      std::chrono::milliseconds timeout,
                                                      const std::string* user,
                                                      const std::string* password);
    void* handle();

    std::string base_url_;
    TlsOptions tls_;
    void* curl_ = nullptr;  // CURL*, kept out of the header
};

// The same-host path of `location` (absolute or relative), or "" when it points elsewhere.
std::string same_host_target(const std::string& base_url, const std::string& location);

}  // namespace wattbench::drivers::redfish
