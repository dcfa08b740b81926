#include "app/core/postrun/samples_file.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "app/core/phases/stage.hpp"
#include "app/core/record/json_file.hpp"
#include "app/core/record/samples_csv_writer.hpp"
#include "app/core/record/utc_time.hpp"
#include "app/core/rundir/samples_reader.hpp"
#include "app/core/rundir/utc_time.hpp"

namespace wattbench::core::postrun {
namespace {

std::optional<double> parse_double(std::string_view s) {
    double v = 0.0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

std::optional<drivers::api::Status> status_from(std::string_view s) {
    for (auto st : {drivers::api::Status::ok, drivers::api::Status::overrange,
                    drivers::api::Status::unavailable, drivers::api::Status::error}) {
        if (drivers::api::to_string(st) == s) {
            return st;
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<rundir::ReadError> sample_fields(const rundir::SampleRow& row, SampleFields& s) {
    using C = rundir::SampleColumn;
    const auto ms = row.time_ms();
    if (!ms) {
        return row.error(C::time, "not a time like 2026-11-29T19:50:40.123Z");
    }
    s.utc = TimePoint(std::chrono::milliseconds(*ms));
    const auto elapsed = row.number(C::elapsed_s);
    if (!elapsed) {
        return row.error(C::elapsed_s, "not a number");
    }
    s.elapsed_s = *elapsed;
    s.line = row.line();
    s.phase = row[C::phase];
    s.stage = row[C::stage];
    s.device = row[C::device];
    s.channel = row[C::channel];
    s.value = row[C::value];
    s.unit = row[C::unit];
    s.status = row[C::status];
    return std::nullopt;
}

std::optional<std::string> for_each_sample_row(
    const std::string& path,
    const std::function<void(const SampleFields&, std::string_view text)>& row) {
    SampleFields fields;
    const auto read = rundir::read_samples(path, [&](const rundir::SampleRow& r) {
        if (auto e = sample_fields(r, fields)) {
            return e;
        }
        row(fields, r.text());
        return std::optional<rundir::ReadError>{};
    });
    if (!read) {
        return read.error().text();
    }
    if (read->missing) {
        return fmt::format("{}: cannot read", path);
    }
    // Rewriting the file would drop the cut-off row; a run killed mid-write is left as it is.
    if (read->truncated) {
        return fmt::format("{}: ends in a cut-off row (the run was killed while writing it)", path);
    }
    return std::nullopt;
}

std::optional<record::Sample> to_sample(const SampleFields& f, const RunInfo& run) {
    record::Sample s;
    s.utc = f.utc;
    s.elapsed_s = f.elapsed_s;
    // Rounded, not truncated: 1.234 s is 1.23399… as a double, and the engine's readings of a
    // person are on the exact millisecond.
    s.mono = std::chrono::steady_clock::time_point(
        std::chrono::round<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(f.elapsed_s)));
    const auto device = run.device_index(f.device);
    if (!device) {
        return std::nullopt;
    }
    s.device = static_cast<std::uint32_t>(*device);
    const auto& channels = run.catalog.devices[*device].channels;
    const auto ch = std::find_if(channels.begin(), channels.end(),
                                 [&](const auto& c) { return c.name == f.channel; });
    if (ch == channels.end()) {
        return std::nullopt;
    }
    s.channel = static_cast<std::uint32_t>(ch - channels.begin());
    if (f.phase.empty()) {
        s.phase = -1;
    } else if (auto p = run.phase_index(f.phase)) {
        s.phase = static_cast<std::int32_t>(*p);
    } else {
        return std::nullopt;
    }
    auto stage = phases::stage_from_string(f.stage);
    auto status = status_from(f.status);
    if (!stage || !status) {
        return std::nullopt;
    }
    s.stage = *stage;
    s.status = *status;
    if (s.status == drivers::api::Status::ok) {
        if (ch->discrete()) {
            s.text = f.value;
            const auto st = std::find(ch->states.begin(), ch->states.end(), f.value);
            s.value = static_cast<double>(st - ch->states.begin());
        } else {
            auto v = parse_double(f.value);
            if (!v) {
                // nan and inf are written by to_chars as such and read back by from_chars.
                return std::nullopt;
            }
            s.value = *v;
        }
    }
    return s;
}

std::vector<std::string> format_sample_rows(const record::Catalog& catalog,
                                            const std::vector<record::Sample>& samples) {
    char name[] = "/tmp/wattbench-rows-XXXXXX";
    const int fd = ::mkstemp(name);
    if (fd < 0) {
        throw std::runtime_error("cannot create a temporary file in /tmp");
    }
    ::close(fd);
    std::vector<std::string> rows;
    {
        record::SamplesCsvWriter w(name, catalog);
        for (const auto& s : samples) {
            w.write(s);
        }
        w.flush();
    }
    // Read back as rows, not lines: a state text may hold a line break.
    const auto read = rundir::read_samples(name, [&](const rundir::SampleRow& r) {
        rows.emplace_back(r.text());
        return std::optional<rundir::ReadError>{};
    });
    std::remove(name);
    if (!read) {
        throw std::runtime_error(read.error().text());
    }
    return rows;
}

std::optional<std::string> merge_sample_rows(
    const std::string& path, const std::vector<std::pair<TimePoint, std::string>>& rows) {
    std::size_t next = 0;
    return record::replace_file_atomically(path, [&](record::OutputFile& out) {
        std::string buffer(record::SamplesCsvWriter::kHeader);
        auto flush = [&](bool force) {
            if (force || buffer.size() > (1u << 20)) {
                out.write_all(buffer);
                buffer.clear();
            }
        };
        auto err = for_each_sample_row(path, [&](const SampleFields& f, std::string_view text) {
            while (next < rows.size() && rows[next].first < f.utc) {
                buffer += rows[next++].second;
                buffer += '\n';
            }
            buffer += text;
            buffer += '\n';
            flush(false);
        });
        if (err) {
            return err;
        }
        for (; next < rows.size(); ++next) {
            buffer += rows[next].second;
            buffer += '\n';
        }
        flush(true);
        return std::optional<std::string>{};
    });
}

}  // namespace wattbench::core::postrun
