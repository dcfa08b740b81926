#include "drivers/http/http_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <mutex>

namespace wattbench::drivers::http {

namespace {

// An answer larger than this is no device status worth reading.
constexpr std::size_t kMaxBody = 16u << 20;

struct Exchange {
    HttpResponse response;
    bool too_big = false;
};

std::size_t on_body(char* data, std::size_t size, std::size_t n, void* user) {
    auto* x = static_cast<Exchange*>(user);
    const std::size_t len = size * n;
    if (x->response.body.size() + len > kMaxBody) {
        x->too_big = true;
        return 0;
    }
    x->response.body.append(data, len);
    return len;
}

std::string trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
        s.remove_prefix(1);
    }
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
        s.remove_suffix(1);
    }
    return std::string(s);
}

bool header_is(std::string_view line, std::string_view name) {
    if (line.size() <= name.size() || line[name.size()] != ':') {
        return false;
    }
    return std::equal(name.begin(), name.end(), line.begin(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) ==
               std::tolower(static_cast<unsigned char>(b));
    });
}

std::size_t on_header(char* data, std::size_t size, std::size_t n, void* user) {
    auto* x = static_cast<Exchange*>(user);
    const std::size_t len = size * n;
    const std::string_view line(data, len);
    if (header_is(line, "Location")) {
        x->response.location = trimmed(line.substr(9));
    }
    if (const auto colon = line.find(':'); colon != std::string_view::npos && colon > 0) {
        x->response.headers.emplace_back(std::string(line.substr(0, colon)),
                                         trimmed(line.substr(colon + 1)));
    }
    return len;
}

// A query may carry credentials (Tasmota's user= and password=): messages name the path only.
std::string path_of(const std::string& target) {
    return target.substr(0, target.find('?'));
}

void init_curl_once() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

api::DeviceError transport_error(CURLcode code, const char* detail, const std::string& base,
                                 const std::string& tls_hint) {
    std::string text = detail && *detail ? detail : curl_easy_strerror(code);
    const auto scheme = base.find("://");
    std::string where = scheme == std::string::npos ? base : base.substr(scheme + 3);
    switch (code) {
        case CURLE_OPERATION_TIMEDOUT:
            return {api::ErrorKind::timeout, where + ": no answer in time (" + text + ")"};
        case CURLE_COULDNT_RESOLVE_HOST:
        case CURLE_COULDNT_CONNECT:
            return {api::ErrorKind::unreachable, where + ": cannot connect (" + text + ")"};
        case CURLE_PEER_FAILED_VERIFICATION:
        case CURLE_SSL_CACERT_BADFILE:
        case CURLE_SSL_CERTPROBLEM:
            return {api::ErrorKind::config, where + ": TLS certificate not trusted (" + text + ")" +
                                                (tls_hint.empty() ? "" : "; " + tls_hint)};
        default:
            return {api::ErrorKind::link_lost, where + ": connection failed (" + text + ")"};
    }
}

}  // namespace

std::string same_host_target(const std::string& base_url, const std::string& location) {
    if (!location.empty() && location.front() == '/') {
        return location;
    }
    if (location.size() > base_url.size() && location.compare(0, base_url.size(), base_url) == 0 &&
        location[base_url.size()] == '/') {
        return location.substr(base_url.size());
    }
    return "";
}

std::string HttpResponse::header(std::string_view name) const {
    for (const auto& [key, value] : headers) {
        if (key.size() == name.size() && header_is(key + ":", name)) {
            return value;
        }
    }
    return "";
}

HttpClient::HttpClient(std::string base_url, ClientOptions options)
    : base_url_(std::move(base_url)), options_(std::move(options)) {}

HttpClient::~HttpClient() {
    disconnect();
}

void HttpClient::disconnect() {
    if (curl_) {
        curl_easy_cleanup(static_cast<CURL*>(curl_));
        curl_ = nullptr;
    }
    digest_user_.clear();
}

void* HttpClient::handle() {
    if (!curl_) {
        init_curl_once();
        curl_ = curl_easy_init();
    }
    return curl_;
}

std::variant<HttpResponse, api::DeviceError> HttpClient::request(
    Method method, std::string_view target, const std::vector<std::string>& headers,
    std::string_view body, std::chrono::milliseconds timeout, const Credentials* credentials) {
    std::string path = same_host_target(base_url_, std::string(target));
    if (path.empty()) {
        return api::DeviceError{api::ErrorKind::protocol,
                                "refused to follow " + path_of(std::string(target)).substr(0, 80) +
                                    ": not on " + base_url_};
    }
    for (int hop = 0;; ++hop) {
        auto got = once(method, base_url_ + path, headers, body, timeout, credentials);
        auto* r = std::get_if<HttpResponse>(&got);
        const bool redirect = r && (r->status == 301 || r->status == 302 || r->status == 303 ||
                                    r->status == 307 || r->status == 308);
        if (!redirect || hop == 3) {
            return got;
        }
        path = same_host_target(base_url_, r->location);
        if (path.empty()) {
            return api::DeviceError{api::ErrorKind::protocol,
                                    "redirected off the device's host (to " +
                                        r->location.substr(0, 80) + "); not followed"};
        }
    }
}

