#include "drivers/pdu_snmp/settings.hpp"

#include <charconv>
#include <cmath>
#include <utility>

#include "drivers/pdu_snmp/vendor_table.hpp"

namespace wattbench::drivers::pdu_snmp {

namespace {

api::DeviceError error(const std::string& what) {
    return api::DeviceError{api::ErrorKind::config, what};
}

api::DeviceError key_error(const std::string& key, const std::string& what) {
    return error("key '" + key + "': " + what);
}

const char* kConnectionForm =
    "expected snmp://COMMUNITY@HOST[:PORT] (v2c) or snmpv3://USER@HOST[:PORT]";

// Never quotes the connection string back: it may hold the community.
std::optional<api::DeviceError> parse_connection(const std::string& c, Settings& s) {
    std::string rest;
    if (c.rfind("snmp://", 0) == 0) {
        rest = c.substr(7);
    } else if (c.rfind("snmpv3://", 0) == 0) {
        s.v3 = true;
        rest = c.substr(9);
    } else {
        return error(std::string("connection: ") + kConnectionForm);
    }
    const auto at = rest.rfind('@');
    if (at != std::string::npos) {
        (s.v3 ? s.user : s.community) = rest.substr(0, at);
        rest = rest.substr(at + 1);
        if ((s.v3 ? s.user : s.community).empty()) {
            return error(std::string("connection: empty ") + (s.v3 ? "user" : "community") +
                         " before '@'; " + kConnectionForm);
        }
    } else if (s.v3) {
        return error(std::string("connection: SNMPv3 needs a user; ") + kConnectionForm);
    }
    std::string port;
    bool has_port = false;
    if (!rest.empty() && rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string::npos) {
            return error("connection: unclosed '[' in the IPv6 address");
        }
        s.host = rest.substr(1, close - 1);
        const auto after = rest.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':') {
                return error(std::string("connection: ") + kConnectionForm);
            }
            port = after.substr(1);
            has_port = true;
        }
    } else {
        const auto colon = rest.find(':');
        s.host = rest.substr(0, colon);
        if (colon != std::string::npos) {
            port = rest.substr(colon + 1);
            has_port = true;
        }
    }
    if (s.host.empty() || s.host.find_first_of("/?#@ ") != std::string::npos) {
        return error(std::string("connection: no host; ") + kConnectionForm);
    }
    if (has_port) {
        int p = 0;
        const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), p);
        if (port.empty() || ec != std::errc() || end != port.data() + port.size() || p < 1 ||
            p > 65535) {
            return error("connection: the port must be 1 to 65535");
        }
        s.port = p;
    }
    return std::nullopt;
}

template <class E>
std::optional<E> pick(const std::string& v, std::initializer_list<std::pair<const char*, E>> m) {
    for (const auto& [text, e] : m) {
        if (v == text) {
            return e;
        }
    }
    return std::nullopt;
}

}  // namespace

