#include "drivers/sim/bmc.hpp"

#include "drivers/sim/make_channel.hpp"

namespace wattbench::drivers::sim {

namespace {

constexpr double kFanSd = 0.01;          // relative
constexpr double kFan2Share = 0.98;      // two fans of one model never agree exactly
constexpr double kTemperatureSd = 0.05;  // degC

struct Rail {
    const char* name;
    double nominal;
    double sd;
    api::Thresholds limits;
};

const Rail kRails[] = {
    {"12v", 12.05, 0.01, {10.8, 11.4, std::nullopt, std::nullopt, 12.6, 13.2}},
    {"5v", 5.02, 0.005, {4.5, 4.75, std::nullopt, std::nullopt, 5.25, 5.5}},
    {"3_3v", 3.31, 0.003, {2.97, 3.135, std::nullopt, std::nullopt, 3.465, 3.63}},
};

std::vector<api::ChannelSpec> make_channels() {
    using api::Quantity;
    std::vector<api::ChannelSpec> c(7);
    c[Bmc::system_temp] = make_channel("system_temp", Quantity::temperature, "degC", 0.0, 70.0);
    c[Bmc::system_temp].thresholds.upper_non_critical = 55.0;
    c[Bmc::system_temp].thresholds.upper_critical = 58.0;
    c[Bmc::system_temp].thresholds.upper_non_recoverable = 62.0;
    c[Bmc::system_temp].key = true;

    c[Bmc::cpu_temp] = make_channel("cpu_temp", Quantity::state, "state", 0.0, 2.0);
    c[Bmc::cpu_temp].states = Bmc::cpu_temp_states();

    for (auto [index, name] : {std::pair{Bmc::fan_1, "fan_1"}, std::pair{Bmc::fan_2, "fan_2"}}) {
        c[index] = make_channel(name, Quantity::fan, "RPM", 0.0, 4000.0);
        c[index].thresholds.lower_critical = 500.0;
        c[index].thresholds.lower_non_recoverable = 300.0;
    }

    std::size_t index = Bmc::volt_12;
    for (const Rail& rail : kRails) {
        const double lo = *rail.limits.lower_non_recoverable;
        const double hi = *rail.limits.upper_non_recoverable;
        const double margin = 0.1 * (hi - lo);
        c[index] = make_channel(rail.name, Quantity::voltage, "V", lo - margin, hi + margin);
        c[index].thresholds = rail.limits;
        ++index;
    }
    return c;
}

}  // namespace

std::size_t Bmc::cpu_temp_state(double system_temperature) {
    if (system_temperature > 50.0) {
        return 2;
    }
    if (system_temperature > 40.0) {
        return 1;
    }
    return 0;
}

const std::vector<std::string>& Bmc::cpu_temp_states() {
    static const std::vector<std::string> states{"Low", "Medium", "High"};
    return states;
}

Bmc::Bmc(const Settings& settings, std::unique_ptr<CpuLoad> load, std::shared_ptr<Clock> clock)
    : SimDevice(settings, std::move(load), std::move(clock), make_channels(),
                {"wattbench", "sim-bmc", "SIM-0002", "0.1"}) {}

std::vector<api::Reading> Bmc::read(Seconds) {
    const double temperature = model().temperature();
    const std::size_t state = cpu_temp_state(temperature);
    const double rpm = model().fan_rpm();
    const double fan_sd = scaled_sd(kFanSd);

    std::vector<api::Reading> r;
    r.reserve(channels().size());
    r.push_back(
        {system_temp, temperature + gaussian(scaled_sd(kTemperatureSd)), api::Status::ok, {}});
    r.push_back({cpu_temp, static_cast<double>(state), api::Status::ok, cpu_temp_states()[state]});
    r.push_back({fan_1, rpm * (1.0 + gaussian(fan_sd)), api::Status::ok, {}});
    r.push_back({fan_2, kFan2Share * rpm * (1.0 + gaussian(fan_sd)), api::Status::ok, {}});
    std::size_t index = volt_12;
    for (const Rail& rail : kRails) {
        r.push_back({index++, rail.nominal + gaussian(scaled_sd(rail.sd)), api::Status::ok, {}});
    }
    return r;
}

}  // namespace wattbench::drivers::sim
