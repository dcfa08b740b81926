#include "app/core/report/run_data.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include <fmt/format.h>

#include "app/core/record/csv.hpp"
#include "app/core/report/window_states.hpp"
#include "app/core/rundir/csv_reader.hpp"

namespace wattbench::core::report {

namespace {

namespace fs = std::filesystem;

constexpr std::array<std::string_view, 13> kColumns{
    "phase", "load",   "device",  "channel",  "unit",  "mean", "min",
    "max",   "stddev", "samples", "coverage", "start", "end"};

constexpr std::string_view kFlagsColumn = "flags";
constexpr std::string_view kUncertaintyColumn = "uncertainty";
constexpr std::string_view kL10Column = "l10";
constexpr std::string_view kL90Column = "l90";

enum Column : std::size_t {
    kPhase,
    kLoad,
    kDevice,
    kChannel,
    kUnit,
    kMean,
    kMin,
    kMax,
    kStddev,
    kSamples,
    kCoverage,
    kStart,
    kEnd,
};

std::string join(const std::vector<std::string>& fields) {
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        out += record::csv_field(fields[i]);
    }
    return out;
}

std::string expected_header() {
    std::string out;
    for (std::size_t i = 0; i < kColumns.size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        out += kColumns[i];
    }
    return out;
}

struct CsvRecord {
    std::size_t line = 0;  // where the record starts, for errors
    std::vector<std::string> fields;
};

// All records of the text; blank lines are skipped so a stray trailing newline in a
// hand-edited file is not an error. On a syntax error: "LINE: why".
std::variant<std::vector<CsvRecord>, std::string> read_records(std::string_view text) {
    std::vector<CsvRecord> out;
    rundir::CsvReader reader(text);
    std::vector<std::string> fields;
    while (reader.next(fields)) {
        if (fields.size() == 1 && fields[0].empty()) {
            continue;
        }
        out.push_back({reader.line(), std::move(fields)});
    }
    if (reader.error()) {
        return fmt::format("{}: {}", reader.line(), *reader.error());
    }
    return out;
}

// Column errors carry the column name because a row of 13 fields is hard to count by eye.
struct FieldError {
    std::size_t column;
    std::string what;
};

std::variant<std::optional<double>, FieldError> parse_number(const std::vector<std::string>& f,
                                                             std::size_t column, bool required) {
    const std::string& s = f[column];
    if (s.empty()) {
        if (required) {
            return FieldError{column, "empty"};
        }
        return std::optional<double>{};
    }
    double value = 0.0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    // NaN and infinities are rejected: the writer leaves a field empty when it has no number.
    if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(value)) {
        return FieldError{column, fmt::format("not a number '{}'", s)};
    }
    return std::optional<double>{value};
}

std::variant<PhaseRow, FieldError> parse_row(const std::vector<std::string>& f) {
    for (const std::size_t column : {kPhase, kDevice, kChannel}) {
        if (f[column].empty()) {
            return FieldError{column, "empty"};
        }
    }
    PhaseRow row;
    row.phase = f[kPhase];
    row.load = f[kLoad];
    row.device = f[kDevice];
    row.channel = f[kChannel];
    row.unit = f[kUnit];
    row.start = f[kStart];
    row.end = f[kEnd];

    const std::array<std::pair<std::size_t, std::optional<double>*>, 4> stats{{
        {kMean, &row.mean},
        {kMin, &row.min},
        {kMax, &row.max},
        {kStddev, &row.stddev},
    }};
    for (const auto& [column, target] : stats) {
        auto parsed = parse_number(f, column, false);
        if (auto* error = std::get_if<FieldError>(&parsed)) {
            return std::move(*error);
        }
        *target = std::get<std::optional<double>>(parsed);
    }

    const std::string& samples = f[kSamples];
    const auto [end, ec] =
        std::from_chars(samples.data(), samples.data() + samples.size(), row.samples);
    if (samples.empty() || ec != std::errc{} || end != samples.data() + samples.size()) {
        return FieldError{kSamples, fmt::format("not a whole number '{}'", samples)};
    }

    auto coverage = parse_number(f, kCoverage, true);
    if (auto* error = std::get_if<FieldError>(&coverage)) {
        return std::move(*error);
    }
    row.coverage = *std::get<std::optional<double>>(coverage);
    if (row.coverage < 0.0 || row.coverage > 1.0) {
        return FieldError{kCoverage, fmt::format("'{}' is outside 0..1", f[kCoverage])};
    }
    return row;
}

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

