#pragma once

#include <sys/types.h>

#include <string>
#include <utility>
#include <vector>

namespace wattbench::drivers::ipmi::testing {

// Starts `args` (args[0] looked up on PATH) with stdin from /dev/null and stdout and stderr
// into the files named (the same name: one file for both); -1 when it cannot be started.
pid_t spawn_process(std::vector<std::string> args, const std::string& out, const std::string& err);

// OpenIPMI's ipmi_sim serving the BMC of bmc.emu/bmc.sdrs on free loopback ports, with its
// TCP console for changing sensor values while it runs.
class IpmiSim {
public:
    static bool available();  // ipmi_sim and sdrcomp are installed

    explicit IpmiSim(std::string password = "secret");
    ~IpmiSim();
    IpmiSim(const IpmiSim&) = delete;
    IpmiSim& operator=(const IpmiSim&) = delete;

    // The next start() serves bmc.sdrs with `from` replaced by `to` (an SDR repository that
    // changed, as after a firmware update), on the same ports.
    void edit_sdrs(std::string from, std::string to);

    // Starts the simulator; false (with `error()`) when it does not come up.
    bool start();
    // SIGTERM by PID (never the console's `quit`, which leaves the port in TIME-WAIT).
    void stop();
    bool running() const { return pid_ > 0; }

    // Sends one console command and returns the reply up to the prompt; empty on failure.
    std::string console(const std::string& command);

    unsigned lan_port() const { return lan_port_; }
    std::string connection() const;  // ipmi+lan://admin@127.0.0.1:PORT
    const std::string& dir() const { return dir_; }
    const std::string& error() const { return error_; }

private:
    std::string password_;
    std::string dir_;
    unsigned lan_port_ = 0;
    unsigned console_port_ = 0;
    pid_t pid_ = -1;
    std::vector<std::pair<std::string, std::string>> sdr_edits_;
    std::string error_;
};

}  // namespace wattbench::drivers::ipmi::testing
