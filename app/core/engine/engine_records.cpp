// What the samplers and the recorder report back to the engine: device states, notices and
// events, each recorded batch, and the statistics of each closed window.

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "app/core/engine/engine.hpp"

namespace wattbench::core::engine {

using phases::Stage;
using sampling::EventLevel;

namespace {

EventLevel threshold_event_level(record::ThresholdWatcher::Severity s) {
    switch (s) {
        case record::ThresholdWatcher::Severity::normal:
            return EventLevel::info;
        case record::ThresholdWatcher::Severity::warning:
            return EventLevel::warn;
        case record::ThresholdWatcher::Severity::critical:
            return EventLevel::error;
    }
    return EventLevel::info;
}

}  // namespace

void Engine::on_device_state(std::uint32_t device, sampling::DeviceState state,
                             const std::string& detail) {
    {
        std::lock_guard lock(state_mutex_);
        slots_[device].state = state;
        if (!detail.empty()) {
            slots_[device].error = detail;
        }
    }
    DeviceStateChange c{device, catalog_.devices[device].device_id, state, detail};
    for (auto* o : observers_) {
        o->on_device_state(c);
    }
}

void Engine::on_device_event(std::uint32_t /*device*/, EventLevel level,
                             const std::string& message) {
    log(level, message);
}

void Engine::on_device_notice(std::uint32_t device, const sampling::StageTag& tag,
                              const drivers::api::Notice& notice) {
    const bool in_window = tag.stage == Stage::window && tag.phase >= 0 &&
                           static_cast<std::size_t>(tag.phase) < phase_records_.size();
    const bool flags_phase = in_window && !notice.phase_flag.empty();
    if (!notice.message.empty()) {
        const auto& id = catalog_.devices[device].device_id;
        log(notice.warning || flags_phase ? EventLevel::warn : EventLevel::info,
            flags_phase ? fmt::format("device '{}': {} inside the window of phase '{}', flagged {}",
                                      id, notice.message,
                                      profile_.phases[static_cast<std::size_t>(tag.phase)].name,
                                      notice.phase_flag)
                        : fmt::format("device '{}': {}", id, notice.message));
    }
    std::lock_guard lock(state_mutex_);
    if (flags_phase) {
        auto& flags = phase_records_[static_cast<std::size_t>(tag.phase)].flags;
        if (std::find(flags.begin(), flags.end(), notice.phase_flag) == flags.end()) {
            flags.push_back(notice.phase_flag);
        }
    }
    if (!notice.settings.empty()) {
        slots_[device].settings = notice.settings;
    }
}

void Engine::check_achieved_load(std::size_t i, std::vector<stats::ChannelSummary>& rows) {
    if (!cpu_targets_[i] || cpu_util_device_.empty()) {
        return;
    }
    const auto& target = *cpu_targets_[i];
    const auto a = load::achieved_cpu_load(rows, cpu_util_device_, target);
    {
        std::lock_guard lock(state_mutex_);
        phase_records_[i].achieved_cpu_util = a.used_cpus;
        phase_records_[i].achieved_total_cpu_util = a.total;
        if (a.short_of_target) {
            phase_records_[i].flags.emplace_back("load_short");
        }
    }
    if (!a.short_of_target) {
        return;
    }
    for (auto& r : rows) {
        r.flags = r.flags.empty() ? "load_short" : r.flags + ";load_short";
    }
    log(EventLevel::warn,
        fmt::format("phase '{}': achieved CPU load {:.1f} % on the used CPUs is more than {} "
                    "points below the target {:.1f} %; its figures are flagged load_short",
                    profile_.phases[i].name, *a.used_cpus, load::shortfall_points, target.percent));
}

// Flags devices raised during the window (range_change) join the phase's rows.
void Engine::add_phase_flags(std::size_t phase, std::vector<stats::ChannelSummary>& rows) {
    std::vector<std::string> flags;
    {
        std::lock_guard lock(state_mutex_);
        flags = phase_records_[phase].flags;
    }
    for (auto& r : rows) {
        for (const auto& f : flags) {
            if ((";" + r.flags + ";").find(";" + f + ";") == std::string::npos) {
                r.flags = r.flags.empty() ? f : r.flags + ";" + f;
            }
        }
    }
}

void Engine::warn_uncertainty(const std::vector<stats::ChannelSummary>& rows) {
    for (const auto& r : rows) {
        if ((";" + r.flags + ";").find(";uncertainty_high;") == std::string::npos) {
            continue;
        }
        log(EventLevel::warn,
            std::isfinite(r.uncertainty)
                ? fmt::format("phase '{}': {}/{} mean {:.4g} {} has an uncertainty of {:.2f} %, "
                              "above the limit of {:g} %; flagged uncertainty_high",
                              r.phase, r.device, r.channel, r.mean, r.unit, r.uncertainty * 100,
                              profile_.run.uncertainty_limit * 100)
                : fmt::format("phase '{}': {}/{} has no relative uncertainty (mean {:.4g} {}); "
                              "flagged uncertainty_high",
                              r.phase, r.device, r.channel, r.mean, r.unit));
    }
}

void Engine::on_recorded(std::span<const record::Sample> samples) {
    bool changed = false;
    for (const auto& s : samples) {
        changed = warmup_monitor_.observe(s) || changed;
    }
    if (changed) {
        control_.poke();
    }
    for (auto* o : observers_) {
        o->on_readings(samples);
    }
}

void Engine::on_window_closed(std::int32_t phase, std::vector<stats::ChannelSummary>& rows) {
    const auto i = static_cast<std::size_t>(phase);
    check_achieved_load(i, rows);
    add_phase_flags(i, rows);
    warn_uncertainty(rows);
}

void Engine::on_window_recorded(std::int32_t phase,
                                const std::vector<stats::ChannelSummary>& rows) {
    PhaseFinished f;
    f.phase = phase;
    f.name = profile_.phases[static_cast<std::size_t>(phase)].name;
    f.status = PhaseStatus::done;
    f.summaries = rows;
    set_phase_status(static_cast<std::size_t>(phase), PhaseStatus::done);
    for (auto* o : observers_) {
        o->on_phase_finished(f);
    }
}

void Engine::on_threshold(const record::ThresholdWatcher::Event& event) {
    log(threshold_event_level(event.severity), event.message);
}

void Engine::on_catalog_changed(const record::Catalog& catalog) {
    {
        std::lock_guard lock(state_mutex_);
        for (std::size_t d = 0; d < catalog_.devices.size() && d < catalog.devices.size(); ++d) {
            catalog_.devices[d].channels = catalog.devices[d].channels;
        }
    }
    for (auto* o : observers_) {
        o->on_catalog_changed(catalog);
    }
    write_manifest();
}

void Engine::on_write_failed(const record::IoError& error) {
    fail_run(error.message());
}

}  // namespace wattbench::core::engine
