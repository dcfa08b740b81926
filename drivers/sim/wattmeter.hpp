#pragma once

#include "drivers/sim/sim_device.hpp"

namespace wattbench::drivers::sim {

// sim://wattmeter: a plug-in meter between the wall and the server.
class Wattmeter final : public SimDevice {
public:
    enum Channel : std::size_t {
        power,
        apparent_power,
        power_factor,
        voltage,
        current,
        frequency,
        energy,
    };

    Wattmeter(const Settings& settings, std::unique_ptr<CpuLoad> load,
              std::shared_ptr<Clock> clock);

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    api::DeviceIdentity identity() const override;

protected:
    std::vector<api::Reading> read(Seconds dt) override;

private:
    std::vector<api::ChannelSpec> channels_;
    double energy_wh_ = 0.0;
};

}  // namespace wattbench::drivers::sim
