#pragma once

#include "drivers/common/wattmeter_channels.hpp"
#include "drivers/sim/sim_device.hpp"

namespace wattbench::drivers::sim {

// sim://wattmeter: a plug-in meter between the wall and the server.
class Wattmeter final : public SimDevice {
public:
    using enum common::WattmeterChannel;

    Wattmeter(const Settings& settings, std::unique_ptr<CpuLoad> load,
              std::shared_ptr<Clock> clock);

protected:
    std::vector<api::Reading> read(Seconds dt) override;

private:
    double energy_wh_ = 0.0;
};

}  // namespace wattbench::drivers::sim
