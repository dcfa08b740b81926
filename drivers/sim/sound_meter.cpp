#include "drivers/sim/sound_meter.hpp"

#include "drivers/sim/make_channel.hpp"

namespace wattbench::drivers::sim {

namespace {

constexpr double kSplSd = 0.3;
// Fan noise is broadband with a strong low end, which A-weighting discounts and C keeps.
constexpr double kCWeightingOffset = 2.0;

api::ChannelSpec spl_channel(Weighting w) {
    auto c =
        make_channel("spl", api::Quantity::sound, w == Weighting::c ? "dBC" : "dBA", 20.0, 80.0);
    c.key = true;
    return c;
}

}  // namespace

SoundMeter::SoundMeter(const Settings& settings, std::unique_ptr<CpuLoad> load,
                       std::shared_ptr<Clock> clock)
    : SimDevice(settings, std::move(load), std::move(clock), {spl_channel(settings.weighting)},
                {"wattbench", "sim-sound", "SIM-0003", "0.1"}) {}

std::vector<api::Reading> SoundMeter::read(Seconds) {
    const double offset = settings().weighting == Weighting::c ? kCWeightingOffset : 0.0;
    const double level = model().spl() + offset + gaussian(scaled_sd(kSplSd));
    return {{spl, level, api::Status::ok, {}}};
}

}  // namespace wattbench::drivers::sim
