#include "tests/drivers/http/http_emulator.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace wattbench::tests::http {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t");
    const auto b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

const char* reason(int status) {
    switch (status) {
        case 200:
            return "OK";
        case 400:
            return "Bad Request";
        case 401:
            return "Unauthorized";
        case 404:
            return "Not Found";
        case 500:
            return "Internal Server Error";
        default:
            return "Status";
    }
}

// key=value and key="value" pairs of a Digest Authorization header.
std::map<std::string, std::string> digest_fields(const std::string& text) {
    std::map<std::string, std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == ',')) {
            ++i;
        }
        const auto eq = text.find('=', i);
        if (eq == std::string::npos) {
            break;
        }
        const std::string key = lower(trim(text.substr(i, eq - i)));
        i = eq + 1;
        std::string value;
        if (i < text.size() && text[i] == '"') {
            const auto end = text.find('"', i + 1);
            value = text.substr(i + 1, end == std::string::npos ? std::string::npos : end - i - 1);
            i = end == std::string::npos ? text.size() : end + 1;
        } else {
            const auto end = text.find(',', i);
            value = trim(text.substr(i, end == std::string::npos ? std::string::npos : end - i));
            i = end == std::string::npos ? text.size() : end;
        }
        out[key] = value;
    }
    return out;
}

std::string base64(const std::string& text) {
    std::string out(4 * ((text.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(text.data()),
                                  static_cast<int>(text.size()));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

}  // namespace

std::string HttpEmulator::sha256_hex(const std::string& text) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    EVP_Digest(text.data(), text.size(), md, &n, EVP_sha256(), nullptr);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < n; ++i) {
        out.push_back(hex[md[i] >> 4]);
        out.push_back(hex[md[i] & 15]);
    }
    return out;
}

void HttpEmulator::require_digest(std::string realm, std::string user, std::string password,
                                  std::vector<std::string> open_paths) {
    std::lock_guard lock(mutex_);
    auth_ = Auth::digest;
    realm_ = std::move(realm);
    user_ = std::move(user);
    password_ = std::move(password);
    open_paths_ = std::move(open_paths);
}

void HttpEmulator::require_basic(std::string user, std::string password,
                                 std::vector<std::string> open_paths) {
    std::lock_guard lock(mutex_);
    auth_ = Auth::basic;
    user_ = std::move(user);
    password_ = std::move(password);
    open_paths_ = std::move(open_paths);
}

void HttpEmulator::expire_nonces() {
    std::lock_guard lock(mutex_);
    for (auto& [nonce, nc] : nonce_nc_) {
        nc = ~0UL;
    }
}

std::string HttpEmulator::last_authorization() const {
    std::lock_guard lock(mutex_);
    return last_authorization_;
}

bool HttpEmulator::authorized(const Request& r) {
    if (auth_ == Auth::none ||
        std::find(open_paths_.begin(), open_paths_.end(), r.path) != open_paths_.end()) {
        return true;
    }
    const auto it = r.headers.find("authorization");
    if (it == r.headers.end()) {
        return false;
    }
    last_authorization_ = it->second;
    const std::string& h = it->second;
    if (auth_ == Auth::basic) {
        return h == "Basic " + base64(user_ + ":" + password_);
    }
    if (lower(h.substr(0, 7)) != "digest ") {
        return false;
    }
    auto f = digest_fields(h.substr(7));
    const auto issued = nonce_nc_.find(f["nonce"]);
    if (f["username"] != user_ || f["realm"] != realm_ || issued == nonce_nc_.end() ||
        f["uri"] != r.target || lower(f["algorithm"]) != "sha-256" || f["qop"] != "auth") {
        return false;
    }
    // A nonce is good for any number of requests, each with a higher nc than the one before
    // (Shelly firmware 2.0 and later): a replayed or repeated nc is refused.
    const unsigned long nc = std::strtoul(f["nc"].c_str(), nullptr, 16);
    if (f["nc"].size() != 8 || nc <= issued->second || (single_use_nonces && issued->second > 0)) {
        return false;
    }
    const std::string ha1 = sha256_hex(user_ + ":" + realm_ + ":" + password_);
    const std::string ha2 = sha256_hex(r.method + ":" + f["uri"]);
    const std::string expect =
        sha256_hex(ha1 + ":" + f["nonce"] + ":" + f["nc"] + ":" + f["cnonce"] + ":auth:" + ha2);
    if (f["response"] != expect) {
        return false;
    }
    issued->second = nc;
    return true;
}

std::string HttpEmulator::respond(const Request& r) {
    Reply reply;
    bool ok = false;
    {
        std::lock_guard lock(mutex_);
        ok = authorized(r);
        if (!ok) {
            reply.status = 401;
            reply.body = "401 Unauthorized";
            if (auth_ == Auth::digest) {
                const std::string nonce = "5f2a9c1e" + std::to_string(nonce_nc_.size());
                nonce_nc_.emplace(nonce, 0);
                reply.headers.push_back("WWW-Authenticate: Digest qop=\"auth\", realm=\"" + realm_ +
                                        "\", nonce=\"" + nonce + "\", algorithm=SHA-256");
            } else {
                reply.headers.push_back("WWW-Authenticate: Basic realm=\"emulator\"");
            }
        } else if (auth_ != Auth::none && r.headers.count("authorization")) {
            ++authenticated_;
        }
    }
    if (ok) {
        reply = route_(r);
    } else {
        ++refused_;
    }
    std::string out = "HTTP/1.1 " + std::to_string(reply.status) + " " + reason(reply.status) +
                      "\r\nContent-Type: application/json\r\nContent-Length: " +
                      std::to_string(reply.body.size()) + "\r\n";
    for (const auto& h : reply.headers) {
        out += h + "\r\n";
    }
    return out + "\r\n" + reply.body;
}

std::string HttpEmulator::handle(std::string& input) {
    std::string out;
    for (;;) {
        const auto end = input.find("\r\n\r\n");
        if (end == std::string::npos) {
            return out;
        }
        Request r;
        std::size_t line_end = input.find("\r\n");
        const std::string first = input.substr(0, line_end);
        const auto sp1 = first.find(' ');
        const auto sp2 = first.find(' ', sp1 + 1);
        r.method = first.substr(0, sp1);
        r.target = first.substr(sp1 + 1, sp2 - sp1 - 1);
        const auto q = r.target.find('?');
        r.path = r.target.substr(0, q);
        r.query = q == std::string::npos ? "" : r.target.substr(q + 1);
        std::size_t at = line_end + 2;
        while (at < end) {
            const auto next = input.find("\r\n", at);
            const std::string line = input.substr(at, next - at);
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                r.headers[lower(line.substr(0, colon))] = trim(line.substr(colon + 1));
            }
            at = next + 2;
        }
        std::size_t length = 0;
        if (const auto it = r.headers.find("content-length"); it != r.headers.end()) {
            length = std::stoul(it->second);
        }
        if (input.size() < end + 4 + length) {
            return out;
        }
        r.body = input.substr(end + 4, length);
        input.erase(0, end + 4 + length);
        ++requests_;
        out += respond(r);
    }
}

}  // namespace wattbench::tests::http
