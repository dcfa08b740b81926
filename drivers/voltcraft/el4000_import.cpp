#include "drivers/voltcraft/el4000_import.hpp"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>

#include <fmt/format.h>

#include "app/core/postrun/phase_recompute.hpp"
#include "app/core/postrun/run_info.hpp"
#include "app/core/postrun/samples_file.hpp"
#include "app/core/record/json_file.hpp"
#include "app/core/record/utc_time.hpp"
#include "app/core/rundir/channel_spec.hpp"
#include "drivers/voltcraft/codec.hpp"

namespace wattbench::drivers::voltcraft {
namespace {

namespace fs = std::filesystem;
namespace vc = drivers::voltcraft;
namespace record = core::record;
namespace stats = core::stats;
namespace phases = core::phases;
using core::postrun::append_events;
using core::postrun::format_sample_rows;
using core::postrun::merge_sample_rows;
using core::postrun::read_run_info;
using core::postrun::recompute_phases;
using core::postrun::replace_phase_rows;
using core::postrun::RunInfo;
using core::postrun::TimePoint;

constexpr auto kLoggerInterval = std::chrono::minutes(1);

std::vector<std::uint8_t> read_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

TimePoint local_to_utc(const vc::LoggerTime& t) {
    std::tm tm{};
    tm.tm_year = t.year - 1900;
    tm.tm_mon = t.month - 1;
    tm.tm_mday = t.day;
    tm.tm_hour = t.hour;
    tm.tm_min = t.minute;
    tm.tm_isdst = -1;
    return std::chrono::system_clock::from_time_t(std::mktime(&tm));
}

std::string logger_time_text(const vc::LoggerTime& t) {
    return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}", t.year, t.month, t.day, t.hour, t.minute);
}

std::vector<drivers::api::ChannelSpec> channels(const std::optional<double>& accuracy) {
    using drivers::api::Quantity;
    auto make = [](std::string name, Quantity q, std::string unit) {
        drivers::api::ChannelSpec c;
        c.name = std::move(name);
        c.quantity = q;
        c.unit = std::move(unit);
        return c;
    };
    std::vector<drivers::api::ChannelSpec> v{
        make("power", Quantity::power, "W"), make("voltage", Quantity::voltage, "V"),
        make("current", Quantity::current, "A"), make("power_factor", Quantity::power_factor, "1")};
    v[0].key = true;
    if (accuracy) {
        v[0].accuracy = drivers::api::Accuracy{*accuracy / 100.0, 0.0, 0.0};
    }
    return v;
}

std::string duration_text(std::chrono::nanoseconds d) {
    return fmt::format("{:+.3f} s", std::chrono::duration<double>(d).count());
}

}  // namespace

