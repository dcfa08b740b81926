#include "app/core/stats/window_accumulator.hpp"

#include "app/core/stats/uncertainty.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

namespace wattbench::core::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

WindowAccumulator::WindowAccumulator(const record::Catalog& catalog, std::int32_t phase,
                                     double uncertainty_limit)
    : phase_(phase), uncertainty_limit_(uncertainty_limit) {
    if (phase >= 0) {
        const auto index = static_cast<std::size_t>(phase);
        if (index < catalog.phase_names.size()) {
            phase_name_ = catalog.phase_names[index];
        }
        if (index < catalog.phase_loads.size()) {
            load_ = catalog.phase_loads[index];
        }
    }
    for (const auto& device : catalog.devices) {
        first_channel_.push_back(channels_.size());
        channel_count_.push_back(device.channels.size());
        for (const auto& spec : device.channels) {
            Channel ch;
            ch.device = device.device_id;
            ch.name = spec.name;
            ch.unit = spec.unit;
            ch.interval = device.interval;
            ch.discrete = spec.discrete();
            ch.power = spec.quantity == drivers::api::Quantity::power;
            ch.accuracy = spec.accuracy;
            ch.sound = !ch.discrete && is_sound_level_unit(spec.unit);
            if (ch.sound) {
                ch.sound_levels.emplace();
            }
            if (ch.discrete) {
                ch.state_names = spec.states;
            }
            channels_.push_back(std::move(ch));
        }
    }
}

void WindowAccumulator::open(std::chrono::system_clock::time_point utc,
                             std::chrono::steady_clock::time_point mono) {
    opened_ = true;
    start_utc_ = utc;
    start_mono_ = mono;
}

void WindowAccumulator::add(const record::Sample& sample) {
    if (sample.phase != phase_ || sample.stage != phases::Stage::window) {
        return;
    }
    if (sample.device >= first_channel_.size() || sample.channel >= channel_count_[sample.device]) {
        return;
    }
    Channel& ch = channels_[first_channel_[sample.device] + sample.channel];
    if (sample.status != drivers::api::Status::ok) {
        ++ch.invalid;
        return;
    }
    add_ok(ch, sample);
}

void WindowAccumulator::add_ok(Channel& ch, const record::Sample& sample) {
    if (ch.discrete) {
        std::string_view state = sample.text;
        if (state.empty() && sample.value >= 0.0 &&
            sample.value < static_cast<double>(ch.state_names.size())) {
            state = ch.state_names[static_cast<std::size_t>(sample.value)];
        }
        auto it = ch.states.find(state);
        if (it == ch.states.end()) {
            ch.states.emplace(std::string(state), 1);
        } else {
            ++it->second;
        }
        ch.stats.add(0.0);  // only its count is reported; keeps `samples` in one place
        return;
    }
    const double v = sample.value;
    if (!std::isfinite(v)) {
        ++ch.invalid;
        return;
    }
    ch.stats.add(v);
    if (ch.sound) {
        ch.sound_levels->add(v);
    }
    if (!ch.power) {
        return;
    }
    if (ch.has_last) {
        const auto dt = sample.mono - ch.last_mono;
        // dt > 2.5 * interval, in integer nanoseconds to stay exact.
        const bool gap = ch.interval.count() > 0 && dt.count() * 2 > ch.interval.count() * 5;
        if (dt.count() > 0 && !gap) {
            const double seconds = std::chrono::duration<double>(dt).count();
            ch.energy_ws += 0.5 * (ch.last_value + v) * seconds;
        }
    }
    ch.has_last = true;
    ch.last_mono = sample.mono;
    ch.last_value = v;
}

std::vector<ChannelSummary> WindowAccumulator::close(
    std::chrono::system_clock::time_point utc, std::chrono::steady_clock::time_point mono) const {
    const auto window = opened_
                            ? std::max(mono - start_mono_, std::chrono::steady_clock::duration{0})
                            : std::chrono::steady_clock::duration{0};
    std::vector<ChannelSummary> out;
    out.reserve(channels_.size());
    for (const Channel& ch : channels_) {
        ChannelSummary s;
        s.phase = phase_name_;
        s.load = load_;
        s.device = ch.device;
        s.channel = ch.name;
        s.unit = ch.unit;
        s.samples = ch.stats.count();
        s.invalid = ch.invalid;
        if (ch.discrete || s.samples == 0) {
            s.mean = s.min = s.max = s.stddev = kNaN;
        } else {
            s.mean = ch.stats.mean();
            s.min = ch.stats.min();
            s.max = ch.stats.max();
            s.stddev = ch.stats.stddev();
            if (ch.sound) {
                s.mean = ch.sound_levels->leq();
                s.l10 = ch.sound_levels->l10();
                s.l90 = ch.sound_levels->l90();
            }
        }
        const std::uint64_t expected =
            ch.interval.count() > 0
                ? static_cast<std::uint64_t>(
                      std::chrono::duration_cast<std::chrono::nanoseconds>(window) / ch.interval)
                : 0;
        const std::uint64_t denominator = std::max(s.samples + s.invalid, expected);
        s.coverage =
            denominator == 0
                ? 0.0
                : std::clamp(static_cast<double>(s.samples) / static_cast<double>(denominator), 0.0,
                             1.0);
        s.energy_wh = ch.energy_ws / 3600.0;
        if (ch.power && ch.accuracy && s.samples > 0) {
            s.uncertainty = relative_uncertainty(*ch.accuracy, s.mean, s.stddev, s.samples);
            if (!(s.uncertainty <= uncertainty_limit_)) {
                s.flags = s.flags.empty() ? "uncertainty_high" : s.flags + ";uncertainty_high";
            }
        }
        s.states.insert(ch.states.begin(), ch.states.end());
        s.start = opened_ ? start_utc_ : utc;
        s.end = utc;
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace wattbench::core::stats
