#include "drivers/sim/factory.hpp"

#include "drivers/sim/bmc.hpp"
#include "drivers/sim/proc_stat_load.hpp"
#include "drivers/sim/settings_parser.hpp"
#include "drivers/sim/sound_meter.hpp"
#include "drivers/sim/wattmeter.hpp"

namespace wattbench::drivers::sim {

std::unique_ptr<api::Device> make_device(const Settings& settings, std::unique_ptr<CpuLoad> load,
                                         std::shared_ptr<Clock> clock) {
    switch (settings.kind) {
        case Kind::wattmeter:
            return std::make_unique<Wattmeter>(settings, std::move(load), std::move(clock));
        case Kind::bmc:
            return std::make_unique<Bmc>(settings, std::move(load), std::move(clock));
        case Kind::sound:
            return std::make_unique<SoundMeter>(settings, std::move(load), std::move(clock));
    }
    return nullptr;
}

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create_device(
    api::DeviceConfig& config) {
    auto parsed = parse_settings(config);
    if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
        return *e;
    }
    const auto& settings = std::get<Settings>(parsed);
    return make_device(settings, std::make_unique<ProcStatLoad>(settings.proc_stat),
                       steady_clock());
}

}  // namespace wattbench::drivers::sim
