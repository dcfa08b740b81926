#pragma once

#include "app/core/record/catalog.hpp"

namespace wattbench::metrics::testing {

inline drivers::api::ChannelSpec spec(std::string name, drivers::api::Quantity q, std::string unit,
                                      std::vector<std::string> states = {}) {
    drivers::api::ChannelSpec s;
    s.name = std::move(name);
    s.quantity = q;
    s.unit = std::move(unit);
    s.states = std::move(states);
    return s;
}

// A wattmeter, a BMC and a sound level meter: one channel of every kind the renderer treats
// differently (scaled, counter, fallback unit, StateSet, weighting).
inline core::record::Catalog three_devices() {
    using drivers::api::Quantity;
    core::record::Catalog c;
    c.devices.push_back(
        {"wm",
         "sim",
         std::chrono::seconds(1),
         {spec("power", Quantity::power, "W"), spec("energy", Quantity::energy, "Wh"),
          spec("power_factor", Quantity::power_factor, "1"),
          spec("reactive", Quantity::other, "var")}});
    c.devices.push_back({"bmc",
                         "ipmi",
                         std::chrono::seconds(1),
                         {spec("system_temp", Quantity::temperature, "degC"),
                          spec("cpu_temp", Quantity::state, "state", {"Low", "High"}),
                          spec("fan1", Quantity::fan, "%")}});
    c.devices.push_back(
        {"slm", "sim", std::chrono::seconds(1), {spec("spl", Quantity::sound, "dBA")}});
    c.phase_names = {"idle", "cpu-1"};
    c.phase_loads = {"idle", "cpu"};
    return c;
}

}  // namespace wattbench::metrics::testing
