#pragma once

#include <memory>
#include <optional>

#include "drivers/api/device.hpp"
#include "drivers/sim/clock.hpp"
#include "drivers/sim/cpu_load.hpp"
#include "drivers/sim/factory.hpp"
#include "drivers/sim/settings.hpp"

namespace wattbench::drivers::sim::testing {

// Simulated time: sleeping moves the clock, so slow polls cost nothing.
class FakeClock final : public Clock {
public:
    time_point now() const override { return now_; }
    void sleep_until(time_point tp) override {
        if (tp > now_) {
            now_ = tp;
        }
    }
    void advance(Seconds d) { now_ += std::chrono::duration_cast<time_point::duration>(d); }

private:
    time_point now_{std::chrono::hours(1)};
};

// The CPU use a test sets, shared with the device that owns the CpuLoad.
struct LoadState {
    CpuUse use{0.0, 8};
    std::optional<api::DeviceError> start_error;
    int starts = 0;
    int samples = 0;

    void set_busy(double busy_cpus) { use.utilisation = busy_cpus / use.logical_cpus; }
};

class FixedLoad final : public CpuLoad {
public:
    explicit FixedLoad(std::shared_ptr<LoadState> state) : state_(std::move(state)) {}
    std::optional<api::DeviceError> start() override {
        ++state_->starts;
        return state_->start_error;
    }
    std::variant<CpuUse, api::DeviceError> sample() override {
        ++state_->samples;
        return state_->use;
    }

private:
    std::shared_ptr<LoadState> state_;
};

// Deterministic and noiseless unless a test says otherwise, so values can be asserted.
inline Settings quiet(Kind kind) {
    Settings s;
    s.kind = kind;
    s.seed = 1;
    s.noise = 0.0;
    return s;
}

struct Rig {
    std::shared_ptr<FakeClock> clock = std::make_shared<FakeClock>();
    std::shared_ptr<LoadState> load = std::make_shared<LoadState>();
    std::unique_ptr<api::Device> device;

    explicit Rig(const Settings& settings)
        : device(make_device(settings, std::make_unique<FixedLoad>(load), clock)) {}

    Clock::time_point later(Seconds d) const {
        return clock->now() + std::chrono::duration_cast<Clock::time_point::duration>(d);
    }
    // Moves time on by `d` and polls with the next poll due one second later.
    api::PollResult poll_after(Seconds d) {
        clock->advance(d);
        return device->poll(later(Seconds{1.0}));
    }
};

inline double value_of(const api::PollResult& r, std::size_t channel) {
    for (const auto& reading : r.readings) {
        if (reading.channel == channel) {
            return reading.value;
        }
    }
    return -1.0e300;
}

inline const api::Reading* reading_of(const api::PollResult& r, std::size_t channel) {
    for (const auto& reading : r.readings) {
        if (reading.channel == channel) {
            return &reading;
        }
    }
    return nullptr;
}

}  // namespace wattbench::drivers::sim::testing
