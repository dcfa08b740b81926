#include "drivers/ipmi/settings.hpp"

#include <ipmi_monitoring.h>

#include <algorithm>
#include <array>
#include <utility>

#include "drivers/common/name_list.hpp"

namespace wattbench::drivers::ipmi {

namespace {

api::DeviceError key_error(const std::string& key, const std::string& what) {
    return api::DeviceError{api::ErrorKind::config, "key '" + key + "': " + what};
}

// The names ipmi-sensors(8) uses for -W, so advice found for FreeIPMI applies as written.
constexpr std::array<std::pair<std::string_view, unsigned>, 9> kWorkarounds{{
    {"authcap", IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_AUTHENTICATION_CAPABILITIES},
    {"intel20", IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_INTEL_2_0_SESSION},
    {"supermicro20", IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_SUPERMICRO_2_0_SESSION},
    {"sun20", IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_SUN_2_0_SESSION},
    {"opensesspriv", IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_OPEN_SESSION_PRIVILEGE},
    {"integritycheckvalue",
     IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_NON_EMPTY_INTEGRITY_CHECK_VALUE},
    {"nochecksumcheck", IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_NO_CHECKSUM_CHECK},
    {"assumeio", IPMI_MONITORING_WORKAROUND_FLAGS_INBAND_ASSUME_IO_BASE_ADDRESS},
    {"spinpoll", IPMI_MONITORING_WORKAROUND_FLAGS_INBAND_SPIN_POLL},
}};

constexpr std::array<std::string_view, 6> kTypes{"temperature", "fan",   "voltage",
                                                 "current",     "power", "state"};

}  // namespace

std::variant<unsigned, std::string> parse_workarounds(const std::string& list) {
    unsigned flags = 0;
    for (const auto& name : common::split_names(list)) {
        auto it = std::find_if(kWorkarounds.begin(), kWorkarounds.end(),
                               [&](const auto& w) { return w.first == name; });
        if (it == kWorkarounds.end()) {
            return name;
        }
        flags |= it->second;
    }
    return flags;
}

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    auto target = parse_target(config.connection);
    if (auto* e = std::get_if<api::DeviceError>(&target)) {
        return *e;
    }
    Settings s;
    s.target = std::get<Target>(std::move(target));
    auto& o = config.options;
    if (o.has("password")) {
        // Mark it used so the message below is the one the user sees.
        o.take_string("password");
        return key_error("password",
                         "a password must not be written in a profile (profiles are copied into "
                         "the run's manifest and shared); set WATTBENCH_IPMI_PASSWORD or point "
                         "password_file at a file only you can read (chmod 600)");
    }
    if (auto v = o.take_integer("cipher_suite")) {
        if (*v < 0 || *v > 17) {
            return key_error("cipher_suite", "expected an IPMI 2.0 cipher suite id, 0 to 17");
        }
        s.cipher_suite = static_cast<int>(*v);
    }
    if (auto v = o.take_string("privilege")) {
        if (*v == "user") {
            s.privilege = Privilege::user;
        } else if (*v == "operator") {
            s.privilege = Privilege::operator_;
        } else if (*v == "admin") {
            s.privilege = Privilege::admin;
        } else {
            return key_error("privilege", "expected \"user\", \"operator\" or \"admin\"");
        }
    }
    if (auto v = o.take_comma_list("workarounds")) {
        auto flags = parse_workarounds(*v);
        if (auto* bad = std::get_if<std::string>(&flags)) {
            return key_error("workarounds",
                             "unknown workaround '" + *bad +
                                 "' (known: authcap, intel20, supermicro20, sun20, opensesspriv, "
                                 "integritycheckvalue, nochecksumcheck, assumeio, spinpoll)");
        }
        s.workaround_flags = std::get<unsigned>(flags);
    }
    for (auto [key, field] :
         {std::pair{"session_timeout_ms", &s.session_timeout_ms},
          std::pair{"retransmission_timeout_ms", &s.retransmission_timeout_ms}}) {
        if (auto v = o.take_integer(key)) {
            if (*v < 10 || *v > 600000) {
                return key_error(key, "expected milliseconds from 10 to 600000");
            }
            *field = static_cast<int>(*v);
        }
    }
    if (auto v = o.take_bool("dcmi")) {
        s.dcmi = *v;
    }
    if (auto v = o.take_string("sdr_cache_dir")) {
        if (v->empty()) {
            return key_error("sdr_cache_dir", "expected a directory");
        }
        s.sdr_cache_dir = *v;
    }
    if (auto v = o.take_string("password_file")) {
        if (v->empty()) {
            return key_error("password_file", "expected a file name");
        }
        s.password_file = *v;
    }
    // Lists of names: a TOML list of strings or one comma-separated string.
    if (auto v = o.take_comma_list("sensors")) {
        s.sensors = common::split_names(*v);
        if (std::find(s.sensors.begin(), s.sensors.end(), "") != s.sensors.end()) {
            return key_error("sensors", "expected sensor names such as \"System Temp,FAN 1\"");
        }
    }
    if (auto v = o.take_comma_list("types")) {
        s.types = common::split_names(*v);
        for (const auto& t : s.types) {
            if (std::find(kTypes.begin(), kTypes.end(), t) == kTypes.end()) {
                return key_error("types", "unknown type '" + t +
                                              "' (known: temperature, fan, voltage, current, "
                                              "power, state)");
            }
        }
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::ipmi
