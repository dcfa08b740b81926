#include "app/metrics/latest_readings.hpp"

#include <cmath>

namespace wattbench::metrics {

LatestReadings::LatestReadings(std::string run_name, bool phased) {
    state_.run = std::move(run_name);
    state_.phased = phased;
}

void LatestReadings::adopt(const core::record::Catalog& catalog) {
    state_.catalog = std::make_shared<const core::record::Catalog>(catalog);
    state_.latest.resize(catalog.devices.size());
    for (std::size_t d = 0; d < catalog.devices.size(); ++d) {
        state_.latest[d].resize(catalog.devices[d].channels.size());
    }
    state_.devices.resize(catalog.devices.size());
}

void LatestReadings::on_started(const core::record::Catalog& catalog) {
    std::lock_guard lock(mutex_);
    // A new run: nothing of the one before (the GUI's) carries over.
    Snapshot fresh;
    fresh.run = std::move(state_.run);
    fresh.phased = state_.phased;
    state_ = std::move(fresh);
    adopt(catalog);
}

void LatestReadings::set_run_name(std::string name) {
    std::lock_guard lock(mutex_);
    state_.run = std::move(name);
}

void LatestReadings::on_catalog_changed(const core::record::Catalog& catalog) {
    std::lock_guard lock(mutex_);
    adopt(catalog);
}

void LatestReadings::on_readings(std::span<const core::record::Sample> samples) {
    std::lock_guard lock(mutex_);
    for (const auto& s : samples) {
        if (s.device >= state_.latest.size() || s.channel >= state_.latest[s.device].size()) {
            continue;
        }
        auto& l = state_.latest[s.device][s.channel];
        l.seen = true;
        l.status = s.status;
        l.value = s.value;
        l.text = s.text;
        l.phase = s.phase;
        l.stage = s.stage;
        const auto status = static_cast<std::size_t>(s.status);
        auto& counts = state_.devices[s.device].readings;
        if (status < counts.size()) {
            ++counts[status];
        }
    }
}

void LatestReadings::on_stage(const core::engine::StageChange& change) {
    if (change.phase < 0) {
        return;  // between the phases the run was last in the one before
    }
    std::lock_guard lock(mutex_);
    state_.phase = change.phase;
}

void LatestReadings::on_device_state(const core::engine::DeviceStateChange& change) {
    std::lock_guard lock(mutex_);
    if (change.device < state_.devices.size()) {
        state_.devices[change.device].up = change.state == core::sampling::DeviceState::ok;
    }
}

void LatestReadings::on_phase_finished(const core::engine::PhaseFinished& result) {
    std::lock_guard lock(mutex_);
    if (!state_.catalog) {
        return;
    }
    const auto& cat = *state_.catalog;
    for (const auto& s : result.summaries) {
        if (std::isnan(s.mean) || s.samples == 0) {
            continue;
        }
        for (std::uint32_t d = 0; d < cat.devices.size(); ++d) {
            if (cat.devices[d].device_id != s.device) {
                continue;
            }
            const auto& channels = cat.devices[d].channels;
            for (std::uint32_t c = 0; c < channels.size(); ++c) {
                if (channels[c].name == s.channel) {
                    state_.window_means.push_back({d, c, s.phase, s.mean});
                }
            }
        }
    }
}

Snapshot LatestReadings::snapshot() const {
    std::lock_guard lock(mutex_);
    return state_;
}

}  // namespace wattbench::metrics
