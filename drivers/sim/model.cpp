#include "drivers/sim/model.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace wattbench::drivers::sim {

namespace {

constexpr std::array<double, 9> kReferenceCurve{71.5,  100.3, 114.0, 128.9, 145.0,
                                                148.1, 150.8, 154.7, 163.1};
constexpr double kReferenceIdle = kReferenceCurve.front();
constexpr double kReferenceMax = kReferenceCurve.back();

constexpr double kIdleRise = 9.0;  // degC above ambient at idle
constexpr double kLoadRise = 4.0;  // further degC at max_power

constexpr double kFanRpmAt30 = 1800.0;
constexpr double kFanRpmPerDegree = 120.0;

constexpr double kRoomSpl = 28.0;

}  // namespace

double Model::reference_power(double busy_cpus) {
    const double b = std::max(busy_cpus, 0.0);
    const std::size_t last = kReferenceCurve.size() - 1;
    const std::size_t i = std::min(static_cast<std::size_t>(b), last - 1);
    const double slope = kReferenceCurve[i + 1] - kReferenceCurve[i];
    return kReferenceCurve[i] + slope * (b - static_cast<double>(i));
}

double Model::fan_rpm_at(double temperature) {
    return std::max(0.0, kFanRpmAt30 + kFanRpmPerDegree * (temperature - 30.0));
}

double Model::spl_at(double fan_rpm) {
    // A stopped fan contributes nothing; the floor keeps log10 finite.
    const double fan_spl = 40.0 + 50.0 * std::log10(std::max(fan_rpm, 1.0) / 2000.0);
    return 10.0 * std::log10(std::pow(10.0, kRoomSpl / 10.0) + std::pow(10.0, fan_spl / 10.0));
}

Model::Model(ModelParams params) : params_(params) {
    temperature_ = target_temperature_at(params_.idle_power);
}

double Model::power_at(double busy_cpus) const {
    const double scale =
        (params_.max_power - params_.idle_power) / (kReferenceMax - kReferenceIdle);
    return params_.idle_power + (reference_power(busy_cpus) - kReferenceIdle) * scale;
}

double Model::load_fraction(double power) const {
    return (power - params_.idle_power) / (params_.max_power - params_.idle_power);
}

double Model::power_factor_at(double power) const {
    return std::clamp(0.70 + 0.10 * load_fraction(power), 0.70, 0.80);
}

double Model::target_temperature_at(double power) const {
    return params_.ambient + kIdleRise + kLoadRise * load_fraction(power);
}

void Model::step(double busy_cpus, Seconds dt) {
    busy_cpus_ = std::max(busy_cpus, 0.0);
    const double target = target_temperature_at(power());
    const double tau = params_.thermal_tau.count();
    const double t = std::max(dt.count(), 0.0);
    temperature_ = target + (temperature_ - target) * std::exp(-t / tau);
}

}  // namespace wattbench::drivers::sim
