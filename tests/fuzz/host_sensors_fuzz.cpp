#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

#include "drivers/cpu/cpuinfo.hpp"
#include "drivers/cpu/proc_stat.hpp"
#include "drivers/hwmon/channel_name.hpp"
#include "drivers/hwmon/chip_sensors.hpp"
#include "drivers/ipmi/dcmi_power.hpp"
#include "drivers/ipmi/sensor_name.hpp"
#include "drivers/ipmi/target.hpp"
#include "drivers/rapl/energy_counter.hpp"

// The text the host drivers read from procfs/sysfs, the DCMI power reply, the IPMI connection
// string and sensor names: every parser must survive any input, and what it returns must keep
// its promises.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    if (auto s = cpu::parse_proc_stat(text)) {
        for (const auto& c : s->cpus) {
            if (auto p = cpu::busy_percent(s->total, c.times); p && (*p < 0 || *p > 100)) {
                std::abort();
            }
        }
    }
    for (const auto& [cpu, mhz] : cpu::parse_cpuinfo_mhz(text)) {
        if (!(mhz >= 0) || !std::isfinite(mhz)) {
            std::abort();
        }
    }
    cpu::parse_cpufreq_khz(text);

    // "file=contents" lines stand for a chip's attribute files.
    std::map<std::string, std::string> files;
    std::string_view rest = text;
    while (!rest.empty()) {
        const std::size_t eol = rest.find('\n');
        const std::string_view line = rest.substr(0, eol);
        rest.remove_prefix(eol == std::string_view::npos ? rest.size() : eol + 1);
        const std::size_t eq = line.find('=');
        if (eq != std::string_view::npos) {
            files[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
        }
    }
    for (const auto& s : hwmon::chip_sensors("chip", files)) {
        if (s.channel.name.empty() ||
            s.channel.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") !=
                std::string::npos) {
            std::abort();
        }
    }
    hwmon::channel_name(text);
    hwmon::parse_hwmon_integer(text);

    if (auto uj = rapl::parse_microjoules(text)) {
        if (rapl::energy_delta_uj(*uj, 0, *uj) != 0) {
            std::abort();
        }
    }

    const auto target = ipmi::parse_target(text);
    if (const auto* t = std::get_if<ipmi::Target>(&target)) {
        // A password must never get through inside the user name.
        if (t->lan && t->user.find(':') != std::string::npos) {
            std::abort();
        }
        (void)t->address();
    }
    ipmi::parse_dcmi_power(data, size);
    if (ipmi::sensor_channel_name(text).empty()) {
        std::abort();
    }
    return 0;
}