std::variant<std::vector<PhaseRow>, std::string> parse_phases_csv(std::string_view text,
                                                                  const std::string& path) {
    using Result = std::variant<std::vector<PhaseRow>, std::string>;
    auto split = read_records(text);
    if (const auto* error = std::get_if<std::string>(&split)) {
        return Result{std::in_place_index<1>, fmt::format("{}:{}", path, *error)};
    }
    const auto& records = std::get<std::vector<CsvRecord>>(split);
    if (records.empty()) {
        return Result{
            std::in_place_index<1>,
            fmt::format("{}: empty file, expected the header '{}'", path, expected_header())};
    }
    const auto& header = records.front();
    // Files written before the `flags`, `uncertainty` and `l10,l90` columns existed stay
    // readable; the optional columns follow the fixed ones in this order.
    const bool has_flags =
        header.fields.size() > kColumns.size() && header.fields[kColumns.size()] == kFlagsColumn;
    const std::size_t uncertainty_at = kColumns.size() + (has_flags ? 1 : 0);
    const bool has_uncertainty = header.fields.size() > uncertainty_at &&
                                 header.fields[uncertainty_at] == kUncertaintyColumn;
    const std::size_t levels_at = uncertainty_at + (has_uncertainty ? 1 : 0);
    const bool has_levels = header.fields.size() > levels_at + 1 &&
                            header.fields[levels_at] == kL10Column &&
                            header.fields[levels_at + 1] == kL90Column;
    const std::size_t width = levels_at + (has_levels ? 2 : 0);
    if (!std::equal(header.fields.begin(),
                    header.fields.begin() + std::min(header.fields.size(), kColumns.size()),
                    kColumns.begin(),
                    kColumns.begin() + std::min(header.fields.size(), kColumns.size())) ||
        header.fields.size() != width) {
        return Result{std::in_place_index<1>,
                      fmt::format("{}:{}: header must be '{}', found '{}'", path, header.line,
                                  expected_header(), join(header.fields))};
    }

    std::vector<PhaseRow> rows;
    std::map<std::tuple<std::string, std::string, std::string>, std::size_t> first_line;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& record = records[r];
        if (record.fields.size() != width) {
            return Result{std::in_place_index<1>,
                          fmt::format("{}:{}: expected {} columns, found {}", path, record.line,
                                      width, record.fields.size())};
        }
        auto parsed = parse_row(record.fields);
        if (const auto* error = std::get_if<FieldError>(&parsed)) {
            return Result{std::in_place_index<1>,
                          fmt::format("{}:{}: column '{}': {}", path, record.line,
                                      kColumns[error->column], error->what)};
        }
        auto& row = std::get<PhaseRow>(parsed);
        if (has_flags) {
            row.flags = record.fields[kColumns.size()];
        }
        if (has_uncertainty && !record.fields[uncertainty_at].empty()) {
            const std::string& text = record.fields[uncertainty_at];
            const auto [end, ec] =
                std::from_chars(text.data(), text.data() + text.size(), row.uncertainty);
            if (ec != std::errc() || end != text.data() + text.size()) {
                return Result{std::in_place_index<1>,
                              fmt::format("{}:{}: column 'uncertainty': not a number: '{}'", path,
                                          record.line, text)};
            }
        }
        if (has_levels) {
            for (const auto& [at, name, target] :
                 {std::tuple{levels_at, kL10Column, &row.l10},
                  std::tuple{levels_at + 1, kL90Column, &row.l90}}) {
                const std::string& text = record.fields[at];
                if (text.empty()) {
                    continue;
                }
                double v = 0.0;
                const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
                if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) {
                    return Result{std::in_place_index<1>,
                                  fmt::format("{}:{}: column '{}': not a number: '{}'", path,
                                              record.line, name, text)};
                }
                *target = v;
            }
        }
        const auto [it, inserted] =
            first_line.try_emplace({row.phase, row.device, row.channel}, record.line);
        if (!inserted) {
            return Result{
                std::in_place_index<1>,
                fmt::format("{}:{}: second row for phase '{}' channel '{}/{}' (first "
                            "on line {})",
                            path, record.line, row.phase, row.device, row.channel, it->second)};
        }
        rows.push_back(std::move(row));
    }
    return rows;
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
    auto rows = parse_phases_csv(*phases_text, phases_path);
    if (auto* error = std::get_if<std::string>(&rows)) {
        return Result{std::in_place_index<1>, std::move(*error)};
    }

    RunData run;
    run.info = std::move(*manifest);
    run.rows = std::move(std::get<std::vector<PhaseRow>>(rows));
    run.dir = run_dir;
    run.liveness = run_liveness(locked, run.info);
    if (window_states) {
        count_window_states((dir / "samples.csv").string(), run.rows);
    }
    return run;
}

}  // namespace wattbench::core::report
