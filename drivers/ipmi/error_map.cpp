#include "drivers/ipmi/error_map.hpp"

#include <ipmi_monitoring.h>

#include <algorithm>
#include <array>

namespace wattbench::drivers::ipmi {

namespace {

using api::ErrorKind;

struct Cause {
    int errnum;
    ErrorKind kind;
    const char* text;
};

constexpr auto kPrivilegeAdvice =
    "privilege level refused (try privilege = \"admin\", or workarounds = \"opensesspriv\")";

constexpr std::array<Cause, 17> kCauses{{
    // No answer to the session set-up: nothing listens, or packets are dropped.
    {IPMI_MONITORING_ERR_CONNECTION_TIMEOUT, ErrorKind::unreachable,
     "BMC unreachable: no answer (connection timeout)"},
    {IPMI_MONITORING_ERR_SESSION_TIMEOUT, ErrorKind::link_lost,
     "BMC stopped answering (session timeout)"},
    {IPMI_MONITORING_ERR_HOSTNAME_INVALID, ErrorKind::unreachable, "host name cannot be resolved"},
    {IPMI_MONITORING_ERR_USERNAME_INVALID, ErrorKind::auth, "user name refused by the BMC"},
    {IPMI_MONITORING_ERR_PASSWORD_INVALID, ErrorKind::auth, "wrong password"},
    {IPMI_MONITORING_ERR_PASSWORD_VERIFICATION_TIMEOUT, ErrorKind::auth, "wrong password"},
    {IPMI_MONITORING_ERR_K_G_INVALID, ErrorKind::auth, "K_g key refused"},
    {IPMI_MONITORING_ERR_PRIVILEGE_LEVEL_INSUFFICIENT, ErrorKind::auth, kPrivilegeAdvice},
    {IPMI_MONITORING_ERR_PRIVILEGEL_LEVEL_CANNOT_BE_OBTAINED, ErrorKind::auth, kPrivilegeAdvice},
    {IPMI_MONITORING_ERR_AUTHENTICATION_TYPE_UNAVAILABLE, ErrorKind::config,
     "the BMC offers no IPMI 2.0 session for this user"},
    {IPMI_MONITORING_ERR_IPMI_2_0_UNAVAILABLE, ErrorKind::config,
     "the BMC offers no IPMI 2.0 session for this user"},
    {IPMI_MONITORING_ERR_CIPHER_SUITE_ID_UNAVAILABLE, ErrorKind::config,
     "cipher suite not supported by the BMC (try 3 or 17)"},
    {IPMI_MONITORING_ERR_PERMISSION, ErrorKind::config,
     "permission denied (in-band access needs root)"},
    {IPMI_MONITORING_ERR_SDR_CACHE_PERMISSION, ErrorKind::config, "SDR cache directory not usable"},
    {IPMI_MONITORING_ERR_SDR_CACHE_FILESYSTEM, ErrorKind::config, "SDR cache directory not usable"},
    {IPMI_MONITORING_ERR_BMC_BUSY, ErrorKind::timeout, "BMC busy"},
    {IPMI_MONITORING_ERR_NO_SENSOR_READINGS, ErrorKind::protocol, "the BMC reported no sensors"},
}};

}  // namespace

api::DeviceError map_error(int errnum, const std::string& host, const std::string& detail) {
    const auto* it = std::find_if(kCauses.begin(), kCauses.end(),
                                  [errnum](const Cause& c) { return c.errnum == errnum; });
    const ErrorKind kind = it != kCauses.end() ? it->kind : ErrorKind::protocol;
    const std::string cause = it != kCauses.end() ? it->text : "IPMI error";
    std::string m = host + ": " + cause;
    if (!detail.empty() && cause.find(detail) == std::string::npos) {
        m += " (" + detail + ")";
    }
    return api::DeviceError{kind, m};
}

}  // namespace wattbench::drivers::ipmi
