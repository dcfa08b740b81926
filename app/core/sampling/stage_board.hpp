#pragma once

#include <atomic>
#include <cstdint>

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
    std::uint32_t set(std::int32_t phase, phases::Stage stage);
    StageTag current() const { return unpack(packed_.load(std::memory_order_acquire)); }

private:
    static StageTag unpack(std::uint64_t v);
    std::atomic<std::uint64_t> packed_{(static_cast<std::uint64_t>(0xffffffffu) << 32)};
};

// True when generation `a` is at or after `b`, allowing for wrap-around.
bool generation_reached(std::uint32_t a, std::uint32_t b);

}  // namespace wattbench::core::sampling
