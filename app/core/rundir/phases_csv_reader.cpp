#include "app/core/rundir/phases_csv_reader.hpp"

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include "app/core/rundir/csv_reader.hpp"
#include "app/core/rundir/utc_time.hpp"

namespace wattbench::core::rundir {

namespace {

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
    kColumnCount,
};

constexpr std::array<std::string_view, kColumnCount> kNames{
    "phase", "load",   "device",  "channel",  "unit",  "mean", "min",
    "max",   "stddev", "samples", "coverage", "start", "end"};

constexpr std::string_view kEnergy = "energy_wh";
constexpr std::string_view kFlags = "flags";
constexpr std::string_view kUncertainty = "uncertainty";
constexpr std::string_view kL10 = "l10";
constexpr std::string_view kL90 = "l90";
constexpr std::size_t kAbsent = std::numeric_limits<std::size_t>::max();

// NaN and infinities are refused: the writer leaves a field empty when it has no number.
std::optional<double> parse_double(std::string_view s) {
    double v = 0.0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc{} || r.ptr != s.data() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::uint64_t> parse_count(std::string_view s) {
    std::uint64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc{} || r.ptr != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

}  // namespace

std::string PhasesCsvError::to_string() const {
    std::string out = file;
    if (line > 0) {
        out += fmt::format(":{}", line);
    }
    out += ": ";
    if (!column.empty()) {
        out += column + ": ";
    }
    return out + message;
}

PhasesCsvResult read_phases_csv(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return PhasesCsvError{path, 0, {}, std::strerror(errno)};
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        return PhasesCsvError{path, 0, {}, "read error"};
    }
    return parse_phases_csv(text.str(), path);
}

PhasesCsvResult parse_phases_csv(std::string_view text, std::string_view file) {
    auto error = [&](std::size_t line, std::string_view column, std::string message) {
        return PhasesCsvError{std::string(file), line, std::string(column), std::move(message)};
    };
    CsvReader reader(text);
    std::vector<std::string> fields;
    if (!reader.next(fields)) {
        if (reader.error()) {
            return error(reader.line(), {}, *reader.error());
        }
        return error(1, {}, "empty file, expected the header");
    }
    const std::size_t header_line = reader.line();
    std::array<std::size_t, kColumnCount> index;
    index.fill(kAbsent);
    std::size_t energy = kAbsent;
    std::size_t flags = kAbsent;
    std::size_t uncertainty = kAbsent;
    std::size_t l10 = kAbsent;
    std::size_t l90 = kAbsent;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        for (std::size_t c = 0; c < kColumnCount; ++c) {
            if (fields[i] == kNames[c]) {
                if (index[c] != kAbsent) {
                    return error(header_line, kNames[c], "column appears twice in the header");
                }
                index[c] = i;
            }
        }
        if (fields[i] == kEnergy) {
            energy = i;
        }
        if (fields[i] == kFlags) {
            flags = i;
        }
        if (fields[i] == kUncertainty) {
            uncertainty = i;
        }
        if (fields[i] == kL10) {
            l10 = i;
        }
        if (fields[i] == kL90) {
            l90 = i;
        }
    }
    for (std::size_t c = 0; c < kColumnCount; ++c) {
        if (index[c] == kAbsent) {
            return error(header_line, kNames[c], "column missing from the header");
        }
    }
    const std::size_t width = fields.size();

    std::vector<stats::ChannelSummary> rows;
    // A window is closed once per channel; a second row would be counted twice by every reader.
    std::map<std::tuple<std::string, std::string, std::string>, std::size_t> first_line;
    while (reader.next(fields)) {
        const std::size_t line = reader.line();
        if (fields.size() == 1 && fields[0].empty()) {
            continue;
        }
        if (fields.size() != width) {
            return error(
                line, {},
                fmt::format("expected {} fields as in the header, found {}", width, fields.size()));
        }
        stats::ChannelSummary row;
        row.phase = fields[index[kPhase]];
        row.load = fields[index[kLoad]];
        row.device = fields[index[kDevice]];
        row.channel = fields[index[kChannel]];
        row.unit = fields[index[kUnit]];
        for (const Column c : {kPhase, kDevice, kChannel}) {
            if (fields[index[c]].empty()) {
                return error(line, kNames[c], "empty");
            }
        }

        const auto samples = parse_count(fields[index[kSamples]]);
        if (!samples) {
            return error(line, kNames[kSamples],
                         fmt::format("not a count: '{}'", fields[index[kSamples]]));
        }
        row.samples = *samples;

        for (const Column c : {kMean, kMin, kMax, kStddev}) {
            const std::string& s = fields[index[c]];
            double v = std::numeric_limits<double>::quiet_NaN();
            if (!s.empty()) {
                const auto parsed = parse_double(s);
                if (!parsed) {
                    return error(line, kNames[c], fmt::format("not a number: '{}'", s));
                }
                v = *parsed;
            }
            switch (c) {
                case kMean:
                    row.mean = v;
                    break;
                case kMin:
                    row.min = v;
                    break;
                case kMax:
                    row.max = v;
                    break;
                default:
                    row.stddev = v;
                    break;
            }
        }

        const auto coverage = parse_double(fields[index[kCoverage]]);
        if (!coverage || !(*coverage >= 0.0 && *coverage <= 1.0)) {
            return error(
                line, kNames[kCoverage],
                fmt::format("not a share between 0 and 1: '{}'", fields[index[kCoverage]]));
        }
        row.coverage = *coverage;

        for (const Column c : {kStart, kEnd}) {
            const auto t = parse_utc_ms(fields[index[c]]);
            if (!t || fields[index[c]].size() != 24) {
                return error(line, kNames[c],
                             fmt::format("not a UTC time like 2026-11-29T19:50:40.123Z: '{}'",
                                         fields[index[c]]));
            }
            (c == kStart ? row.start : row.end) =
                std::chrono::system_clock::time_point(std::chrono::milliseconds(*t));
        }

        row.energy_wh = std::numeric_limits<double>::quiet_NaN();
        if (energy != kAbsent && !fields[energy].empty()) {
            const auto e = parse_double(fields[energy]);
            if (!e) {
                return error(line, kEnergy, fmt::format("not a number: '{}'", fields[energy]));
            }
            row.energy_wh = *e;
        }
        if (flags != kAbsent) {
            row.flags = fields[flags];
        }
        if (uncertainty != kAbsent && !fields[uncertainty].empty()) {
            const auto u = parse_double(fields[uncertainty]);
            if (!u) {
                return error(line, kUncertainty,
                             fmt::format("not a number: '{}'", fields[uncertainty]));
            }
            row.uncertainty = *u;
        }
        for (const auto& [column, name, target] :
             {std::tuple{l10, kL10, &row.l10}, std::tuple{l90, kL90, &row.l90}}) {
            if (column != kAbsent && !fields[column].empty()) {
                const auto v = parse_double(fields[column]);
                if (!v) {
                    return error(line, name, fmt::format("not a number: '{}'", fields[column]));
                }
                *target = *v;
            }
        }
        const auto [first, inserted] =
            first_line.try_emplace({row.phase, row.device, row.channel}, line);
        if (!inserted) {
            return error(line, {},
                         fmt::format("second row for phase '{}' channel '{}/{}' (first on line {})",
                                     row.phase, row.device, row.channel, first->second));
        }
        rows.push_back(std::move(row));
    }
    if (reader.error()) {
        return error(reader.line(), {}, *reader.error());
    }
    return rows;
}

}  // namespace wattbench::core::rundir
