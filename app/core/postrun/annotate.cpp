#include "app/core/postrun/annotate.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "app/core/postrun/phase_recompute.hpp"
#include "app/core/postrun/run_info.hpp"
#include "app/core/postrun/samples_file.hpp"
#include "app/core/record/json_file.hpp"
#include "app/core/record/utc_time.hpp"
#include "app/core/rundir/channel_spec.hpp"
#include "app/core/stats/counter_windows.hpp"
#include "drivers/manual/channel_table.hpp"

namespace wattbench::core::postrun {

std::variant<std::vector<stats::ChannelSummary>, std::string> annotate(const Annotation& a) {
    auto info_or = read_run_info(a.run_dir);
    if (auto* e = std::get_if<std::string>(&info_or)) {
        return *e;
    }
    RunInfo run = std::get<RunInfo>(std::move(info_or));
    const auto phase = run.phase_index(a.phase);
    if (!phase) {
        std::string names;
        for (const auto& p : run.phases) {
            names += (names.empty() ? "" : ", ") + p.name;
        }
        return fmt::format("{}: no phase '{}' (phases: {})", a.run_dir, a.phase, names);
    }
    const auto& ph = run.phases[*phase];
    const auto start = a.start_time ? a.start_time : ph.window_start;
    const auto end = a.end_time ? a.end_time : ph.window_end;
    if (!start || !end) {
        return fmt::format(
            "phase '{}' has no complete window in the manifest; give "
            "--start-time and --end-time",
            a.phase);
    }
    if (!(*start < *end)) {
        return fmt::format("the start reading ({}) must come before the end reading ({})",
                           record::format_utc_ms(*start), record::format_utc_ms(*end));
    }
    const bool energy = a.kind == Annotation::Kind::energy_kwh;
    if (energy && a.end < a.start) {
        return fmt::format("the energy counter went backwards ({} kWh to {} kWh)", a.start, a.end);
    }

    record::Catalog catalog = run.catalog;
    auto manifest = run.manifest;
    auto device = run.device_index(a.device);
    if (!device) {
        drivers::manual::Settings s;
        s.reading =
            energy ? drivers::manual::ReadingKind::energy : drivers::manual::ReadingKind::power;
        s.unit = energy ? "kWh" : "W";
        s.accuracy = a.accuracy_percent;
        record::DeviceChannels dc;
        dc.device_id = a.device;
        dc.driver = "manual";
        dc.interval = std::chrono::nanoseconds{0};
        dc.channels = drivers::manual::channel_table(s);
        auto& added = manifest.devices.emplace_back();
        added.id = a.device;
        added.driver = "manual";
        added.connection = "none";
        added.interval_s = 0.0;
        added.state = rundir::DeviceState::annotated;
        added.identity = rundir::Identity{.model = "manual readings"};
        for (const auto& c : dc.channels) {
            added.channels.push_back(rundir::channel_of(c));
        }
        catalog.devices.push_back(std::move(dc));
        device = catalog.devices.size() - 1;
    } else if (catalog.devices[*device].driver != "manual") {
        return fmt::format(
            "device '{}' was recorded by the {} driver; annotate adds readings to "
            "meters read by a person (driver manual) only",
            a.device, catalog.devices[*device].driver);
    } else if (a.accuracy_percent) {
        return fmt::format(
            "device '{}' is already in the run with its stated accuracy; leave "
            "out --accuracy",
            a.device);
    }
    const auto& dc = catalog.devices[*device];
    const std::string wanted = energy ? "energy" : "power";
    const auto ch = std::find_if(dc.channels.begin(), dc.channels.end(),
                                 [&](const auto& c) { return c.name == wanted; });
    if (ch == dc.channels.end()) {
        return fmt::format("device '{}' has no {} channel (it reads {})", a.device, wanted,
                           energy ? "power" : "energy");
    }
    double scale = 1.0;
    if (energy) {
        const auto per_unit = stats::wh_per_unit(ch->unit);
        if (!per_unit) {
            return fmt::format("device '{}': energy unit '{}' is not kWh or Wh", a.device,
                               ch->unit);
        }
        scale = 1000.0 / *per_unit;
    }

    std::vector<record::Sample> samples;
    for (const auto& [t, v] : {std::pair{*start, a.start}, std::pair{*end, a.end}}) {
        record::Sample s;
        s.utc = t;
        s.elapsed_s = std::chrono::duration<double>(t - run.started).count();
        s.device = static_cast<std::uint32_t>(*device);
        s.channel = static_cast<std::uint32_t>(ch - dc.channels.begin());
        s.phase = static_cast<std::int32_t>(*phase);
        s.stage = phases::Stage::window;
        s.value = v * scale;
        samples.push_back(s);
    }
    auto formatted = format_sample_rows(catalog, samples);
    if (auto err = merge_sample_rows(run.dir + "/samples.csv",
                                     {{*start, formatted.at(0)}, {*end, formatted.at(1)}})) {
        return *err;
    }
    try {
        record::write_json_atomically(run.dir + "/manifest.json", nlohmann::json(manifest));
        append_events(run.dir, {{std::chrono::system_clock::now(),
                                 fmt::format("annotate: device '{}', phase '{}': {} {} {} at {} "
                                             "and {} {} at {}, entered afterwards",
                                             a.device, a.phase, wanted, samples[0].value, ch->unit,
                                             record::format_utc_ms(*start), samples[1].value,
                                             ch->unit, record::format_utc_ms(*end))}});
    } catch (const std::exception& e) {
        return e.what();
    }
    auto updated = read_run_info(a.run_dir);
    if (auto* e = std::get_if<std::string>(&updated)) {
        return *e;
    }
    const auto& run2 = std::get<RunInfo>(updated);
    auto rows = recompute_phases(run2, {a.device});
    if (auto* e = std::get_if<std::string>(&rows)) {
        return *e;
    }
    if (auto err = replace_phase_rows(run2, {a.device},
                                      std::get<std::vector<stats::ChannelSummary>>(rows))) {
        return *err;
    }
    return std::get<std::vector<stats::ChannelSummary>>(std::move(rows));
}

}  // namespace wattbench::core::postrun
