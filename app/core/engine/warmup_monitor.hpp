#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/core/record/sample.hpp"
#include "app/core/stats/steady_state.hpp"

namespace wattbench::core::engine {

// A channel a warm-up waits on, resolved to its place in the run's catalog.
struct WarmupChannel {
    std::uint32_t device = 0;
    std::uint32_t channel = 0;
    std::string name;  // "device/channel"
    std::string unit;
    stats::SteadyStateRule rule;
};

struct WarmupChannelState {
    std::string name;
    std::string unit;
    stats::SteadyStateStatus status;
};

// Watches the readings of the phase that is warming up, for the runner thread deciding when its
// window opens: whether every channel the warm-up waits on is steady, and the recent CPU
// utilisation for the idle check. Readings come in on the recorder thread (observe), which sees
// each one once and in order; the questions come from the runner thread.
class WarmupMonitor {
public:
    struct CpuChannel {
        std::uint32_t device = 0;
        std::uint32_t channel = 0;
    };

    // Starts watching `phase`'s warm-up readings, forgetting the previous phase's. CPU readings
    // stamped before `cpu_from_s` (elapsed seconds) are ignored: a utilisation covers the poll
    // interval before its stamp, and the first of a warm-up still sees the previous load.
    void arm(std::int32_t phase, const std::vector<WarmupChannel>& channels,
             std::optional<CpuChannel> cpu, double cpu_span_s, double cpu_from_s = 0.0);
    void disarm();

    // Returns true when this reading made every watched channel steady: the moment the runner
    // is worth waking. Cheap for readings of other phases and stages.
    bool observe(const record::Sample& s);

    bool stable() const;
    std::vector<WarmupChannelState> states() const;
    // Mean of the CPU channel's readings over the last cpu_span_s of the warm-up; nullopt
    // before the first one.
    std::optional<double> cpu_mean() const;

private:
    struct Entry {
        WarmupChannel channel;
        stats::SteadyStateDetector detector;
    };

    std::atomic<std::int32_t> armed_{-1};
    mutable std::mutex mutex_;
    std::int32_t phase_ = -1;
    std::vector<Entry> entries_;
    bool stable_ = false;
    std::optional<CpuChannel> cpu_;
    double cpu_span_s_ = 10.0;
    double cpu_from_s_ = 0.0;
    std::deque<std::pair<double, double>> cpu_readings_;  // elapsed_s, value
};

}  // namespace wattbench::core::engine
