#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>

#include "app/core/phases/stage.hpp"

namespace wattbench::core::sampling {

struct StageTag {
    std::int32_t phase = -1;
    phases::Stage stage = phases::Stage::between;
    std::uint32_t generation = 0;  // bumped on every change; 24 bits, wraps
};

// The phase and stage every reading is tagged with, published by the phase runner and read
// lock-free by each sampler at the instant it takes a reading.
class StageBoard {
public:
    using time_point = std::chrono::steady_clock::time_point;

    // `at`: when the change took effect on the run's clock, so that rows for ticks a stalled
    // sampler missed before it can still be tagged with the stage they were due in.
    std::uint32_t set(std::int32_t phase, phases::Stage stage,
                      std::optional<time_point> at = std::nullopt);
    StageTag current() const { return unpack(packed_.load(std::memory_order_acquire)); }
    // The tag in force at `t` as far as the last change tells: the one before it when `t` came
    // earlier, else the current one. For missed ticks (rare), so it may take a lock.
    StageTag at(time_point t) const;

private:
    static StageTag unpack(std::uint64_t v);
    std::atomic<std::uint64_t> packed_{(static_cast<std::uint64_t>(0xffffffffu) << 32)};
    mutable std::mutex history_mutex_;
    StageTag before_;
    time_point changed_at_ = time_point::min();
};

// True when generation `a` is at or after `b`, allowing for wrap-around.
bool generation_reached(std::uint32_t a, std::uint32_t b);

}  // namespace wattbench::core::sampling