std::variant<HttpResponse, api::DeviceError> HttpClient::once(
    Method method, const std::string& url, const std::vector<std::string>& headers,
    std::string_view body, std::chrono::milliseconds timeout, const Credentials* credentials) {
    CURL* c = static_cast<CURL*>(handle());
    if (!c) {
        return api::DeviceError{api::ErrorKind::config, "libcurl failed to initialise"};
    }
    const bool digest = credentials && credentials->user && credentials->password &&
                        credentials->scheme == AuthScheme::digest;
    // libcurl keeps a digest challenge's nonce in the handle and answers it again with nc
    // incremented, so a device that accepts a nonce for a while (Shelly firmware 2.0 and later:
    // an hour) costs one round trip a request, not a 401 and a retry; a reset would forget it.
    // Every option is set again below; only the method needs undoing.
    const bool reuse = digest && !digest_reuse_refused_ && digest_user_ == *credentials->user;
    if (reuse) {
        curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, nullptr);
        curl_easy_setopt(c, CURLOPT_HTTPGET, 1L);
    } else {
        curl_easy_reset(c);
        digest_reuses_ = 0;
    }
    digest_user_ = digest ? *credentials->user : std::string();
    Exchange x;
    char error[CURL_ERROR_SIZE] = {0};
    const long ms = std::max<long>(1, static_cast<long>(timeout.count()));
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, options_.protocols.c_str());
    curl_easy_setopt(c, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, ms);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, ms);
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, &on_body);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &x);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, &on_header);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &x);
    curl_easy_setopt(c, CURLOPT_TCP_KEEPALIVE, 1L);
    if (options_.tls.insecure) {
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 0L);
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 0L);
    } else if (!options_.tls.ca_file.empty()) {
        curl_easy_setopt(c, CURLOPT_CAINFO, options_.tls.ca_file.c_str());
    }
    if (credentials && credentials->user && credentials->password) {
        // libcurl answers a digest challenge with the algorithm it names (SHA-256 included).
        const long scheme =
            credentials->scheme == AuthScheme::digest ? CURLAUTH_DIGEST : CURLAUTH_BASIC;
        curl_easy_setopt(c, CURLOPT_HTTPAUTH, scheme);
        curl_easy_setopt(c, CURLOPT_USERNAME, credentials->user->c_str());
        curl_easy_setopt(c, CURLOPT_PASSWORD, credentials->password->c_str());
    }
    curl_slist* list = nullptr;
    for (const auto& h : options_.default_headers) {
        list = curl_slist_append(list, h.c_str());
    }
    if (method == Method::post) {
        list = curl_slist_append(list, "Content-Type: application/json");
        curl_easy_setopt(c, CURLOPT_POST, 1L);
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.data());
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
    } else if (method == Method::del) {
        curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, "DELETE");
    }
    for (const auto& h : headers) {
        list = curl_slist_append(list, h.c_str());
    }
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
    const CURLcode code = curl_easy_perform(c);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, nullptr);
    curl_slist_free_all(list);
    // The handle holds a copy of the password until reset; it is not kept there between calls.
    curl_easy_setopt(c, CURLOPT_PASSWORD, "");
    if (x.too_big) {
        return api::DeviceError{api::ErrorKind::protocol, path_of(url.substr(base_url_.size())) +
                                                              ": answer larger than 16 MiB"};
    }
    if (code != CURLE_OK) {
        return transport_error(code, error, base_url_, options_.tls_hint);
    }
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &x.response.status);
    if (reuse && x.response.status == 401) {
        // A new challenge without stale=true, which libcurl takes for wrong credentials: the
        // nonce expired, or the device wants a fresh challenge every request. Once more from
        // scratch; when that passes where the nonce's first reuse failed, the device is asked
        // the second way from now on.
        const bool first_reuse = digest_reuses_ == 0;
        digest_user_.clear();
        auto again = once(method, url, headers, body, timeout, credentials);
        const auto* r = std::get_if<HttpResponse>(&again);
        digest_reuse_refused_ = first_reuse && r && r->status != 401;
        return again;
    }
    if (reuse) {
        ++digest_reuses_;
    }
    return std::move(x.response);
}

}  // namespace wattbench::drivers::http
