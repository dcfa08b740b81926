#include "app/gui/history/run_directory.hpp"

#include <map>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "app/core/report/channel_presentation.hpp"
#include "app/core/rundir/samples_reader.hpp"

namespace wattbench::gui::history {

namespace {

std::optional<drivers::api::Status> status_from(std::string_view s) {
    using drivers::api::Status;
    for (auto st : {Status::ok, Status::overrange, Status::unavailable, Status::error}) {
        if (drivers::api::to_string(st) == s) {
            return st;
        }
    }
    return std::nullopt;
}

}  // namespace

core::record::Catalog catalog_from_manifest(const core::rundir::Manifest& manifest) {
    core::record::Catalog catalog;
    for (const auto& d : manifest.devices) {
        core::record::DeviceChannels dc;
        dc.device_id = d.id;
        dc.driver = d.driver;
        if (d.interval_s) {
            dc.interval = std::chrono::duration_cast<std::chrono::nanoseconds>(
                std::chrono::duration<double>(*d.interval_s));
        }
        for (const auto& c : d.channels) {
            drivers::api::ChannelSpec spec;
            spec.name = c.name;
            spec.unit = c.unit;
            const auto q = drivers::api::quantity_from_string(c.quantity);
            spec.quantity = q ? *q : core::report::quantity_from_unit(spec.unit);
            spec.display_min = c.display_min;
            spec.display_max = c.display_max;
            spec.key = c.key;
            spec.thresholds.lower_non_recoverable = c.thresholds.lnr;
            spec.thresholds.lower_critical = c.thresholds.lc;
            spec.thresholds.lower_non_critical = c.thresholds.lnc;
            spec.thresholds.upper_non_critical = c.thresholds.unc;
            spec.thresholds.upper_critical = c.thresholds.uc;
            spec.thresholds.upper_non_recoverable = c.thresholds.unr;
            spec.states = c.states;
            dc.channels.push_back(std::move(spec));
        }
        catalog.devices.push_back(std::move(dc));
    }
    for (const auto& p : manifest.phases) {
        catalog.phase_names.push_back(p.name);
        catalog.phase_loads.push_back(p.load);
    }
    return catalog;
}

std::optional<std::string> read_samples_csv(const std::string& path, RunHistory& history,
                                            const std::function<void(const LiveSample&)>& each) {
    using core::rundir::ReadError;
    using core::rundir::SampleColumn;
    std::map<std::pair<std::string, std::string>, std::pair<std::uint32_t, std::uint32_t>> index;
    std::map<std::string, std::uint32_t, std::less<>> device_index;
    const auto& cat = history.catalog();
    for (std::uint32_t d = 0; d < cat.devices.size(); ++d) {
        device_index[cat.devices[d].device_id] = d;
        for (std::uint32_t c = 0; c < cat.devices[d].channels.size(); ++c) {
            index[{cat.devices[d].device_id, cat.devices[d].channels[c].name}] = {d, c};
        }
    }
    std::map<std::string, std::int32_t, std::less<>> phase_index;
    for (std::size_t i = 0; i < cat.phase_names.size(); ++i) {
        phase_index[cat.phase_names[i]] = static_cast<std::int32_t>(i);
    }

    std::int32_t last_phase = -1;
    auto last_stage = core::phases::Stage::between;
    const auto row = [&](const core::rundir::SampleRow& r) -> std::optional<ReadError> {
        const auto ms = r.time_ms();
        if (!ms) {
            return r.error(SampleColumn::time, "not a UTC time");
        }
        LiveSample s;
        s.t = static_cast<double>(*ms) / 1000.0;
        auto key = std::make_pair(std::string(r[SampleColumn::device]),
                                  std::string(r[SampleColumn::channel]));
        auto it = index.find(key);
        if (it == index.end()) {
            auto dev = device_index.find(key.first);
            std::uint32_t d = 0;
            if (dev == device_index.end()) {
                // A device the manifest lacks: the history is reset with it added, which is
                // only safe before any reading was stored.
                if (!history.empty()) {
                    return ReadError{path, "line " + std::to_string(r.line()),
                                     fmt::format("device '{}' is not in the manifest", key.first)};
                }
                core::record::Catalog grown = history.catalog();
                core::record::DeviceChannels dc;
                dc.device_id = key.first;
                grown.devices.push_back(dc);
                history.reset(grown);
                d = static_cast<std::uint32_t>(grown.devices.size() - 1);
                device_index[key.first] = d;
            } else {
                d = dev->second;
            }
            drivers::api::ChannelSpec spec;
            spec.name = key.second;
            spec.unit = std::string(r[SampleColumn::unit]);
            spec.quantity = core::report::quantity_from_unit(spec.unit);
            const auto c = history.add_channel(d, spec);
            it = index.emplace(std::move(key), std::make_pair(d, c)).first;
        }
        s.device = it->second.first;
        s.channel = it->second.second;
        const auto status = status_from(r[SampleColumn::status]);
        if (!status) {
            return r.error(SampleColumn::status, "unknown status");
        }
        s.status = *status;
        if (s.status == drivers::api::Status::ok) {
            if (const auto v = r.number(SampleColumn::value)) {
                s.value = *v;
            } else {
                // Discrete channels write their state as the value.
                s.text = std::string(r[SampleColumn::value]);
                s.value = 0.0;
            }
        }
        const auto phase = r[SampleColumn::phase];
        if (!phase.empty()) {
            auto pi = phase_index.find(phase);
            if (pi == phase_index.end()) {
                pi = phase_index
                         .emplace(std::string(phase), static_cast<std::int32_t>(phase_index.size()))
                         .first;
            }
            s.phase = pi->second;
        }
        s.stage = core::phases::stage_from_string(r[SampleColumn::stage])
                      .value_or(core::phases::Stage::between);
        if (s.phase != last_phase || s.stage != last_stage) {
            history.on_stage(s.phase, std::string(phase), s.stage, s.t);
            last_phase = s.phase;
            last_stage = s.stage;
        }
        if (s.text.empty() || s.status != drivers::api::Status::ok) {
            history.add(s);
        }
        if (each) {
            each(s);
        }
        return std::nullopt;
    };
    const auto read = core::rundir::read_samples(path, row);
    if (!read) {
        return read.error().text();
    }
    if (read->missing) {
        return fmt::format("{}: cannot open", path);
    }
    if (!history.bands().empty() && history.bands().back().open()) {
        history.on_stage(-1, {}, core::phases::Stage::between, history.last_t());
    }
    return std::nullopt;
}

}  // namespace wattbench::gui::history
