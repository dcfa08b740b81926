#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace wattbench::bench {

// Resident set size of this process in KiB (VmRSS of /proc/self/status); -1 if unreadable.
inline long vm_rss_kib() {
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        if (key == "VmRSS:") {
            long kib = -1;
            in >> kib;
            return kib;
        }
        in.ignore(1 << 20, '\n');
    }
    return -1;
}

// What each open descriptor of this process points at ("socket:[123]", a path, …), without
// the one the listing itself holds.
inline std::vector<std::string> open_fds() {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
        std::error_code link_ec;
        const auto target = std::filesystem::read_symlink(e.path(), link_ec).string();
        const auto own = "/proc/" + std::to_string(::getpid()) + "/fd";
        if (link_ec || target == own) {
            continue;
        }
        out.push_back(e.path().filename().string() + " -> " + target);
    }
    return out;
}

}  // namespace wattbench::bench
