#include "app/cli/progress_model.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wattbench::cli {

using core::phases::Stage;
using drivers::api::Quantity;

void ProgressModel::set_catalog(const core::record::Catalog& catalog) {
    std::lock_guard lock(mutex_);
    key_channels_.clear();
    // The figures a reviewer watches: declared key channels, else one of each kind.
    for (std::uint32_t d = 0; d < catalog.devices.size(); ++d) {
        const auto& dev = catalog.devices[d];
        for (std::uint32_t c = 0; c < dev.channels.size(); ++c) {
            const auto& ch = dev.channels[c];
            if (ch.key) {
                key_channels_.emplace_back(d, c);
                labels_.push_back(ch.name);
                units_.push_back(ch.unit == "degC" ? "°C" : ch.unit);
            }
        }
    }
}

void ProgressModel::on_readings(std::span<const core::record::Sample> samples) {
    std::lock_guard lock(mutex_);
    for (const auto& s : samples) {
        const auto key = std::make_pair(s.device, s.channel);
        if (std::find(key_channels_.begin(), key_channels_.end(), key) == key_channels_.end()) {
            continue;
        }
        if (s.status != drivers::api::Status::ok) {
            latest_[key] = std::string(drivers::api::to_string(s.status));
        } else if (!s.text.empty()) {
            latest_[key] = s.text;
        } else {
            latest_[key] = fmt::format("{:.1f}", s.value);
        }
    }
}

void ProgressModel::on_stage(const core::engine::StageChange& change) {
    std::lock_guard lock(mutex_);
    stage_ = change;
}

ProgressModel::View ProgressModel::view(std::chrono::steady_clock::time_point now) const {
    std::lock_guard lock(mutex_);
    View v;
    v.phase_count = profile_.phases.size();
    const auto elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(now - stage_.since);
    std::chrono::nanoseconds left{0};
    // Until stable, the stage lasts at most planned_max; the bar runs towards that.
    v.until_stable = stage_.stage == Stage::warmup && stage_.planned_max.count() > 0;
    const auto planned = v.until_stable ? stage_.planned_max : stage_.planned;
    if (planned.count() > 0) {
        left = std::max(std::chrono::nanoseconds(0), planned - elapsed);
        v.stage_fraction = std::clamp(
            static_cast<double>(elapsed.count()) / static_cast<double>(planned.count()), 0.0, 1.0);
    }
    v.stage_left = left;
    std::chrono::nanoseconds run_left = left;
    v.phase = stage_.phase >= 0 ? stage_.phase_name : std::string("-");
    if (stage_.phase >= 0) {
        const auto i = static_cast<std::size_t>(stage_.phase);
        v.phase_number = i + 1;
        if (stage_.stage == Stage::warmup) {
            run_left += profile_.phases[i].window;
        }
        for (std::size_t j = i + 1; j < profile_.phases.size(); ++j) {
            run_left += profile_.phases[j].warmup + profile_.phases[j].window;
        }
    }
    v.stage = std::string(core::phases::to_string(stage_.stage));
    v.run_left = run_left;
    for (std::size_t k = 0; k < key_channels_.size(); ++k) {
        auto it = latest_.find(key_channels_[k]);
        const std::string value = it == latest_.end() ? "…" : it->second;
        const bool numeric =
            it != latest_.end() && !value.empty() &&
            (std::isdigit(static_cast<unsigned char>(value[0])) || value[0] == '-');
        v.values.push_back(numeric && units_[k] != "state"
                               ? fmt::format("{} {} {}", labels_[k], value, units_[k])
                               : fmt::format("{} {}", labels_[k], value));
    }
    return v;
}

}  // namespace wattbench::cli
