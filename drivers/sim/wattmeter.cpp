#include "drivers/sim/wattmeter.hpp"

#include <cmath>
#include <optional>
#include <utility>

namespace wattbench::drivers::sim {

namespace {

constexpr double kMainsVoltage = 230.0;
constexpr double kMainsFrequency = 50.0;
constexpr double kVoltageSd = 0.2;
constexpr double kFrequencySd = 0.007;

// Charts get room for twice the loaded power, on round numbers.
double round_up(double v, double step) {
    return std::ceil(v / step) * step;
}

std::vector<api::ChannelSpec> make_channels(const ModelParams& m) {
    const double va_max = round_up(2.0 * m.max_power / 0.7, 100.0);
    auto c = common::wattmeter_channels();
    const std::pair<double, std::optional<double>> ranges[] = {
        {0.0, round_up(2.0 * m.max_power, 100.0)},
        {0.0, va_max},
        {0.0, 1.0},
        {200.0, 260.0},
        {0.0, round_up(va_max / kMainsVoltage, 1.0)},
        {49.0, 51.0},
        {0.0, std::nullopt},
    };
    for (std::size_t i = 0; i < c.size(); ++i) {
        c[i].display_min = ranges[i].first;
        c[i].display_max = ranges[i].second;
        c[i].key = i == Wattmeter::power;  // the one figure a glance at the status line needs
    }
    return c;
}

}  // namespace

Wattmeter::Wattmeter(const Settings& settings, std::unique_ptr<CpuLoad> load,
                     std::shared_ptr<Clock> clock)
    : SimDevice(settings, std::move(load), std::move(clock), make_channels(settings.model),
                {"wattbench", "sim-wattmeter", "SIM-0001", "0.1"}) {}

std::vector<api::Reading> Wattmeter::read(Seconds dt) {
    const double w = model().power() * (1.0 + gaussian(settings().noise));
    const double pf = model().power_factor();
    const double v = kMainsVoltage + gaussian(scaled_sd(kVoltageSd));
    const double hz = kMainsFrequency + gaussian(scaled_sd(kFrequencySd));
    const double va = w / pf;
    const double a = va / v;
    // The span just ended ran at the load measured over it, so this rectangle is its energy.
    energy_wh_ += w * dt.count() / 3600.0;

    const auto& limit = settings().faults.overrange_above;
    const auto power_status = limit && w > *limit ? api::Status::overrange : api::Status::ok;
    return {
        {power, w, power_status, {}},
        {apparent_power, va, api::Status::ok, {}},
        {power_factor, pf, api::Status::ok, {}},
        {voltage, v, api::Status::ok, {}},
        {current, a, api::Status::ok, {}},
        {frequency, hz, api::Status::ok, {}},
        {energy, energy_wh_, api::Status::ok, {}},
    };
}

}  // namespace wattbench::drivers::sim
