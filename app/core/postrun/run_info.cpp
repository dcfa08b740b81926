#include "app/core/postrun/run_info.hpp"

#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "app/core/record/event_log.hpp"
#include "app/core/record/output_file.hpp"
#include "app/core/rundir/utc_time.hpp"
#include "drivers/transport/sysfs_file.hpp"

namespace wattbench::core::postrun {
namespace {

std::optional<TimePoint> time_field(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_string()) {
        return std::nullopt;
    }
    return rundir::parse_utc_time(j[key].get<std::string>());
}

std::optional<double> number_or_null(const nlohmann::json& j) {
    return j.is_number() ? std::optional(j.get<double>()) : std::nullopt;
}

drivers::api::ChannelSpec channel_from_json(const nlohmann::json& j) {
    drivers::api::ChannelSpec c;
    c.name = j.value("name", "");
    c.unit = j.value("unit", "");
    c.quantity = drivers::api::quantity_from_string(j.value("quantity", "other"))
                     .value_or(drivers::api::Quantity::other);
    if (j.contains("states") && j["states"].is_array()) {
        c.states = j["states"].get<std::vector<std::string>>();
    }
    c.key = j.value("key", false);
    if (j.contains("accuracy") && j["accuracy"].is_object()) {
        const auto& a = j["accuracy"];
        c.accuracy = drivers::api::Accuracy{a.value("of_reading", 0.0), a.value("of_range", 0.0),
                                            a.value("range", 0.0)};
    }
    if (j.contains("display_min")) {
        c.display_min = number_or_null(j["display_min"]);
    }
    if (j.contains("display_max")) {
        c.display_max = number_or_null(j["display_max"]);
    }
    return c;
}

}  // namespace

std::string read_text_file(const std::string& path) {
    auto text = drivers::transport::read_file(path);
    if (const int* err = std::get_if<int>(&text)) {
        throw std::runtime_error(fmt::format("{}: cannot read: {}", path, std::strerror(*err)));
    }
    return std::get<std::string>(std::move(text));
}

nlohmann::json channel_to_json(const drivers::api::ChannelSpec& c) {
    nlohmann::json j{{"name", c.name},
                     {"quantity", std::string(drivers::api::to_string(c.quantity))},
                     {"unit", c.unit},
                     {"states", c.states},
                     {"key", c.key}};
    if (c.accuracy) {
        j["accuracy"] = {{"of_reading", c.accuracy->of_reading},
                         {"of_range", c.accuracy->of_range},
                         {"range", c.accuracy->range}};
    }
    return j;
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
    try {
        info.manifest = nlohmann::json::parse(text);
    } catch (const std::exception& e) {
        return fmt::format("{}: {}", path, e.what());
    }
    const auto& m = info.manifest;
    if (!m.contains("run") || !m.contains("devices") || !m.contains("phases")) {
        return fmt::format("{}: not a wattbench manifest (run, devices or phases missing)", path);
    }
    auto started = time_field(m["run"], "started");
    if (!started) {
        return fmt::format("{}: run.started is missing: the run never started", path);
    }
    info.started = *started;
    info.ended = time_field(m["run"], "ended");
    if (const auto& run = m["run"];
        run.contains("uncertainty_limit") && run["uncertainty_limit"].is_number()) {
        info.uncertainty_limit = run["uncertainty_limit"].get<double>();
    }
    for (const auto& d : m["devices"]) {
        record::DeviceChannels dc;
        dc.device_id = d.value("id", "");
        dc.driver = d.value("driver", "");
        dc.interval = std::chrono::duration_cast<std::chrono::nanoseconds>(
            std::chrono::duration<double>(d.value("interval_s", 0.0)));
        if (d.contains("channels")) {
            for (const auto& c : d["channels"]) {
                dc.channels.push_back(channel_from_json(c));
            }
        }
        info.catalog.devices.push_back(std::move(dc));
    }
    for (const auto& p : m["phases"]) {
        PhaseInfo ph;
        ph.name = p.value("name", "");
        ph.load = p.value("load", "");
        ph.status = p.value("status", "");
        ph.warmup_s = p.value("warmup_s", 0.0);
        ph.window_start = time_field(p, "window_start");
        ph.window_end = time_field(p, "window_end");
        if (p.contains("flags") && p["flags"].is_array()) {
            ph.flags = p["flags"].get<std::vector<std::string>>();
        }
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
