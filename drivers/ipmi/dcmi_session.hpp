#pragma once

#include <optional>
#include <string>
#include <variant>

#include "drivers/ipmi/dcmi_power.hpp"
#include "drivers/ipmi/settings.hpp"

struct ipmi_ctx;

namespace wattbench::drivers::ipmi {

// A libfreeipmi session kept open between polls for the DCMI power reading, so each poll is
// one request and one answer rather than a new RMCP+ handshake.
class DcmiSession {
public:
    DcmiSession() = default;
    ~DcmiSession();
    DcmiSession(const DcmiSession&) = delete;
    DcmiSession& operator=(const DcmiSession&) = delete;

    // Reads the power, opening the session first when needed; a failure closes it so the
    // next call starts over. The error text never contains the password.
    std::variant<DcmiPower, std::string> read(const Settings& settings,
                                              const std::string& password);
    void close();

private:
    std::optional<std::string> open(const Settings& settings, const std::string& password);
    ipmi_ctx* ctx_ = nullptr;
};

}  // namespace wattbench::drivers::ipmi
