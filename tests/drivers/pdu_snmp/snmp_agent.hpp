#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

namespace wattbench::drivers::pdu_snmp::testing {

// Debian's snmpsimd on a free loopback UDP port, serving recorded walks: each walk is served
// under its own community (v2c) and context name (v3), and one v3 user with SHA/AES keys.
// stop() kills it (an agent that stops answering); start() again brings it back on the same
// port.
class SnmpAgent {
public:
    static bool available();

    SnmpAgent();
    ~SnmpAgent();
    SnmpAgent(const SnmpAgent&) = delete;
    SnmpAgent& operator=(const SnmpAgent&) = delete;

    // Serves `text` (snmprec lines) under `community`; before start().
    void add(const std::string& community, const std::string& text);
    void add_walk(const std::string& community, const std::string& walk_name);
    bool start();
    void stop();

    int port() const { return port_; }
    const std::filesystem::path& dir() const { return dir_; }
    std::string error() const { return error_; }

    static constexpr const char* kUser = "labuser";
    static constexpr const char* kAuthKey = "Auth-Pass-4821";
    static constexpr const char* kPrivKey = "Priv-Pass-9357";

private:
    std::filesystem::path dir_;
    int port_ = 0;
    pid_t pid_ = -1;
    std::string error_;
};

}  // namespace wattbench::drivers::pdu_snmp::testing
