#pragma once

#include <chrono>

#include "app/core/sampling/stop_signal.hpp"

namespace wattbench::core::sampling {

// Time source for samplers and the phase runner, injectable so scheduling can be tested over
// millions of ticks without waiting for them.
class Clock {
public:
    using time_point = std::chrono::steady_clock::time_point;
    virtual ~Clock() = default;
    virtual time_point now() const = 0;
    // Sleeps until `tp`; returns true if `stop` was requested (and woke the sleep early).
    virtual bool sleep_until(time_point tp, StopSignal& stop) const = 0;
};

class SteadyClock final : public Clock {
public:
    time_point now() const override { return std::chrono::steady_clock::now(); }
    bool sleep_until(time_point tp, StopSignal& stop) const override { return stop.wait_until(tp); }
};

const Clock& steady_clock();

}  // namespace wattbench::core::sampling
