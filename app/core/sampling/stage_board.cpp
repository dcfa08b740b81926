#include "app/core/sampling/stage_board.hpp"

namespace wattbench::core::sampling {

namespace {
constexpr std::uint32_t kGenerationMask = 0xffffff;
}

std::uint32_t StageBoard::set(std::int32_t phase, phases::Stage stage,
                              std::optional<time_point> at) {
    std::lock_guard lock(history_mutex_);
    before_ = current();
    changed_at_ = at.value_or(time_point::min());
    std::uint64_t old = packed_.load(std::memory_order_relaxed);
    std::uint64_t next = 0;
    std::uint32_t gen = 0;
    do {
        gen = ((static_cast<std::uint32_t>(old) >> 8) + 1) & kGenerationMask;
        next = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(phase)) << 32) |
               (static_cast<std::uint64_t>(gen) << 8) | static_cast<std::uint64_t>(stage);
    } while (!packed_.compare_exchange_weak(old, next, std::memory_order_acq_rel));
    return gen;
}

StageTag StageBoard::at(time_point t) const {
    std::lock_guard lock(history_mutex_);
    return t < changed_at_ ? before_ : current();
}

StageTag StageBoard::unpack(std::uint64_t v) {
    StageTag t;
    t.phase = static_cast<std::int32_t>(static_cast<std::uint32_t>(v >> 32));
    t.stage = static_cast<phases::Stage>(v & 0xff);
    t.generation = static_cast<std::uint32_t>(v >> 8) & kGenerationMask;
    return t;
}

bool generation_reached(std::uint32_t a, std::uint32_t b) {
    return ((a - b) & kGenerationMask) < (kGenerationMask / 2);
}

}  // namespace wattbench::core::sampling
