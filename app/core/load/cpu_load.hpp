#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "app/core/load/load.hpp"
#include "app/core/profile/profile.hpp"

namespace wattbench::core::load {

struct CpuLoadSettings {
    unsigned workers = 1;
    std::vector<int> cpus;     // one per worker (pinned); empty: left to the scheduler
    double intensity = 100.0;  // percent busy within each duty-cycle period
    profile::CpuKernel kernel = profile::CpuKernel::integer;
};

// N threads, each keeping one logical CPU busy. Workers run at the lowest priority so the
// samplers always get the CPU on time even when every CPU is loaded. Below 100 % intensity a
// worker alternates busy and sleeping slices within a short period, so a 1 s sample sees the
// average and stop() never waits for a long sleep.
class CpuLoad final : public Load {
public:
    static constexpr std::chrono::milliseconds duty_period{50};

    explicit CpuLoad(CpuLoadSettings settings) : settings_(std::move(settings)) {}
    ~CpuLoad() override { stop(); }

    std::optional<std::string> start() override;
    void stop() override;
    std::string describe() const override;
    std::vector<int> cpus() const override { return settings_.cpus; }

    const CpuLoadSettings& settings() const { return settings_; }
    // Work done by all workers so far, so tests can tell the threads really ran.
    std::uint64_t iterations() const { return iterations_.load(std::memory_order_relaxed); }

private:
    void work(unsigned index, int cpu);

    CpuLoadSettings settings_;
    std::atomic<bool> stop_{false};
    std::atomic<std::uint64_t> iterations_{0};
    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<std::thread> threads_;
};

}  // namespace wattbench::core::load
