#pragma once

#include <chrono>
#include <cstdint>
#include <variant>

#include "app/core/record/sample.hpp"

namespace wattbench::core::sampling {

// Window boundaries travel through the same queue as the readings so that the recorder sees
// them in order: every reading taken before a window closed is counted before it is summarised.
struct WindowMarker {
    enum class Kind { open, close, discard } kind = Kind::open;
    std::int32_t phase = -1;
    std::chrono::system_clock::time_point utc;
    std::chrono::steady_clock::time_point mono;
};

using QueueItem = std::variant<record::Sample, WindowMarker>;

}  // namespace wattbench::core::sampling
