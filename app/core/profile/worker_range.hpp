#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace wattbench::core::profile {

struct WorkerRange {
    std::uint32_t first = 0;
    std::uint32_t last = 0;
};

// Reads "A..B" where A is a number and B a number or "ncpu" (resolved to `logical_cpus`).
// Only the syntax is checked; whether the range is empty or too large is the caller's call, so
// that it can say which.
std::optional<WorkerRange> parse_worker_range(std::string_view text, unsigned logical_cpus);

}  // namespace wattbench::core::profile
