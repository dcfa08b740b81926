#include "drivers/ipmi/sdr_cache_check.hpp"

#include <freeipmi/freeipmi.h>
#include <sys/stat.h>

#include <ctime>
#include <vector>

namespace wattbench::drivers::ipmi {

namespace {

// 0xFFFFFFFF is the IPMI "unspecified" timestamp; below 0x20000000 counts from BMC start-up.
std::string timestamp_text(std::uint32_t t) {
    if (t == 0xFFFFFFFFu) {
        return "unspecified";
    }
    if (t < 0x20000000u) {
        return std::to_string(t) + " s after BMC start";
    }
    const std::time_t tt = static_cast<std::time_t>(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

}  // namespace

std::optional<std::string> sdr_cache_staleness(const std::string& cache_file,
                                               const SdrRepositoryInfo& bmc) {
    struct stat st {};
    if (::stat(cache_file.c_str(), &st) != 0) {
        return std::nullopt;
    }
    ipmi_sdr_ctx_t ctx = ipmi_sdr_ctx_create();
    if (!ctx) {
        return std::nullopt;
    }
    std::optional<std::string> why;
    // Opened without a session: FreeIPMI then skips its own check and the values can be
    // compared (and named) here.
    if (ipmi_sdr_cache_open(ctx, nullptr, cache_file.c_str()) < 0) {
        why = std::string("not a readable SDR cache: ") + ipmi_sdr_ctx_errormsg(ctx);
    } else {
        std::uint16_t count = 0;
        std::uint32_t added = 0;
        std::uint32_t erased = 0;
        if (ipmi_sdr_cache_record_count(ctx, &count) < 0 ||
            ipmi_sdr_cache_most_recent_addition_timestamp(ctx, &added) < 0 ||
            ipmi_sdr_cache_most_recent_erase_timestamp(ctx, &erased) < 0) {
            why = std::string("cache header unreadable: ") + ipmi_sdr_ctx_errormsg(ctx);
        } else {
            std::vector<std::string> parts;
            if (count != bmc.record_count) {
                parts.push_back("the BMC has " + std::to_string(bmc.record_count) +
                                " records, the cache " + std::to_string(count));
            }
            if (added != bmc.most_recent_addition) {
                parts.push_back("last addition " + timestamp_text(bmc.most_recent_addition) +
                                ", the cache's " + timestamp_text(added));
            }
            if (erased != bmc.most_recent_erase) {
                parts.push_back("last erase " + timestamp_text(bmc.most_recent_erase) +
                                ", the cache's " + timestamp_text(erased));
            }
            for (const auto& p : parts) {
                why = why ? *why + "; " + p : p;
            }
        }
        ipmi_sdr_cache_close(ctx);
    }
    ipmi_sdr_ctx_destroy(ctx);
    return why;
}

}  // namespace wattbench::drivers::ipmi
