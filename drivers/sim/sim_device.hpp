#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/sim/clock.hpp"
#include "drivers/sim/cpu_load.hpp"
#include "drivers/sim/model.hpp"
#include "drivers/sim/noise.hpp"
#include "drivers/sim/settings.hpp"

namespace wattbench::drivers::sim {

// What the three sim kinds share: the model fed by CPU use, time from the injected clock, and
// the fault injection. Each kind gives its channel table and identity and turns the model into
// readings.
class SimDevice : public api::Device {
public:
    SimDevice(const Settings& settings, std::unique_ptr<CpuLoad> load, std::shared_ptr<Clock> clock,
              std::vector<api::ChannelSpec> channels, api::DeviceIdentity identity);

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    api::DeviceIdentity identity() const override { return identity_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;

    const Model& model() const { return model_; }

protected:
    // One successful poll's readings; `dt` is the time since the previous one (or the open).
    virtual std::vector<api::Reading> read(Seconds dt) = 0;

    const Settings& settings() const { return settings_; }
    // Standard deviation for a channel whose noise is `sd_at_default` at the default `noise`.
    double scaled_sd(double sd_at_default) const;
    double gaussian(double sd) { return noise_.gaussian(sd); }

private:
    bool in_dropout(Clock::time_point t) const;

    Settings settings_;
    std::vector<api::ChannelSpec> channels_;
    api::DeviceIdentity identity_;
    std::unique_ptr<CpuLoad> load_;
    std::shared_ptr<Clock> clock_;
    Model model_;
    Noise noise_;

    bool open_ = false;
    bool load_started_ = false;
    std::optional<Clock::time_point> first_open_;
    Clock::time_point last_step_{};
    std::uint64_t polls_ = 0;
};

}  // namespace wattbench::drivers::sim
