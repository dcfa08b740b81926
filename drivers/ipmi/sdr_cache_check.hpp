#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace wattbench::drivers::ipmi {

// What a BMC says about its SDR repository (Get SDR Repository Info). The repository changes
// (new firmware, a BMC restart that rebuilt it, another BMC answering at the same address)
// show in these fields; a FreeIPMI SDR cache records the same three when it is written.
struct SdrRepositoryInfo {
    std::uint16_t record_count = 0;
    std::uint32_t most_recent_addition = 0;  // seconds since 1970 (IPMI timestamps)
    std::uint32_t most_recent_erase = 0;
};

// Why the FreeIPMI SDR cache `cache_file` no longer describes the BMC ("BMC has 6 records,
// the cache 5; last addition 2026-11-29T23:01:02Z, the cache's 2026-11-29T22:40:10Z"), or
// nullopt when it matches or does not exist. A file FreeIPMI cannot read as a cache is stale.
std::optional<std::string> sdr_cache_staleness(const std::string& cache_file,
                                               const SdrRepositoryInfo& bmc);

}  // namespace wattbench::drivers::ipmi
