#pragma once

#include <chrono>

#include "app/core/sampling/clock.hpp"

namespace wattbench::bench {

// Runs time `factor` times faster than the steady clock, so a simulated day of polling
// takes minutes while every thread still sleeps and wakes for real.
class ScaledClock final : public core::sampling::Clock {
public:
    explicit ScaledClock(double factor)
        : factor_(factor), origin_(std::chrono::steady_clock::now()) {}

    time_point now() const override {
        const auto real = std::chrono::steady_clock::now() - origin_;
        return origin_ + std::chrono::duration_cast<std::chrono::nanoseconds>(real * factor_);
    }

    bool sleep_until(time_point tp, core::sampling::StopSignal& stop) const override {
        const auto virtual_left = tp - now();
        if (virtual_left.count() <= 0) {
            return stop.requested();
        }
        const auto real_left =
            std::chrono::duration_cast<std::chrono::nanoseconds>(virtual_left / factor_);
        return stop.wait_until(std::chrono::steady_clock::now() + real_left);
    }

private:
    double factor_;
    std::chrono::steady_clock::time_point origin_;
};

}  // namespace wattbench::bench
