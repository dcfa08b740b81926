#include "drivers/ipmi/error_map.hpp"

#include <freeipmi/freeipmi.h>

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
    {IPMI_ERR_CONNECTION_TIMEOUT, ErrorKind::unreachable,
     "BMC unreachable: no answer (connection timeout)"},
    {IPMI_ERR_SESSION_TIMEOUT, ErrorKind::link_lost, "BMC stopped answering (session timeout)"},
    {IPMI_ERR_HOSTNAME_INVALID, ErrorKind::unreachable, "host name cannot be resolved"},
    {IPMI_ERR_USERNAME_INVALID, ErrorKind::auth, "user name refused by the BMC"},
    {IPMI_ERR_PASSWORD_INVALID, ErrorKind::auth, "wrong password"},
    {IPMI_ERR_PASSWORD_VERIFICATION_TIMEOUT, ErrorKind::auth, "wrong password"},
    {IPMI_ERR_K_G_INVALID, ErrorKind::auth, "K_g key refused"},
    {IPMI_ERR_PRIVILEGE_LEVEL_INSUFFICIENT, ErrorKind::auth, kPrivilegeAdvice},
    {IPMI_ERR_PRIVILEGE_LEVEL_CANNOT_BE_OBTAINED, ErrorKind::auth, kPrivilegeAdvice},
    {IPMI_ERR_AUTHENTICATION_TYPE_UNAVAILABLE, ErrorKind::config,
     "the BMC offers no IPMI 2.0 session for this user"},
    {IPMI_ERR_IPMI_2_0_UNAVAILABLE, ErrorKind::config,
     "the BMC offers no IPMI 2.0 session for this user"},
    {IPMI_ERR_CIPHER_SUITE_ID_UNAVAILABLE, ErrorKind::config,
     "cipher suite not supported by the BMC (try 3 or 17)"},
    {IPMI_ERR_PERMISSION, ErrorKind::config, "permission denied (in-band access needs root)"},
    {IPMI_ERR_MESSAGE_TIMEOUT, ErrorKind::link_lost, "BMC stopped answering (message timeout)"},
    {IPMI_ERR_DEVICE_NOT_FOUND, ErrorKind::unreachable, "no local BMC found"},
    {IPMI_ERR_BMC_BUSY, ErrorKind::timeout, "BMC busy"},
    {IPMI_ERR_DRIVER_TIMEOUT, ErrorKind::timeout, "the local BMC driver timed out"},
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
