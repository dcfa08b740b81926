#include "drivers/sim/wattmeter.hpp"

#include <cmath>

#include "drivers/sim/make_channel.hpp"

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
    using api::Quantity;
    const double w_max = round_up(2.0 * m.max_power, 100.0);
    const double va_max = round_up(2.0 * m.max_power / 0.7, 100.0);
    const double a_max = round_up(va_max / kMainsVoltage, 1.0);
    std::vector<api::ChannelSpec> c(7);
    c[Wattmeter::power] = make_channel("power", Quantity::power, "W", 0.0, w_max);
    c[Wattmeter::power].key = true;
    c[Wattmeter::apparent_power] =
        make_channel("apparent_power", Quantity::apparent_power, "VA", 0.0, va_max);
    c[Wattmeter::power_factor] =
        make_channel("power_factor", Quantity::power_factor, "1", 0.0, 1.0);
    c[Wattmeter::voltage] = make_channel("voltage", Quantity::voltage, "V", 200.0, 260.0);
    c[Wattmeter::current] = make_channel("current", Quantity::current, "A", 0.0, a_max);
    c[Wattmeter::frequency] = make_channel("frequency", Quantity::frequency, "Hz", 49.0, 51.0);
    c[Wattmeter::energy] = make_channel("energy", Quantity::energy, "Wh", 0.0, std::nullopt);
    return c;
}

}  // namespace

Wattmeter::Wattmeter(const Settings& settings, std::unique_ptr<CpuLoad> load,
                     std::shared_ptr<Clock> clock)
    : SimDevice(settings, std::move(load), std::move(clock)),
      channels_(make_channels(settings.model)) {}

api::DeviceIdentity Wattmeter::identity() const {
    return {"wattbench", "sim-wattmeter", "SIM-0001", "0.1"};
}

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
