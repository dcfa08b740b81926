#pragma once

#include <chrono>

#include "drivers/sim/duration.hpp"

namespace wattbench::drivers::sim {

struct ModelParams {
    double idle_power = 71.5;   // W with no busy CPU
    double max_power = 163.1;   // W with eight busy CPUs
    double ambient = 22.0;      // degC of the room
    Seconds thermal_tau{20.0};  // first-order lag of the system temperature
};

// The simulated server: wall power from busy CPUs along the reference review's curve, and a
// system temperature that lags behind it, driving fan speed and noise. Pure: the caller
// supplies the load and the elapsed time, so every figure can be checked by hand.
class Model {
public:
    // The measured server (0…8 busy CPUs, 71.5…163.1 W), linear between points and
    // extrapolated with the last slope beyond eight.
    static double reference_power(double busy_cpus);
    // 1800 RPM at 30 degC plus 120 RPM per degC, never below zero.
    static double fan_rpm_at(double temperature);
    // A 28 dBA room combined on energy with 40 + 50·log10(rpm/2000) dBA of fan noise.
    static double spl_at(double fan_rpm);

    explicit Model(ModelParams params = {});

    const ModelParams& params() const { return params_; }

    // The reference curve mapped so that 0 busy CPUs give idle_power and 8 give max_power.
    double power_at(double busy_cpus) const;
    // 0.70 at idle power rising linearly to 0.80 at max_power, clamped to that range.
    double power_factor_at(double power) const;
    // ambient + 9 degC at idle to ambient + 13 degC at max_power (31 → 35 degC in a 22 degC
    // room, as the reference BMC reported), following power so it extrapolates with it.
    double target_temperature_at(double power) const;

    // Holds `busy_cpus` for `dt` and lets the temperature follow (exact for a step input,
    // so the result does not depend on how the span is cut into polls).
    void step(double busy_cpus, Seconds dt);

    double busy_cpus() const { return busy_cpus_; }
    double power() const { return power_at(busy_cpus_); }
    double power_factor() const { return power_factor_at(power()); }
    double temperature() const { return temperature_; }
    double fan_rpm() const { return fan_rpm_at(temperature_); }
    double spl() const { return spl_at(fan_rpm()); }

private:
    double load_fraction(double power) const;

    ModelParams params_;
    double busy_cpus_ = 0.0;
    double temperature_ = 0.0;
};

}  // namespace wattbench::drivers::sim
