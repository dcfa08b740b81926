#include "app/core/stats/counter_windows.hpp"

#include <cmath>

namespace wattbench::core::stats {

std::optional<double> wh_per_unit(const std::string& unit) {
    if (unit == "kWh") {
        return 1000.0;
    }
    if (unit == "Wh") {
        return 1.0;
    }
    return std::nullopt;
}

CounterWindows::CounterWindows(const record::Catalog& catalog) {
    for (std::uint32_t d = 0; d < catalog.devices.size(); ++d) {
        const auto& dev = catalog.devices[d];
        if (dev.interval.count() != 0) {
            continue;
        }
        std::optional<std::uint32_t> energy;
        std::optional<std::uint32_t> power;
        double factor = 1.0;
        for (std::uint32_t c = 0; c < dev.channels.size(); ++c) {
            const auto& spec = dev.channels[c];
            if (spec.quantity == drivers::api::Quantity::energy && !energy) {
                if (auto f = wh_per_unit(spec.unit)) {
                    energy = c;
                    factor = *f;
                }
            } else if (spec.quantity == drivers::api::Quantity::power && !power) {
                power = c;
            }
        }
        if (energy && power) {
            counters_.push_back({d, *energy, *power, factor});
        }
    }
}

void CounterWindows::add(const record::Sample& s) {
    if (s.stage != phases::Stage::window || s.status != drivers::api::Status::ok ||
        !std::isfinite(s.value)) {
        return;
    }
    for (std::size_t i = 0; i < counters_.size(); ++i) {
        if (counters_[i].device != s.device || counters_[i].energy != s.channel) {
            continue;
        }
        auto [it, fresh] = edges_.try_emplace({s.phase, i});
        Edge& e = it->second;
        if (fresh) {
            e.first = s;
        }
        e.last = s;
        ++e.count;
    }
}

void CounterWindows::feed(stats::WindowAccumulator& window, std::int32_t phase) {
    for (std::size_t i = 0; i < counters_.size(); ++i) {
        auto it = edges_.find({phase, i});
        if (it == edges_.end()) {
            continue;
        }
        const Edge& e = it->second;
        const double seconds = std::chrono::duration<double>(e.last.mono - e.first.mono).count();
        const double wh = (e.last.value - e.first.value) * counters_[i].wh_per_unit;
        if (e.count >= 2 && seconds > 0.0 && wh >= 0.0) {
            record::Sample p = e.last;
            p.channel = counters_[i].power;
            p.value = wh * 3600.0 / seconds;
            p.text.clear();
            window.add(p);
        }
        edges_.erase(it);
    }
}

}  // namespace wattbench::core::stats
