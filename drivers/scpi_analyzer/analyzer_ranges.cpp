#include <algorithm>
#include <cmath>

#include "drivers/scpi_analyzer/analyzer_device.hpp"
#include "drivers/scpi_analyzer/analyzer_timing.hpp"
#include "drivers/scpi_analyzer/text.hpp"

// Ranges asked for, read back, noted in the manifest and stepped by auto-ranging.
namespace wattbench::drivers::scpi_analyzer {
std::optional<api::DeviceError> AnalyzerDevice::set_ranges(Deadline deadline) {
    for (const auto& c : range_commands(model_, ranges_.volts(), ranges_.amps(), range_elements_)) {
        bool refused = false;
        if (auto e = command(c, deadline, true, &refused)) {
            return e;
        }
        if (!refused) {
            continue;
        }
        // A review must not run on another range than the one the profile fixed.
        if (ranges_.volts() || ranges_.amps()) {
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
        ranges_.set_in_use(element_ranges_[0], element_ranges_[1]);
    }
    if (result && !changes.empty()) {
        auto n = common::RangeState::range_change(settings_notice(), changes);
        n.warning = true;
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
    const auto changes = ranges_.note_in_use(v, a);
    if (result && !changes.empty()) {
        result->notices.push_back(common::RangeState::range_change(settings_notice(), changes));
    }
}

api::Notice AnalyzerDevice::settings_notice() const {
    api::Notice n;
    ranges_.add_settings(n, settings_.calibrate);
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
    const auto fix = [&](double max_volts, double max_amps) {
        const auto r = mlperf_ranges(model_, max_volts, max_amps);
        return common::RangeState::Fixed{r.volts, r.amps};
    };
    return ranges_.carry_out(result, fix, [&]() -> std::optional<api::DeviceError> {
        if (auto e = set_ranges(deadline)) {
            return e;
        }
        reader_.reset();
        read_back_ranges(deadline, nullptr);
        result.notices.push_back(settings_notice());
        return std::nullopt;
    });
}

}  // namespace wattbench::drivers::scpi_analyzer