std::variant<El4000ImportResult, std::string> import_el4000(const El4000Import& o) {
    auto info_or = read_run_info(o.run_dir);
    if (auto* e = std::get_if<std::string>(&info_or)) {
        return *e;
    }
    RunInfo run = std::get<RunInfo>(std::move(info_or));
    if (run.device_index(o.device_id)) {
        return fmt::format("{}: the run already has a device '{}' (choose another with --device)",
                           o.run_dir, o.device_id);
    }
    std::error_code ec;
    if (!fs::is_directory(o.sd_folder, ec)) {
        return fmt::format("{}: not a folder", o.sd_folder);
    }
    std::vector<fs::path> data_files;
    std::optional<fs::path> info_file;
    static const std::regex data_name("^[A-J][0-9A-F]*\\.BIN$");
    for (const auto& entry : fs::directory_iterator(o.sd_folder, ec)) {
        if (!entry.is_regular_file()) {
            continue;
        }
        const std::string name = upper(entry.path().filename().string());
        if (std::regex_match(name, data_name)) {
            data_files.push_back(entry.path());
        } else if (name == "INFO" || name == "INFO.BIN") {
            info_file = entry.path();
        }
    }
    std::sort(data_files.begin(), data_files.end());
    if (data_files.empty()) {
        return fmt::format("{}: no logger data files ([A-J]<hex>.BIN)", o.sd_folder);
    }

    nlohmann::json info_json = nullptr;
    if (info_file) {
        const auto bytes = read_bytes(*info_file);
        auto decoded = vc::decode_info_file(bytes);
        if (auto* e = std::get_if<std::string>(&decoded)) {
            return fmt::format("{}: {}", info_file->string(), *e);
        }
        const auto& i = std::get<vc::InfoFile>(decoded);
        info_json = {{"file", info_file->filename().string()},
                     {"total_kwh", i.total_kwh},
                     {"total_recorded_h", i.total_recorded_h},
                     {"total_on_h", i.total_on_h},
                     {"unit_id", i.unit_id},
                     {"init_time", logger_time_text(i.init_time)}};
    }

    const TimePoint run_end = run.ended.value_or(std::chrono::system_clock::now());
    El4000ImportResult result;
    struct Kept {
        TimePoint t;
        vc::MinuteRecord r;
    };
    std::vector<Kept> kept;
    for (const auto& file : data_files) {
        const auto bytes = read_bytes(file);
        auto decoded = vc::decode_data_file(bytes);
        if (auto* e = std::get_if<std::string>(&decoded)) {
            return fmt::format("{}: {}; nothing was imported", file.string(), *e);
        }
        const auto& records = std::get<std::vector<vc::MinuteRecord>>(decoded);
        std::size_t inside = 0;
        std::vector<Kept> mine;
        for (const auto& r : records) {
            const TimePoint t =
                local_to_utc(r.time) + std::chrono::duration_cast<TimePoint::duration>(o.offset);
            if (t < run.started || t > run_end) {
                continue;
            }
            ++inside;
            mine.push_back({t, r});
        }
        if (inside == 0) {
            result.skipped.push_back(
                records.empty()
                    ? fmt::format("{}: no records", file.string())
                    : fmt::format(
                          "{}: its {} record(s), logger time {} to {} ({} offset), lie "
                          "outside the run ({} to {})",
                          file.string(), records.size(), logger_time_text(records.front().time),
                          logger_time_text(records.back().time), duration_text(o.offset),
                          record::format_utc_ms(run.started), record::format_utc_ms(run_end)));
            continue;
        }
        result.outside += records.size() - inside;
        result.files.push_back(file.filename().string());
        kept.insert(kept.end(), mine.begin(), mine.end());
    }
    if (kept.empty()) {
        std::string why;
        for (const auto& s : result.skipped) {
            why += "\n  " + s;
        }
        return fmt::format(
            "no logger record falls inside the run; check --offset and the "
            "computer's time zone (TZ) against the logger's clock:{}",
            why);
    }
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Kept& a, const Kept& b) { return a.t < b.t; });

    record::DeviceChannels dc;
    dc.device_id = o.device_id;
    dc.driver = "voltcraft-el4000";
    dc.interval = kLoggerInterval;
    dc.channels = channels(o.accuracy_percent);
    record::Catalog catalog = run.catalog;
    catalog.devices.push_back(dc);
    const auto device = static_cast<std::uint32_t>(catalog.devices.size() - 1);

    std::vector<record::Sample> samples;
    std::vector<TimePoint> times;
    for (const auto& k : kept) {
        const auto [phase, stage] = run.stage_at(k.t);
        const double values[] = {k.r.watts(), k.r.volts, k.r.amps, k.r.power_factor};
        for (std::uint32_t c = 0; c < 4; ++c) {
            record::Sample s;
            s.utc = k.t;
            s.elapsed_s = std::chrono::duration<double>(k.t - run.started).count();
            s.device = device;
            s.channel = c;
            s.phase = phase;
            s.stage = phases::stage_from_string(stage).value_or(phases::Stage::between);
            s.value = values[c];
            samples.push_back(s);
            times.push_back(k.t);
        }
    }
    std::vector<std::pair<TimePoint, std::string>> rows;
    auto formatted = format_sample_rows(catalog, samples);
    for (std::size_t i = 0; i < formatted.size(); ++i) {
        rows.emplace_back(times[i], std::move(formatted[i]));
    }
    if (auto err = merge_sample_rows(run.dir + "/samples.csv", rows)) {
        return *err;
    }
    result.readings = kept.size();

    nlohmann::json files = nlohmann::json::array();
    for (const auto& f : result.files) {
        files.push_back(f);
    }
    auto manifest = run.manifest;
    auto& added = manifest.devices.emplace_back();
    added.id = o.device_id;
    added.driver = "voltcraft-el4000";
    added.connection = "file://" + fs::absolute(o.sd_folder).lexically_normal().string();
    added.interval_s = 60.0;
    added.state = core::rundir::DeviceState::imported;
    added.identity = core::rundir::Identity{
        .vendor = "Voltcraft",
        .model = "Energy Logger 3500/4000",
        .serial = info_json.is_null() ? "" : std::to_string(info_json["unit_id"].get<int>())};
    for (const auto& c : dc.channels) {
        added.channels.push_back(core::rundir::channel_of(c));
    }
    added.extra["import"] = {{"imported", record::format_utc_ms(std::chrono::system_clock::now())},
                             {"source", fs::absolute(o.sd_folder).lexically_normal().string()},
                             {"files", files},
                             {"info", info_json},
                             {"offset_s", std::chrono::duration<double>(o.offset).count()},
                             {"readings", result.readings},
                             {"outside_run", result.outside}};
    try {
        record::write_json_atomically(run.dir + "/manifest.json", nlohmann::json(manifest));
        std::string names;
        for (const auto& f : result.files) {
            names += (names.empty() ? "" : ", ") + f;
        }
        append_events(
            run.dir,
            {{std::chrono::system_clock::now(),
              fmt::format("import el4000: {} minute reading(s) of device '{}' merged "
                          "from {} ({}), logger clock offset {}; {} record(s) outside "
                          "the run left out, {} file(s) skipped",
                          result.readings, o.device_id, o.sd_folder, names, duration_text(o.offset),
                          result.outside, result.skipped.size())}});
    } catch (const std::exception& e) {
        return e.what();
    }

    auto updated = read_run_info(o.run_dir);
    if (auto* e = std::get_if<std::string>(&updated)) {
        return *e;
    }
    const auto& run2 = std::get<RunInfo>(updated);
    auto recomputed = recompute_phases(run2, {o.device_id});
    if (auto* e = std::get_if<std::string>(&recomputed)) {
        return *e;
    }
    result.rows = std::get<std::vector<stats::ChannelSummary>>(std::move(recomputed));
    if (auto err = replace_phase_rows(run2, {o.device_id}, result.rows)) {
        return *err;
    }
    return result;
}

}  // namespace wattbench::drivers::voltcraft
