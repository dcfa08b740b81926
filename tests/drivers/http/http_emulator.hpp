#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::http {

struct Request {
    std::string method;
    std::string target;  // path and query as sent
    std::string path;
    std::string query;                           // after '?', percent-encoding kept
    std::map<std::string, std::string> headers;  // names in lower case
    std::string body;
};

struct Reply {
    int status = 200;
    std::string body;
    std::vector<std::string> headers;  // whole lines
};

// A small HTTP/1.1 server for the plug emulators: whole requests out of the bytes StreamServer
// hands over (keep-alive, Content-Length bodies), answers from `route`, and the authentication
// the plugs use: HTTP Basic (Shelly Gen1) or digest per RFC 7616 with SHA-256 and qop=auth
// (Shelly Gen2+: user admin, realm the device id), checked with OpenSSL's SHA-256, not with
// anything the driver uses. Each challenge issues a new nonce, which stays good for later
// requests whose nc increases.
class HttpEmulator {
public:
    using Route = std::function<Reply(const Request&)>;

    explicit HttpEmulator(Route route) : route_(std::move(route)) {}

    std::string handle(std::string& input);

    // Requests to any path but `open_paths` need these credentials from now on.
    void require_digest(std::string realm, std::string user, std::string password,
                        std::vector<std::string> open_paths);
    void require_basic(std::string user, std::string password, std::vector<std::string> open_paths);

    // Every nonce issued so far is refused from now on (expired; the next request is challenged
    // anew, without stale=true, as Shelly does).
    void expire_nonces();
    // A nonce is good for one request only (Shelly Gen2 before firmware 2.0).
    std::atomic<bool> single_use_nonces{false};

    int requests() const { return requests_.load(); }
    int refused() const { return refused_.load(); }              // answered 401
    int authenticated() const { return authenticated_.load(); }  // credentials checked good
    std::string last_authorization() const;

    static std::string sha256_hex(const std::string& text);

private:
    enum class Auth { none, basic, digest };
    std::string respond(const Request& r);
    bool authorized(const Request& r);

    Route route_;
    mutable std::mutex mutex_;
    Auth auth_ = Auth::none;
    std::string realm_, user_, password_;
    std::vector<std::string> open_paths_;
    std::map<std::string, unsigned long> nonce_nc_;  // each challenge's nonce -> highest nc used
    std::string last_authorization_;
    std::atomic<int> requests_{0}, refused_{0}, authenticated_{0};
};

}  // namespace wattbench::tests::http
