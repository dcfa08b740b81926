#pragma once

#include <optional>
#include <string>
#include <variant>

#include "drivers/ipmi/dcmi_power.hpp"
#include "drivers/ipmi/sdr_cache_check.hpp"
#include "drivers/ipmi/settings.hpp"

struct ipmi_ctx;

namespace wattbench::drivers::ipmi {

// A libfreeipmi session kept open between polls: every sensor read, the DCMI power and the SDR
// repository info are one request and one answer on it, never a new RMCP+ handshake.
class BmcSession {
public:
    struct Failure {
        int errnum = 0;  // IPMI_ERR_*
        std::string text;
    };
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
    // Opens the session when it is not open. The text never contains the password.
    std::optional<Failure> ensure_open(const Settings& settings, const std::string& password);
    ipmi_ctx* ctx() const { return ctx_; }
    bool is_open() const { return ctx_ != nullptr; }
    // Why the last request on the session failed (IPMI_ERR_*), 0 when closed.
    int errnum() const;
    void close();

private:
    ipmi_ctx* ctx_ = nullptr;
};

}  // namespace wattbench::drivers::ipmi
