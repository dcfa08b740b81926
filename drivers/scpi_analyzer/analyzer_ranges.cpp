#include <algorithm>
#include <cmath>

#include "drivers/scpi_analyzer/analyzer_device.hpp"
#include "drivers/scpi_analyzer/analyzer_timing.hpp"
#include "drivers/scpi_analyzer/text.hpp"

// Ranges asked for, read back, noted in the manifest and stepped by auto-ranging.
namespace wattbench::drivers::scpi_analyzer {
namespace {

using Clock = std::chrono::steady_clock;

api::OptionValue range_value(const Range& r) {
    return r ? api::OptionValue(*r) : api::OptionValue(std::string("auto"));
}

}  // namespace

std::optional<api::DeviceError> AnalyzerDevice::set_ranges(Deadline deadline) {
    for (const auto& c : range_commands(model_, volts_, amps_, range_elements_)) {
        bool refused = false;
        if (auto e = command(c, deadline, true, &refused)) {
            return e;
        }
        if (!refused) {
            continue;
        }
        // A review must not run on another range than the one the profile fixed.
        if (volts_ || amps_) {
            return api::DeviceError{api::ErrorKind::config,
                                    transport_->name() + ": the meter refused " + c};
        }
        notices_.push_back({true, "the meter refused " + c, "", {}});
    }
    return std::nullopt;
}

void AnalyzerDevice::read_back_element_ranges(Deadline deadline, api::PollResult* result) {
    std::string changes;
    for (std::size_t k = 0; k < range_elements_.size(); ++k) {
        const auto queries = dialect_.element_range_queries(range_elements_[k]);
        for (std::size_t i = 0; i < 2 && i < queries.size(); ++i) {
            const bool volts = i == 0;
            std::optional<double> now;
            for (auto line = query(queries[i], deadline); line && !now;) {
                now = parse_range_answer(model_, volts, *line);
                if (!now) {
                    auto next = read_line(deadline);
                    line = std::holds_alternative<std::string>(next)
                               ? std::optional<std::string>(std::get<std::string>(next))
                               : std::nullopt;
                }
            }
            auto& before = element_ranges_[2 * k + i];
            const char* unit = volts ? "V" : "A";
            if (before && now && *before != *now) {
                changes += std::string(changes.empty() ? "" : ", ") + "element " +
                           std::to_string(range_elements_[k]) + (volts ? " voltage" : " current") +
                           " range " + quantity_text(*before, unit) + " → " +
                           quantity_text(*now, unit);
            }
            before = now ? now : before;
        }
    }
    if (!range_elements_.empty() && range_elements_.front() == 1) {
        volts_in_use_ = element_ranges_[0];
        amps_in_use_ = element_ranges_[1];
    }
    if (result && !changes.empty()) {
        auto n = settings_notice();
        n.warning = true;
        n.message = "auto-ranging changed the " + changes;
        n.phase_flag = "range_change";
        result->notices.push_back(std::move(n));
    }
}

void AnalyzerDevice::read_back_ranges(Deadline deadline, api::PollResult* result) {
    if (dialect_.element_range_queries) {
        read_back_element_ranges(deadline, result);
        return;
    }
    if (dialect_.range_queries.size() < 2) {
        return;
    }
    auto read = [&](bool volts) -> std::optional<double> {
        auto line = query(dialect_.range_queries[volts ? 0 : 1], deadline);
        while (line) {
            if (auto v = parse_range_answer(model_, volts, *line)) {
                return v;
            }
            auto next = read_line(deadline);
            line = std::holds_alternative<std::string>(next)
                       ? std::optional<std::string>(std::get<std::string>(next))
                       : std::nullopt;
        }
        return std::nullopt;
    };
    const auto v = read(true);
    const auto a = read(false);
    note_ranges(v, a, result);
}

void AnalyzerDevice::note_ranges(const std::optional<double>& v, const std::optional<double>& a,
                                 api::PollResult* result) {
    std::string changes;
    auto note = [&](const std::optional<double>& before, const std::optional<double>& now,
                    const char* what, const char* unit) {
        if (before && now && *before != *now) {
            changes += std::string(changes.empty() ? "" : ", ") + what + " range " +
                       quantity_text(*before, unit) + " → " + quantity_text(*now, unit);
        }
    };
    note(volts_in_use_, v, "voltage", "V");
    note(amps_in_use_, a, "current", "A");
    volts_in_use_ = v ? v : volts_in_use_;
    amps_in_use_ = a ? a : amps_in_use_;
    if (result && !changes.empty()) {
        auto n = settings_notice();
        n.message = "auto-ranging changed the " + changes;
        n.phase_flag = "range_change";
        result->notices.push_back(std::move(n));
    }
}

api::Notice AnalyzerDevice::settings_notice() const {
    api::Notice n;
    n.settings["ranging"] =
        std::string(settings_.calibrate ? "calibrate" : (any_auto() ? "auto" : "fixed"));
    n.settings["voltage_range"] = range_value(volts_);
    n.settings["current_range"] = range_value(amps_);
    if (volts_in_use_) {
        n.settings["voltage_range_in_use"] = *volts_in_use_;
    }
    if (amps_in_use_) {
        n.settings["current_range_in_use"] = *amps_in_use_;
    }
    for (std::size_t k = 0; k < range_elements_.size(); ++k) {
        if (range_elements_[k] == 1) {
            continue;  // element 1's are the unsuffixed keys above
        }
        const std::string el = "_" + std::to_string(range_elements_[k]);
        if (element_ranges_[2 * k]) {
            n.settings["voltage_range_in_use" + el] = *element_ranges_[2 * k];
        }
        if (element_ranges_[2 * k + 1]) {
            n.settings["current_range_in_use" + el] = *element_ranges_[2 * k + 1];
        }
    }
    if (!settings_.elements.empty()) {
        std::string list;
        for (int e : settings_.elements) {
            list += (list.empty() ? "" : ",") + (e == sigma ? "sigma" : std::to_string(e));
        }
        n.settings["elements"] = list;
    }
    if (settings_.update_interval) {
        n.settings["update_interval_s"] = *settings_.update_interval;
    }
    if (model_.channels > 0) {
        n.settings["channel"] = static_cast<std::int64_t>(settings_.channel);
    }
    if (!dialect_.read_modes.empty()) {
        n.settings["read"] =
            dialect_.read_modes[std::min(settings_.read_mode, dialect_.read_modes.size() - 1)].name;
    }
    n.settings["integrate"] = settings_.integrate && !energy_refused_;
    if (const auto gap = command_gap(); gap.count() > 0) {
        n.settings["command_gap_s"] = std::chrono::duration<double>(gap).count();
    }
    if (!integrator_state_.empty()) {
        n.settings["integrator_state"] = integrator_state_;
    }
    if (model_.ptdaemon_device != 0) {
        n.settings["ptdaemon_device"] = static_cast<std::int64_t>(model_.ptdaemon_device);
    }
    return n;
}

std::optional<api::DeviceError> AnalyzerDevice::carry_out_ranging(api::PollResult& result,
                                                                  Deadline deadline) {
    const int step = ranging_request_.exchange(-1);
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
            const auto r = mlperf_ranges(model_, max_volts_, max_amps_);
            volts_ = r.volts;
            amps_ = r.amps;
            result.notices.push_back(
                {false,
                 "ranges fixed by the MLPerf rule from the warm-up's maxima (" +
                     quantity_text(max_volts_, "V") + ", " + quantity_text(max_amps_, "A") +
                     "): voltage range " + quantity_text(r.volts, "V") + ", current range " +
                     quantity_text(r.amps, "A"),
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
    if (auto e = set_ranges(deadline)) {
        // Not carried out: ask again at the next poll, unless a newer request came meanwhile.
        int none = -1;
        ranging_request_.compare_exchange_strong(none, step);
        return e;
    }
    reader_.reset();
    read_back_ranges(deadline, nullptr);
    result.notices.push_back(settings_notice());
    ranging_pending_.store(ranging_request_.load() >= 0);
    return std::nullopt;
}

}  // namespace wattbench::drivers::scpi_analyzer
