#pragma once

#include "drivers/sim/sim_device.hpp"

namespace wattbench::drivers::sim {

// sim://sound: a sound level meter a metre from the server, hearing the room and the fans.
class SoundMeter final : public SimDevice {
public:
    enum Channel : std::size_t { spl };

    SoundMeter(const Settings& settings, std::unique_ptr<CpuLoad> load,
               std::shared_ptr<Clock> clock);

protected:
    std::vector<api::Reading> read(Seconds dt) override;
};

}  // namespace wattbench::drivers::sim
