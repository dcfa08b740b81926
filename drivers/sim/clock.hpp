#pragma once

#include <chrono>
#include <memory>

namespace wattbench::drivers::sim {

// The device's notion of "now" and of waiting. Injectable so thermal lag, dropout windows and
// slow polls are tested in simulated time.
class Clock {
public:
    using time_point = std::chrono::steady_clock::time_point;
    virtual ~Clock() = default;
    virtual time_point now() const = 0;
    virtual void sleep_until(time_point tp) = 0;
};

// std::chrono::steady_clock and a real sleep: what every device built from a profile uses.
std::shared_ptr<Clock> steady_clock();

}  // namespace wattbench::drivers::sim
