#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "app/core/record/catalog.hpp"
#include "app/core/record/sample.hpp"
#include "app/core/stats/window_accumulator.hpp"

namespace wattbench::core::stats {

// Watt-hours in one unit of an energy channel ("kWh" 1000, "Wh" 1); nullopt for other units.
std::optional<double> wh_per_unit(const std::string& unit);

// Mean power of energy counters read by a person (driver `manual`, reading = "energy"): the
// window's ΔE/Δt from the first and last counter reading inside the window, Δt the time between
// them. Used live by the engine and afterwards by the phase recomputation, so both give the same
// row.
//
// A counter is a device with no sampling grid (catalog interval 0) that has a channel of
// quantity energy in kWh or Wh and a channel of quantity power. The derived mean enters the
// WindowAccumulator as one `ok` power reading stamped at the last counter reading, so the power
// row's mean is ΔE/Δt, samples 1, coverage 1, and its uncertainty is the meter's stated accuracy
// (flagged like any other meter's). With fewer than two readings, or a counter that went
// backwards, nothing is added: the row shows no valid reading.
class CounterWindows {
public:
    explicit CounterWindows(const record::Catalog& catalog);

    bool empty() const { return counters_.empty(); }
    // Samples of any device; only counter readings inside a window are kept.
    void add(const record::Sample& sample);
    // Adds each counter's ΔE/Δt of `phase` to `window` and forgets the phase.
    void feed(stats::WindowAccumulator& window, std::int32_t phase);

private:
    struct Counter {
        std::uint32_t device = 0;
        std::uint32_t energy = 0;
        std::uint32_t power = 0;
        double wh_per_unit = 1.0;
    };
    struct Edge {
        record::Sample first;
        record::Sample last;
        std::uint64_t count = 0;
    };

    std::vector<Counter> counters_;
    std::map<std::pair<std::int32_t, std::size_t>, Edge> edges_;  // (phase, counter) -> readings
};

}  // namespace wattbench::core::stats
