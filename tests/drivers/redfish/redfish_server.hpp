#pragma once

#include <sys/types.h>

#include <nlohmann/json.hpp>

#include <string>

namespace wattbench::drivers::redfish::testing {

// redfish_server.py serving a mockup of testdata/mockups over HTTPS on a free loopback port,
// with a certificate for 127.0.0.1 made by openssl for this server. Faults and changed
// values go through its control file; its stats file counts what it saw.
class RedfishServer {
public:
    static bool available();  // /usr/bin/python3 and openssl are there

    RedfishServer(std::string mockup, std::string password);
    ~RedfishServer();
    RedfishServer(const RedfishServer&) = delete;
    RedfishServer& operator=(const RedfishServer&) = delete;

    bool start();  // false with error() when it does not come up
    void stop();

    // Replaces the control file (see redfish_server.py); applies to the next request.
    void control(const nlohmann::json& c);
    nlohmann::json stats() const;

    unsigned port() const { return port_; }
    std::string connection(const std::string& user = "admin") const;
    std::string ca_file() const { return dir_ + "/cert.pem"; }
    const std::string& dir() const { return dir_; }
    const std::string& error() const { return error_; }

private:
    std::string mockup_;
    std::string password_;
    std::string dir_;
    unsigned port_ = 0;
    pid_t pid_ = -1;
    std::string error_;
};

}  // namespace wattbench::drivers::redfish::testing
