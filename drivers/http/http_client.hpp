#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::http {

struct TlsOptions {
    std::string ca_file;  // empty: the system's trust store
    bool insecure = false;
};

struct HttpResponse {
    long status = 0;
    std::string body;
    std::string location;                                      // Location header
    std::vector<std::pair<std::string, std::string>> headers;  // every header, in order

    // The value of the first header called `name` (any case), "" when there is none.
    std::string header(std::string_view name) const;
};

enum class Method { get, post, del };

enum class AuthScheme { basic, digest };

// Credentials of one request; the strings stay the caller's (the client keeps no copy).
struct Credentials {
    AuthScheme scheme = AuthScheme::basic;
    const std::string* user = nullptr;
    const std::string* password = nullptr;
};

struct ClientOptions {
    std::string protocols = "https";           // libcurl's CURLOPT_PROTOCOLS_STR: "http,https"
    std::vector<std::string> default_headers;  // sent with every request
    TlsOptions tls;
    std::string tls_hint;  // said after an untrusted certificate: how to trust it
};

// One kept-alive HTTP/1.1 connection to one host through a libcurl easy handle. Requests name a
// path ("/redfish/v1/…") or an absolute URL of the same host; redirects are followed only
// within that host. Transport failures are DeviceErrors: `timeout` when the time ran out,
// `unreachable` when no connection could be made, `link_lost` when it broke, `config` for a
// certificate that is not trusted. Digest authentication answers the last challenge's nonce
// again (nc incremented); a refused nonce is asked for afresh within the same request, and a
// device that refuses every reuse gets a fresh challenge every request. Used by one thread.
class HttpClient {
public:
    HttpClient(std::string base_url, ClientOptions options);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    // `headers` are whole lines ("X-Auth-Token: …").
    std::variant<HttpResponse, api::DeviceError> request(Method method, std::string_view target,
                                                         const std::vector<std::string>& headers,
                                                         std::string_view body,
                                                         std::chrono::milliseconds timeout,
                                                         const Credentials* credentials = nullptr);

    // Drops the connection; the next request opens a new one.
    void disconnect();

    const std::string& base_url() const { return base_url_; }

private:
    std::variant<HttpResponse, api::DeviceError> once(Method method, const std::string& url,
                                                      const std::vector<std::string>& headers,
                                                      std::string_view body,
                                                      std::chrono::milliseconds timeout,
                                                      const Credentials* credentials);
    void* handle();

    std::string base_url_;
    ClientOptions options_;
    void* curl_ = nullptr;               // CURL*, kept out of the header
    std::string digest_user_;            // the handle holds this user's digest nonce; "" none
    int digest_reuses_ = 0;              // requests that reused the nonce since its challenge
    bool digest_reuse_refused_ = false;  // the device refused a nonce at its first reuse
};

// The same-host path of `location` (absolute or relative), or "" when it points elsewhere.
std::string same_host_target(const std::string& base_url, const std::string& location);

}  // namespace wattbench::drivers::http
