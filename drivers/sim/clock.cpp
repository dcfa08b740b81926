#include "drivers/sim/clock.hpp"

#include <thread>

namespace wattbench::drivers::sim {

namespace {

class SteadyClock final : public Clock {
public:
    time_point now() const override { return std::chrono::steady_clock::now(); }
    void sleep_until(time_point tp) override { std::this_thread::sleep_until(tp); }
};

}  // namespace

std::shared_ptr<Clock> steady_clock() {
    static const auto clock = std::make_shared<SteadyClock>();
    return clock;
}

}  // namespace wattbench::drivers::sim
