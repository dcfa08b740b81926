#pragma once

#include <optional>
#include <string>
#include <variant>

#include "drivers/ipmi/dcmi_power.hpp"
#include "drivers/ipmi/sdr_cache_check.hpp"
#include "drivers/ipmi/settings.hpp"

struct ipmi_ctx;

namespace wattbench::drivers::ipmi {

// A libfreeipmi session kept open between polls for the requests libipmimonitoring does not
// make (DCMI power, SDR repository info), so each is one request and one answer rather than a
// new RMCP+ handshake.
class BmcSession {
public:
    BmcSession() = default;
    ~BmcSession();
    BmcSession(const BmcSession&) = delete;
    BmcSession& operator=(const BmcSession&) = delete;

    // Reads the power, opening the session first when needed; a failure closes it so the
    // next call starts over. The error text never contains the password.
    std::variant<DcmiPower, std::string> dcmi_power(const Settings& settings,
                                                    const std::string& password);
    // Get SDR Repository Info: what an SDR cache must match to be current.
    std::variant<SdrRepositoryInfo, std::string> sdr_repository_info(const Settings& settings,
                                                                     const std::string& password);
    void close();

private:
    std::optional<std::string> open(const Settings& settings, const std::string& password);
    ipmi_ctx* ctx_ = nullptr;
};

}  // namespace wattbench::drivers::ipmi
