#include "app/core/report/run_data.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "app/core/record/utc_time.hpp"
#include "app/core/report/window_states.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"

namespace wattbench::core::report {

namespace {

namespace fs = std::filesystem;

// Returns nothing on failure and says why in `error`.
std::optional<std::string> read_file(const fs::path& path, std::string& error) {
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        error = fmt::format("{}: no such file", path.string());
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = fmt::format("{}: cannot be read", path.string());
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

PhaseRow phase_row_of(const stats::ChannelSummary& s) {
    const auto figure = [](double v) { return std::isnan(v) ? std::nullopt : std::optional(v); };
    PhaseRow row;
    row.phase = s.phase;
    row.load = s.load;
    row.device = s.device;
    row.channel = s.channel;
    row.unit = s.unit;
    row.mean = figure(s.mean);
    row.min = figure(s.min);
    row.max = figure(s.max);
    row.stddev = figure(s.stddev);
    row.samples = s.samples;
    row.coverage = s.coverage;
    row.start = record::format_utc_ms(s.start);
    row.end = record::format_utc_ms(s.end);
    row.uncertainty = s.uncertainty;
    row.flags = s.flags;
    row.l10 = figure(s.l10);
    row.l90 = figure(s.l90);
    row.states.assign(s.states.begin(), s.states.end());
    // Most frequent first; the map's order (by name) breaks ties.
    std::stable_sort(row.states.begin(), row.states.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return row;
}

std::variant<RunData, std::string> load_run(const std::string& run_dir, bool window_states) {
    using Result = std::variant<RunData, std::string>;
    const fs::path dir(run_dir);
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        return Result{std::in_place_index<1>, fmt::format("{}: no such directory", run_dir)};
    }

    // Asked before the manifest is read (see run_liveness).
    const bool locked = samples_locked((dir / "samples.csv").string());
    std::string error;
    const std::string manifest_path = (dir / "manifest.json").string();
    const auto manifest_text = read_file(manifest_path, error);
    if (!manifest_text) {
        return Result{std::in_place_index<1>, error};
    }
    auto manifest = rundir::parse_manifest(*manifest_text, manifest_path);
    if (!manifest) {
        return Result{std::in_place_index<1>, manifest.error().text()};
    }

    const std::string phases_path = (dir / "phases.csv").string();
    const auto phases_text = read_file(phases_path, error);
    if (!phases_text) {
        return Result{std::in_place_index<1>, error};
    }
    auto rows = rundir::parse_phases_csv(*phases_text, phases_path);
    if (auto* error = std::get_if<rundir::PhasesCsvError>(&rows)) {
        return Result{std::in_place_index<1>, error->to_string()};
    }

    RunData run;
    run.info = std::move(*manifest);
    for (const auto& summary : std::get<std::vector<stats::ChannelSummary>>(rows)) {
        run.rows.push_back(phase_row_of(summary));
    }
    run.dir = run_dir;
    run.liveness = run_liveness(locked, run.info);
    if (window_states) {
        count_window_states((dir / "samples.csv").string(), run.rows);
    }
    return run;
}

}  // namespace wattbench::core::report
