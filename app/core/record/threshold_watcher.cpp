#include "app/core/record/threshold_watcher.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "drivers/api/enum_text.hpp"

namespace wattbench::core::record {

namespace {

using drivers::api::Thresholds;
using Severity = ThresholdWatcher::Severity;

constexpr drivers::api::EnumTexts<Severity, 3> kSeverities{{
    {Severity::normal, "normal"},
    {Severity::warning, "warning"},
    {Severity::critical, "critical"},
}};

std::string_view name(Severity s) {
    return drivers::api::text_of(kSeverities, s, "normal");
}

// The limit a value has crossed, most severe first, to name it in the message.
std::string crossed(double v, const Thresholds& t) {
    if (t.upper_non_recoverable && v >= *t.upper_non_recoverable) {
        return fmt::format("UNR {:g}", *t.upper_non_recoverable);
    }
    if (t.lower_non_recoverable && v <= *t.lower_non_recoverable) {
        return fmt::format("LNR {:g}", *t.lower_non_recoverable);
    }
    if (t.upper_critical && v >= *t.upper_critical) {
        return fmt::format("UC {:g}", *t.upper_critical);
    }
    if (t.lower_critical && v <= *t.lower_critical) {
        return fmt::format("LC {:g}", *t.lower_critical);
    }
    if (t.upper_non_critical && v >= *t.upper_non_critical) {
        return fmt::format("UNC {:g}", *t.upper_non_critical);
    }
    if (t.lower_non_critical && v <= *t.lower_non_critical) {
        return fmt::format("LNC {:g}", *t.lower_non_critical);
    }
    return {};
}

}  // namespace

ThresholdWatcher::ThresholdWatcher(const Catalog& catalog) : catalog_(catalog) {
    catalog_grew();
}

void ThresholdWatcher::catalog_grew() {
    states_.resize(catalog_.devices.size());
    for (std::size_t d = 0; d < states_.size(); ++d) {
        states_[d].resize(std::max(states_[d].size(), catalog_.devices[d].channels.size()));
    }
}

ThresholdWatcher::Severity ThresholdWatcher::classify(double v, const Thresholds& t) {
    // BMCs report a reading at a limit as having reached it, so the bounds are inclusive.
    if ((t.upper_non_recoverable && v >= *t.upper_non_recoverable) ||
        (t.lower_non_recoverable && v <= *t.lower_non_recoverable) ||
        (t.upper_critical && v >= *t.upper_critical) ||
        (t.lower_critical && v <= *t.lower_critical)) {
        return Severity::critical;
    }
    if ((t.upper_non_critical && v >= *t.upper_non_critical) ||
        (t.lower_non_critical && v <= *t.lower_non_critical)) {
        return Severity::warning;
    }
    return Severity::normal;
}

std::optional<ThresholdWatcher::Event> ThresholdWatcher::observe(const Sample& s) {
    if (s.status != drivers::api::Status::ok || s.device >= states_.size() ||
        s.channel >= states_[s.device].size()) {
        return std::nullopt;
    }
    const auto& dev = catalog_.devices[s.device];
    const auto& spec = dev.channels[s.channel];
    auto& st = states_[s.device][s.channel];
    const std::string channel = dev.device_id + "/" + spec.name;

    if (spec.discrete()) {
        const bool first = !st.seen;
        st.seen = true;
        if (first || s.text == st.state) {
            st.state = s.text;
            return std::nullopt;
        }
        Event e{Severity::normal,
                fmt::format("{} state changed: {} -> {}", channel, st.state, s.text)};
        st.state = s.text;
        return e;
    }
    if (spec.thresholds.empty()) {
        return std::nullopt;
    }
    const Severity now = classify(s.value, spec.thresholds);
    const bool first = !st.seen;
    st.seen = true;
    if (now == st.severity) {
        return std::nullopt;
    }
    const Severity before = st.severity;
    st.severity = now;
    // A run that starts inside a limit is worth one line; starting normal is not news.
    if (first && now == Severity::normal) {
        return std::nullopt;
    }
    if (now == Severity::normal) {
        return Event{now, fmt::format("{} = {:g} {}: back within thresholds (was {})", channel,
                                      s.value, spec.unit, name(before))};
    }
    return Event{now, fmt::format("{} = {:g} {}: {} (crossed {})", channel, s.value, spec.unit,
                                  name(now), crossed(s.value, spec.thresholds))};
}

}  // namespace wattbench::core::record
