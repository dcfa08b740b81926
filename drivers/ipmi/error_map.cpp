#include "drivers/ipmi/error_map.hpp"

#include <ipmi_monitoring.h>

namespace wattbench::drivers::ipmi {

api::DeviceError map_error(int errnum, const std::string& host, const std::string& detail) {
    using api::ErrorKind;
    auto make = [&](ErrorKind k, const std::string& cause) {
        std::string m = host + ": " + cause;
        if (!detail.empty() && cause.find(detail) == std::string::npos) {
            m += " (" + detail + ")";
        }
        return api::DeviceError{k, m};
    };
    switch (errnum) {
        case IPMI_MONITORING_ERR_CONNECTION_TIMEOUT:
            // No answer to the session set-up: nothing listens, or packets are dropped.
            return make(ErrorKind::unreachable, "BMC unreachable: no answer (connection timeout)");
        case IPMI_MONITORING_ERR_SESSION_TIMEOUT:
            return make(ErrorKind::link_lost, "BMC stopped answering (session timeout)");
        case IPMI_MONITORING_ERR_HOSTNAME_INVALID:
            return make(ErrorKind::unreachable, "host name cannot be resolved");
        case IPMI_MONITORING_ERR_USERNAME_INVALID:
            return make(ErrorKind::auth, "user name refused by the BMC");
        case IPMI_MONITORING_ERR_PASSWORD_INVALID:
        case IPMI_MONITORING_ERR_PASSWORD_VERIFICATION_TIMEOUT:
            return make(ErrorKind::auth, "wrong password");
        case IPMI_MONITORING_ERR_K_G_INVALID:
            return make(ErrorKind::auth, "K_g key refused");
        case IPMI_MONITORING_ERR_PRIVILEGE_LEVEL_INSUFFICIENT:
        case IPMI_MONITORING_ERR_PRIVILEGEL_LEVEL_CANNOT_BE_OBTAINED:
            return make(ErrorKind::auth,
                        "privilege level refused (try privilege = \"admin\", or workarounds = "
                        "\"opensesspriv\")");
        case IPMI_MONITORING_ERR_AUTHENTICATION_TYPE_UNAVAILABLE:
        case IPMI_MONITORING_ERR_IPMI_2_0_UNAVAILABLE:
            return make(ErrorKind::config, "the BMC offers no IPMI 2.0 session for this user");
        case IPMI_MONITORING_ERR_CIPHER_SUITE_ID_UNAVAILABLE:
            return make(ErrorKind::config, "cipher suite not supported by the BMC (try 3 or 17)");
        case IPMI_MONITORING_ERR_PERMISSION:
            return make(ErrorKind::config, "permission denied (in-band access needs root)");
        case IPMI_MONITORING_ERR_SDR_CACHE_PERMISSION:
        case IPMI_MONITORING_ERR_SDR_CACHE_FILESYSTEM:
            return make(ErrorKind::config, "SDR cache directory not usable");
        case IPMI_MONITORING_ERR_BMC_BUSY:
            return make(ErrorKind::timeout, "BMC busy");
        case IPMI_MONITORING_ERR_NO_SENSOR_READINGS:
            return make(ErrorKind::protocol, "the BMC reported no sensors");
        default:
            return make(ErrorKind::protocol, "IPMI error");
    }
}

}  // namespace wattbench::drivers::ipmi
