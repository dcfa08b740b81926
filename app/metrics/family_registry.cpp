#include "app/metrics/family_registry.hpp"

#include <stdexcept>

#include "app/metrics/metric_name.hpp"

namespace wattbench::metrics {

namespace {

using drivers::api::Quantity;

const std::vector<std::string> kChannelLabels{"device", "channel", "phase", "stage"};

std::vector<std::string> with(std::vector<std::string> labels, const std::string& extra) {
    labels.push_back(extra);
    return labels;
}

FamilyRegistry make_standard() {
    FamilyRegistry r;
    const auto gauge = [&](const std::string& name, const std::string& unit,
                           const std::string& help,
                           std::vector<std::string> labels = kChannelLabels) {
        return r.add({name, FamilyType::gauge, unit, help, std::move(labels)});
    };
    gauge("wattbench_power_watts", "watts", "Active power, latest reading.");
    gauge("wattbench_apparent_power_voltamperes", "voltamperes", "Apparent power, latest reading.");
    gauge("wattbench_power_factor_ratio", "ratio", "Power factor, latest reading.");
    gauge("wattbench_voltage_volts", "volts", "Voltage, latest reading.");
    gauge("wattbench_current_amperes", "amperes", "Current, latest reading.");
    gauge("wattbench_frequency_hertz", "hertz", "Frequency, latest reading.");
    gauge("wattbench_temperature_celsius", "celsius", "Temperature, latest reading.");
    gauge("wattbench_fan_speed_rpm", "rpm", "Fan speed, latest reading.");
    gauge("wattbench_fan_speed_ratio", "ratio",
          "Fan duty as a share of full speed (percent / 100).");
    gauge("wattbench_sound_pressure_level_decibels", "decibels",
          "Sound pressure level, latest reading.", with(kChannelLabels, "weighting"));
    gauge("wattbench_utilisation_ratio", "ratio",
          "Utilisation as a share (percent / 100), latest reading.");
    r.add({"wattbench_energy_joules", FamilyType::counter, "joules",
           "Energy counted by the meter, latest reading (Wh x 3600).", kChannelLabels});
    r.add({"wattbench_reading", FamilyType::gauge, "",
           "Latest reading of a channel whose quantity has no family of its own, in its unit.",
           with(kChannelLabels, "unit")});
    r.add({"wattbench_state",
           FamilyType::stateset,
           "",
           "Discrete sensors: 1 for the current state, 0 for the others.",
           {"device", "channel", "phase", "stage", "wattbench_state"}});
    r.add({"wattbench_device_up",
           FamilyType::gauge,
           "",
           "1 while the device answers, 0 while it is connecting, reconnecting or failed.",
           {"device"}});
    r.add({"wattbench_readings",
           FamilyType::counter,
           "",
           "Readings taken, by status.",
           {"device", "status"}});
    r.add({"wattbench_phase",
           FamilyType::info,
           "",
           "The phase the run is in.",
           {"run", "phase", "load"}});
    r.add({"wattbench_window_mean",
           FamilyType::gauge,
           "",
           "Mean of a closed averaging window, in the base unit its quantity names.",
           {"device", "channel", "phase", "stage", "quantity"}});
    return r;
}

}  // namespace

const FamilyRegistry& FamilyRegistry::standard() {
    static const FamilyRegistry registry = [] {
        auto r = make_standard();
        const auto at = [&](std::string_view name) { return r.index(name); };
        const std::size_t power = at("wattbench_power_watts");
        const std::size_t va = at("wattbench_apparent_power_voltamperes");
        const std::size_t volts = at("wattbench_voltage_volts");
        const std::size_t amps = at("wattbench_current_amperes");
        const std::size_t hz = at("wattbench_frequency_hertz");
        const std::size_t energy = at("wattbench_energy_joules");
        const std::size_t spl = at("wattbench_sound_pressure_level_decibels");
        r.rules_ = {
            {Quantity::power, "W", power, 1.0, ""},
            {Quantity::power, "kW", power, 1e3, ""},
            {Quantity::power, "mW", power, 1e-3, ""},
            {Quantity::apparent_power, "VA", va, 1.0, ""},
            {Quantity::apparent_power, "kVA", va, 1e3, ""},
            {Quantity::power_factor, "1", at("wattbench_power_factor_ratio"), 1.0, ""},
            {Quantity::power_factor, "", at("wattbench_power_factor_ratio"), 1.0, ""},
            {Quantity::voltage, "V", volts, 1.0, ""},
            {Quantity::voltage, "mV", volts, 1e-3, ""},
            {Quantity::voltage, "kV", volts, 1e3, ""},
            {Quantity::current, "A", amps, 1.0, ""},
            {Quantity::current, "mA", amps, 1e-3, ""},
            {Quantity::frequency, "Hz", hz, 1.0, ""},
            {Quantity::frequency, "kHz", hz, 1e3, ""},
            {Quantity::frequency, "MHz", hz, 1e6, ""},
            {Quantity::energy, "Wh", energy, 3600.0, ""},
            {Quantity::energy, "kWh", energy, 3.6e6, ""},
            {Quantity::energy, "J", energy, 1.0, ""},
            {Quantity::temperature, "degC", at("wattbench_temperature_celsius"), 1.0, ""},
            {Quantity::fan, "RPM", at("wattbench_fan_speed_rpm"), 1.0, ""},
            {Quantity::fan, "%", at("wattbench_fan_speed_ratio"), 0.01, ""},
            {Quantity::sound, "dBA", spl, 1.0, "A"},
            {Quantity::sound, "dBC", spl, 1.0, "C"},
            {Quantity::sound, "dB", spl, 1.0, "none"},
            {Quantity::utilisation, "%", at("wattbench_utilisation_ratio"), 0.01, ""},
            {Quantity::utilisation, "1", at("wattbench_utilisation_ratio"), 1.0, ""},
        };
        r.fallback_ = at("wattbench_reading");
        return r;
    }();
    return registry;
}

std::size_t FamilyRegistry::add(Family family) {
    check_metric_name(family.name);
    for (const auto& l : family.labels) {
        check_label_name(l);
    }
    if (!family.unit.empty() && !family.name.ends_with("_" + family.unit)) {
        throw std::invalid_argument("metric name '" + family.name + "' does not end in its unit '" +
                                    family.unit + "'");
    }
    for (const auto& f : families_) {
        if (f.name == family.name) {
            throw std::invalid_argument("metric family '" + family.name + "' registered twice");
        }
    }
    families_.push_back(std::move(family));
    return families_.size() - 1;
}

std::size_t FamilyRegistry::index(std::string_view name) const {
    for (std::size_t i = 0; i < families_.size(); ++i) {
        if (families_[i].name == name) {
            return i;
        }
    }
    throw std::out_of_range("no metric family '" + std::string(name) + "'");
}

ChannelFamily FamilyRegistry::for_channel(drivers::api::Quantity quantity,
                                          std::string_view unit) const {
    for (const auto& rule : rules_) {
        if (rule.quantity == quantity && rule.unit == unit) {
            return {rule.family, rule.scale, std::string(rule.weighting), false};
        }
    }
    return {fallback_, 1.0, "", true};
}

}  // namespace wattbench::metrics
