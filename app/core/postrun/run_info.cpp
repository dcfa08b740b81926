#include "app/core/postrun/run_info.hpp"

#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "app/core/record/event_log.hpp"
#include "app/core/record/output_file.hpp"
#include "app/core/rundir/channel_spec.hpp"
#include "app/core/rundir/utc_time.hpp"
#include "drivers/transport/sysfs_file.hpp"

namespace wattbench::core::postrun {
namespace {

std::optional<TimePoint> time_of(const std::optional<std::string>& text) {
    return text ? rundir::parse_utc_time(*text) : std::nullopt;
}

}  // namespace

std::string read_text_file(const std::string& path) {
    auto text = drivers::transport::read_file(path);
    if (const int* err = std::get_if<int>(&text)) {
        throw std::runtime_error(fmt::format("{}: cannot read: {}", path, std::strerror(*err)));
    }
    return std::get<std::string>(std::move(text));
}

std::variant<RunInfo, std::string> read_run_info(const std::string& dir) {
    const std::string path = dir + "/manifest.json";
    RunInfo info;
    info.dir = dir;
    std::string text;
    try {
        text = read_text_file(path);
    } catch (const std::exception& e) {
        return e.what();  // names the file already
    }
    auto manifest = rundir::parse_manifest(text, path);
    if (!manifest) {
        return manifest.error().text();
    }
    info.manifest = std::move(*manifest);
    const auto& m = info.manifest;
    const auto started = time_of(m.run.started);
    if (!started) {
        return fmt::format("{}: run.started is missing: the run never started", path);
    }
    info.started = *started;
    info.ended = time_of(m.run.ended);
    info.uncertainty_limit = m.run.uncertainty_limit.value_or(info.uncertainty_limit);
    for (const auto& d : m.devices) {
        record::DeviceChannels dc;
        dc.device_id = d.id;
        dc.driver = d.driver;
        dc.interval = std::chrono::duration_cast<std::chrono::nanoseconds>(
            std::chrono::duration<double>(d.interval_s.value_or(0.0)));
        for (const auto& c : d.channels) {
            dc.channels.push_back(rundir::spec_of(c));
        }
        info.catalog.devices.push_back(std::move(dc));
    }
    for (const auto& p : m.phases) {
        PhaseInfo ph;
        ph.name = p.name;
        ph.load = p.load;
        ph.status = p.status ? std::string(phases::to_string(*p.status)) : std::string();
        ph.warmup_s = p.warmup_s.value_or(0.0);
        ph.window_start = time_of(p.window_start);
        ph.window_end = time_of(p.window_end);
        ph.flags = p.flags.value_or(std::vector<std::string>{});
        info.catalog.phase_names.push_back(ph.name);
        info.catalog.phase_loads.push_back(ph.load);
        info.phases.push_back(std::move(ph));
    }
    return info;
}

std::optional<std::size_t> RunInfo::device_index(const std::string& id) const {
    for (std::size_t i = 0; i < catalog.devices.size(); ++i) {
        if (catalog.devices[i].device_id == id) {
            return i;
        }
    }
    return std::nullopt;
}

std::optional<std::size_t> RunInfo::phase_index(const std::string& name) const {
    for (std::size_t i = 0; i < phases.size(); ++i) {
        if (phases[i].name == name) {
            return i;
        }
    }
    return std::nullopt;
}

std::pair<std::int32_t, std::string> RunInfo::stage_at(TimePoint t) const {
    std::int32_t last_closed = -1;
    std::optional<TimePoint> previous_end;
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const auto& p = phases[i];
        if (!p.window_start) {
            continue;
        }
        const auto idx = static_cast<std::int32_t>(i);
        const TimePoint end = p.window_end ? *p.window_end : ended.value_or(TimePoint::max());
        if (t >= *p.window_start && t < end) {
            return {idx, "window"};
        }
        auto warm_start = *p.window_start - std::chrono::duration_cast<TimePoint::duration>(
                                                std::chrono::duration<double>(p.warmup_s));
        if (previous_end && warm_start < *previous_end) {
            warm_start = *previous_end;
        }
        if (t >= warm_start && t < *p.window_start) {
            return {idx, "warmup"};
        }
        if (t >= end) {
            last_closed = idx;
        }
        previous_end = end;
    }
    return {last_closed, "between"};
}

void append_events(const std::string& dir,
                   const std::vector<std::pair<TimePoint, std::string>>& lines) {
    record::OutputFile f(dir + "/events.log", record::OutputFile::Mode::append);
    std::string text;
    for (const auto& [t, message] : lines) {
        text += record::EventLog::format_line(t, record::EventLog::Level::info, message);
    }
    f.write_all(text);
    f.close();
}

}  // namespace wattbench::core::postrun
