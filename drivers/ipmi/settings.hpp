#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/ipmi/target.hpp"

namespace wattbench::drivers::ipmi {

enum class Privilege { user, operator_, admin };

struct Settings {
    Target target;
    int cipher_suite = 3;  // 17 is stronger but many BMCs (and ipmi_sim) lack it
    Privilege privilege = Privilege::user;
    unsigned workaround_flags = 0;  // IPMI_MONITORING_WORKAROUND_FLAGS_*
    int session_timeout_ms = 2000;
    int retransmission_timeout_ms = 500;
    std::string sdr_cache_dir;         // empty: a private directory per run, so no stale cache
    std::string password_file;         // empty: WATTBENCH_IPMI_PASSWORD
    std::vector<std::string> sensors;  // sensor or channel names to keep; empty: all
    std::vector<std::string> types;    // temperature, fan, voltage, current, power, state
    bool dcmi = true;  // add `dcmi_power` when the BMC answers DCMI Get Power Reading
};

// Validates connection string and options without any I/O. A `password` key is refused:
// profiles get copied, committed and attached to reports.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

// "opensesspriv,authcap" (ipmi-sensors -W names) → flag bits; nullopt names the bad one.
std::variant<unsigned, std::string> parse_workarounds(const std::string& list);

}  // namespace wattbench::drivers::ipmi
