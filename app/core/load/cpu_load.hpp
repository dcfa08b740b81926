#pragma once

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "app/core/load/load.hpp"

namespace wattbench::core::load {

// N threads, each keeping one logical CPU busy with integer work. Workers run at the lowest
// priority so the samplers always get the CPU on time even when every CPU is loaded.
class CpuLoad final : public Load {
public:
    explicit CpuLoad(unsigned workers) : workers_(workers) {}
    ~CpuLoad() override { stop(); }

    std::optional<std::string> start() override;
    void stop() override;
    std::string describe() const override;

    // Work done by all workers so far, so tests can tell the threads really ran.
    std::uint64_t iterations() const { return iterations_.load(std::memory_order_relaxed); }

private:
    void work(unsigned index, int cpu);

    unsigned workers_;
    std::atomic<bool> stop_{false};
    std::atomic<std::uint64_t> iterations_{0};
    std::vector<std::thread> threads_;
};

}  // namespace wattbench::core::load
