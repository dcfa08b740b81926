#pragma once

#include <cstdint>

#include "app/core/profile/profile.hpp"

namespace wattbench::core::load {

// Per-worker state a kernel carries from one chunk to the next, so the compiler cannot fold the
// work away and each worker computes something different.
struct KernelState {
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    alignas(64) double v[32] = {};

    explicit KernelState(unsigned seed);
};

// Runs one chunk of the kernel: a few tens of microseconds on a current core, short enough that
// a worker notices a stop request or the end of its duty-cycle slice at once.
void run_kernel_chunk(profile::CpuKernel kernel, KernelState& state);

}  // namespace wattbench::core::load
