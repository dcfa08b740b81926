#pragma once

#include <atomic>
#include <chrono>
#include <functional>

#include "app/core/sampling/clock.hpp"

namespace wattbench::tests {

// A clock that jumps to whatever time a sleeper asks for, plus an optional wake-up latency,
// so a day of 10 Hz polling runs in a second.
class FakeClock final : public core::sampling::Clock {
public:
    explicit FakeClock(time_point start = time_point(std::chrono::hours(1)))
        : now_(start.time_since_epoch().count()) {}

    time_point now() const override { return time_point(duration(now_.load())); }

    bool sleep_until(time_point tp, core::sampling::StopSignal& stop) const override {
        if (stop.requested()) {
            return true;
        }
        auto target = tp.time_since_epoch().count();
        if (latency) {
            target += latency().count();
        }
        auto cur = now_.load();
        while (cur < target && !now_.compare_exchange_weak(cur, target)) {
        }
        return stop.requested();
    }

    void advance(std::chrono::nanoseconds d) { now_.fetch_add(d.count()); }

    std::function<std::chrono::nanoseconds()> latency;

private:
    using duration = time_point::duration;
    mutable std::atomic<duration::rep> now_;
};

}  // namespace wattbench::tests
