#include "app/core/load/cpu_kernel.hpp"

namespace wattbench::core::load {

namespace {

// Integer and branch work: xorshift with data-dependent branches keeps the ALUs and the branch
// predictor busy without touching memory.
void integer_chunk(KernelState& s) {
    std::uint64_t x = s.x;
    std::uint64_t acc = 0;
    for (int i = 0; i < 32768; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if (x & 1) {
            acc += x >> 3;
        } else {
            acc ^= x;
        }
    }
    s.x = x ^ (acc & 1);
}

// Floating-point vector work: multiply-adds on 32 doubles that stay in registers and L1. Built
// for AVX2+FMA as well where the compiler can, chosen at load time, since wide vector units are
// what makes such a kernel draw more power than integer work.
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("arch=x86-64-v3", "default")))
#endif
void fp_chunk(double* data) {
    using v4d = double __attribute__((vector_size(32)));
    v4d v[8];
    __builtin_memcpy(v, data, sizeof v);
    const v4d a = {0.999999, 0.999998, 0.999997, 0.999996};
    const v4d b = {1e-7, 2e-7, 3e-7, 4e-7};
    for (int r = 0; r < 4096; ++r) {
        for (auto& x : v) {
            x = x * a + b;
        }
    }
    __builtin_memcpy(data, v, sizeof v);
}

}  // namespace

KernelState::KernelState(unsigned seed) {
    x ^= seed * 0xBF58476D1CE4E5B9ull;
    for (int i = 0; i < 32; ++i) {
        v[i] = 1.0 + i * 1e-3 + seed;
    }
}

void run_kernel_chunk(profile::CpuKernel kernel, KernelState& state) {
    if (kernel == profile::CpuKernel::fp) {
        fp_chunk(state.v);
        asm volatile("" : : "r"(state.v) : "memory");
    } else {
        integer_chunk(state);
        asm volatile("" : : "r"(state.x));
    }
}

}  // namespace wattbench::core::load
