#pragma once

#include <chrono>

namespace wattbench::core::sampling {

// UTC is derived from the monotonic clock anchored once at run start, so a wall-clock step
// during a run (NTP, DST mistakes) can neither reorder samples nor stretch a window.
struct RunAnchor {
    std::chrono::steady_clock::time_point mono;
    std::chrono::system_clock::time_point utc;

    std::chrono::system_clock::time_point utc_at(std::chrono::steady_clock::time_point t) const {
        return utc + std::chrono::duration_cast<std::chrono::system_clock::duration>(t - mono);
    }
    double elapsed_s(std::chrono::steady_clock::time_point t) const {
        return std::chrono::duration<double>(t - mono).count();
    }
};

}  // namespace wattbench::core::sampling