std::string Settings::peer() const {
    if (host.find(':') != std::string::npos) {
        return "udp6:[" + host + "]:" + std::to_string(port);
    }
    return "udp:" + host + ":" + std::to_string(port);
}

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    Settings s;
    s.device_id = config.id;
    if (auto e = parse_connection(config.connection, s)) {
        return *e;
    }
    auto& o = config.options;
    for (const char* secret :
         {"community", "password", "auth_passphrase", "priv_passphrase", "passphrase"}) {
        if (o.has(secret)) {
            o.take_string(secret);
            return key_error(secret,
                             "secrets must not be written in a profile (profiles are copied into "
                             "runs and shared); use the connection string's community, "
                             "WATTBENCH_SNMP_COMMUNITY / WATTBENCH_SNMP_AUTH / WATTBENCH_SNMP_PRIV "
                             "or a *_file option pointing at a chmod 600 file");
        }
    }
    if (auto v = o.take_string("vendor")) {
        if (*v != "auto" && !vendor_by_name(*v)) {
            return key_error("vendor",
                             "expected \"auto\", \"apc\", \"raritan\", \"servertech\", \"eaton\", "
                             "\"vertiv\" or \"geist\"");
        }
        s.vendor = *v == "geist" ? "vertiv" : *v;
    }
    if (auto v = o.take_number_list("outlets")) {
        for (double d : *v) {
            if (d < 1 || d > 4096 || d != std::floor(d)) {
                return key_error("outlets", "expected outlet numbers from 1, such as [3, 4]");
            }
            const int n = static_cast<int>(d);
            for (int seen : s.outlets) {
                if (seen == n) {
                    return key_error("outlets", "outlet " + std::to_string(n) + " given twice");
                }
            }
            s.outlets.push_back(n);
        }
    }
    if (auto v = o.take_integer("timeout_ms")) {
        if (*v < 50 || *v > 60000) {
            return key_error("timeout_ms", "expected milliseconds from 50 to 60000");
        }
        s.timeout_ms = static_cast<int>(*v);
    }
    if (auto v = o.take_integer("retries")) {
        if (*v < 0 || *v > 1) {
            return key_error("retries", "expected 0 or 1 (a poll must end before the next)");
        }
        s.retries = static_cast<int>(*v);
    }
    const bool has_v3_keys = o.has("auth_protocol") || o.has("priv_protocol") || o.has("context") ||
                             o.has("auth_passphrase_file") || o.has("priv_passphrase_file");
    if (!s.v3 && has_v3_keys) {
        for (const char* k : {"auth_protocol", "priv_protocol", "context", "auth_passphrase_file",
                              "priv_passphrase_file"}) {
            if (o.has(k)) {
                o.take_string(k);
                return key_error(k,
                                 "an SNMPv3 option; the connection is snmp:// (v2c): use "
                                 "snmpv3://USER@HOST for v3");
            }
        }
    }
    if (auto v = o.take_string("auth_protocol")) {
        auto a = pick<AuthProtocol>(*v, {{"MD5", AuthProtocol::md5},
                                         {"SHA", AuthProtocol::sha},
                                         {"SHA-224", AuthProtocol::sha224},
                                         {"SHA-256", AuthProtocol::sha256},
                                         {"SHA-384", AuthProtocol::sha384},
                                         {"SHA-512", AuthProtocol::sha512}});
        if (!a) {
            return key_error("auth_protocol",
                             "expected \"MD5\", \"SHA\", \"SHA-224\", \"SHA-256\", \"SHA-384\" or "
                             "\"SHA-512\"");
        }
        s.auth = *a;
    }
    if (auto v = o.take_string("priv_protocol")) {
        auto p = pick<PrivProtocol>(*v, {{"DES", PrivProtocol::des}, {"AES", PrivProtocol::aes}});
        if (!p) {
            return key_error("priv_protocol", "expected \"DES\" or \"AES\" (AES-128)");
        }
        if (s.auth == AuthProtocol::none) {
            return key_error("priv_protocol", "privacy needs auth_protocol as well (authPriv)");
        }
        s.priv = *p;
    }
    for (auto [key, field] :
         {std::pair{"context", &s.context}, std::pair{"community_file", &s.community_file},
          std::pair{"auth_passphrase_file", &s.auth_passphrase_file},
          std::pair{"priv_passphrase_file", &s.priv_passphrase_file}}) {
        if (auto v = o.take_string(key)) {
            if (v->empty()) {
                return key_error(key, "expected a non-empty string");
            }
            *field = *v;
        }
    }
    if (s.v3 && !s.community_file.empty()) {
        return key_error("community_file", "a v2c option; the connection is snmpv3://");
    }
    if (!s.community.empty() && !s.community_file.empty()) {
        return key_error("community_file",
                         "the connection string already carries a community; give one or the "
                         "other");
    }
    if (s.auth == AuthProtocol::none && !s.auth_passphrase_file.empty()) {
        return key_error("auth_passphrase_file", "needs auth_protocol");
    }
    if (s.priv == PrivProtocol::none && !s.priv_passphrase_file.empty()) {
        return key_error("priv_passphrase_file", "needs priv_protocol");
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::pdu_snmp
