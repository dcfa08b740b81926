#include "drivers/common/range_state.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace wattbench::drivers::common {
namespace {

api::OptionValue range_value(const RangeState::Range& r) {
    return r ? api::OptionValue(*r) : api::OptionValue(std::string("auto"));
}

}  // namespace

std::string shown(double v, const char* unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g %s", v, unit);
    return buf;
}

RangeState::RangeState(bool calibrate, Range volts, Range amps) {
    if (!calibrate) {
        volts_ = volts;
        amps_ = amps;
    }
}

void RangeState::request(api::RangingStep step) {
    pending_.store(true);
    request_.store(static_cast<int>(step));
}

std::optional<api::DeviceError> RangeState::carry_out(
    api::PollResult& result, const std::function<Fixed(double, double)>& fix,
    const std::function<std::optional<api::DeviceError>()>& apply) {
    const int step = request_.exchange(-1);
    if (step < 0) {
        return std::nullopt;
    }
    if (step == static_cast<int>(api::RangingStep::observe)) {
        volts_.reset();
        amps_.reset();
        observing_ = true;
        seen_ = false;
        max_volts_ = max_amps_ = 0.0;
    } else {
        if (observing_ && seen_) {
            const auto r = fix(max_volts_, max_amps_);
            volts_ = r.volts;
            amps_ = r.amps;
            result.notices.push_back(
                {false,
                 "ranges fixed by the MLPerf rule from the warm-up's maxima (" +
                     shown(max_volts_, "V") + ", " + shown(max_amps_, "A") + "): voltage range " +
                     shown(r.volts, "V") + ", current range " + shown(r.amps, "A"),
                 "",
                 {}});
        } else {
            result.notices.push_back({true,
                                      "no voltage and current readings in the warm-up to "
                                      "range from; the ranges stay on auto",
                                      "",
                                      {}});
        }
        observing_ = false;
    }
    if (auto e = apply()) {
        int none = -1;
        request_.compare_exchange_strong(none, step);
        return e;
    }
    pending_.store(request_.load() >= 0);
    return std::nullopt;
}

void RangeState::observe_volts(double v) {
    max_volts_ = std::max(max_volts_, v);
    seen_ = true;
}

void RangeState::observe_amps(double a) {
    max_amps_ = std::max(max_amps_, a);
}

void RangeState::set_in_use(const std::optional<double>& volts, const std::optional<double>& amps) {
    volts_in_use_ = volts;
    amps_in_use_ = amps;
}

void RangeState::forget_in_use() {
    volts_in_use_.reset();
    amps_in_use_.reset();
}

std::string RangeState::note_in_use(const std::optional<double>& v,
                                    const std::optional<double>& a) {
    std::string changes;
    auto note = [&](const std::optional<double>& before, const std::optional<double>& now,
                    const char* what, const char* unit) {
        if (before && now && *before != *now) {
            changes += std::string(changes.empty() ? "" : ", ") + what + " range " +
                       shown(*before, unit) + " → " + shown(*now, unit);
        }
    };
    note(volts_in_use_, v, "voltage", "V");
    note(amps_in_use_, a, "current", "A");
    volts_in_use_ = v ? v : volts_in_use_;
    amps_in_use_ = a ? a : amps_in_use_;
    return changes;
}

api::Notice RangeState::range_change(api::Notice settings, const std::string& changes) {
    settings.message = "auto-ranging changed the " + changes;
    settings.phase_flag = "range_change";
    return settings;
}

void RangeState::warn_mismatch(const Range& asked, const std::optional<double>& got,
                               const std::string& what, const char* unit,
                               std::vector<api::Notice>& notices) {
    if (asked && got && std::abs(*asked - *got) > 1e-9 * *asked) {
        notices.push_back({true,
                           "the meter reports its " + what + " range as " + shown(*got, unit) +
                               ", not the " + shown(*asked, unit) + " asked for",
                           "",
                           {}});
    }
}

void RangeState::warn_mismatches(std::vector<api::Notice>& notices) const {
    warn_mismatch(volts_, volts_in_use_, "voltage", "V", notices);
    warn_mismatch(amps_, amps_in_use_, "current", "A", notices);
}

void RangeState::add_settings(api::Notice& n, bool calibrate) const {
    n.settings["ranging"] = std::string(calibrate ? "calibrate" : (any_auto() ? "auto" : "fixed"));
    n.settings["voltage_range"] = range_value(volts_);
    n.settings["current_range"] = range_value(amps_);
    if (volts_in_use_) {
        n.settings["voltage_range_in_use"] = *volts_in_use_;
    }
    if (amps_in_use_) {
        n.settings["current_range_in_use"] = *amps_in_use_;
    }
}

}  // namespace wattbench::drivers::common
