#pragma once

#include <string>
#include <variant>
#include <vector>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::pdu_snmp {

enum class AuthProtocol { none, md5, sha, sha224, sha256, sha384, sha512 };
enum class PrivProtocol { none, des, aes };

struct Settings {
    std::string device_id;
    bool v3 = false;
    std::string community;  // v2c, from the connection string; empty: environment or file
    std::string user;       // v3 security name
    std::string host;       // without brackets
    int port = 161;
    std::string vendor = "auto";
    std::vector<int> outlets;
    int timeout_ms = 1000;  // one request
    int retries = 1;
    AuthProtocol auth = AuthProtocol::none;
    PrivProtocol priv = PrivProtocol::none;
    std::string context;  // v3 context name
    std::string community_file;
    std::string auth_passphrase_file;
    std::string priv_passphrase_file;

    // "udp:HOST:PORT" / "udp6:[HOST]:PORT" for net-snmp: never contains a secret.
    std::string peer() const;
};

// Validates the connection string and options without I/O. Communities and passphrases as
// profile keys are refused: profiles are copied and shared.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::pdu_snmp
