#include "app/core/postrun/phase_recompute.hpp"

#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "app/core/postrun/samples_file.hpp"
#include "app/core/record/json_file.hpp"
#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/rundir/csv_reader.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"
#include "app/core/stats/counter_windows.hpp"
#include "app/core/stats/window_accumulator.hpp"

namespace wattbench::core::postrun {
namespace {

struct Window {
    TimePoint start;
    TimePoint end;
};

std::chrono::steady_clock::time_point mono_at(const RunInfo& run, TimePoint t) {
    return std::chrono::steady_clock::time_point(
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(t - run.started));
}

void add_flag(std::string& flags, const std::string& f) {
    if ((";" + flags + ";").find(";" + f + ";") == std::string::npos) {
        flags = flags.empty() ? f : flags + ";" + f;
    }
}

}  // namespace

std::variant<std::vector<stats::ChannelSummary>, std::string> recompute_phases(
    const RunInfo& run, const std::set<std::string>& devices) {
    std::map<std::size_t, Window> windows;
    const std::string phases_path = run.dir + "/phases.csv";
    if (std::filesystem::exists(phases_path)) {
        auto existing = rundir::read_phases_csv(phases_path);
        if (auto* e = std::get_if<rundir::PhasesCsvError>(&existing)) {
            return e->to_string();
        }
        for (const auto& r : std::get<std::vector<stats::ChannelSummary>>(existing)) {
            if (auto p = run.phase_index(r.phase)) {
                windows.try_emplace(*p, Window{r.start, r.end});
            }
        }
    }
    for (std::size_t i = 0; i < run.phases.size(); ++i) {
        const auto& p = run.phases[i];
        if (!windows.count(i) && p.status == "done" && p.window_start && p.window_end) {
            windows.emplace(i, Window{*p.window_start, *p.window_end});
        }
    }

    std::map<std::size_t, stats::WindowAccumulator> acc;
    for (const auto& [i, w] : windows) {
        auto [it, _] =
            acc.try_emplace(i, run.catalog, static_cast<std::int32_t>(i), run.uncertainty_limit);
        it->second.open(w.start, mono_at(run, w.start));
    }
    stats::CounterWindows counters(run.catalog);
    auto err =
        for_each_sample_row(run.dir + "/samples.csv", [&](const SampleFields& f, std::string_view) {
            if (f.stage != "window") {
                return;
            }
            auto s = to_sample(f, run);
            if (!s) {
                return;
            }
            auto it = acc.find(static_cast<std::size_t>(s->phase));
            if (it == acc.end()) {
                return;
            }
            it->second.add(*s);
            counters.add(*s);
        });
    if (err) {
        return *err;
    }

    std::vector<stats::ChannelSummary> out;
    for (auto& [i, a] : acc) {
        counters.feed(a, static_cast<std::int32_t>(i));
        const auto& w = windows.at(i);
        for (auto& row : a.close(w.end, mono_at(run, w.end))) {
            if (!devices.empty() && !devices.count(row.device)) {
                continue;
            }
            for (const auto& f : run.phases[i].flags) {
                add_flag(row.flags, f);
            }
            out.push_back(std::move(row));
        }
    }
    return out;
}

std::optional<std::string> replace_phase_rows(const RunInfo& run,
                                              const std::set<std::string>& devices,
                                              const std::vector<stats::ChannelSummary>& rows) {
    const std::string path = run.dir + "/phases.csv";
    std::string text;
    try {
        text = std::filesystem::exists(path) ? read_text_file(path)
                                             : std::string(record::PhasesCsvWriter::kHeader);
    } catch (const std::exception& e) {
        return e.what();
    }
    // Existing rows by phase, in file order, kept as their bytes; the header must be today's,
    // since new rows are formatted by today's writer.
    rundir::CsvReader reader(text);
    std::vector<std::string> f;
    const std::string_view header = record::PhasesCsvWriter::kHeader;
    if (!reader.next(f) || std::string(reader.record_text()) + "\n" != header) {
        return fmt::format(
            "{}:1: the columns differ from this version's phases.csv; rewriting "
            "it would mix two layouts",
            path);
    }
    std::vector<std::string> order;  // phase names in first-seen order
    std::map<std::string, std::vector<std::string>> kept;
    while (reader.next(f)) {
        if (reader.record_text().empty()) {
            continue;
        }
        if (f.size() < 3) {
            return fmt::format("{}:{}: too few columns", path, reader.line());
        }
        if (!kept.count(f[0])) {
            order.push_back(f[0]);
        }
        auto& list = kept[f[0]];
        if (!devices.count(f[2])) {
            list.emplace_back(reader.record_text());
        }
    }
    if (reader.error()) {
        return fmt::format("{}:{}: {}", path, reader.line(), *reader.error());
    }
    std::map<std::string, std::vector<std::string>> added;
    for (const auto& r : rows) {
        if (!kept.count(r.phase) && !added.count(r.phase)) {
            order.push_back(r.phase);
        }
        std::string formatted = record::PhasesCsvWriter::format_row(r);
        if (!formatted.empty() && formatted.back() == '\n') {
            formatted.pop_back();
        }
        added[r.phase].push_back(std::move(formatted));
    }
    // Phases in run order where known, so rows of a phase that had none come at its place.
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        return run.phase_index(a).value_or(SIZE_MAX) < run.phase_index(b).value_or(SIZE_MAX);
    });
    std::string out(record::PhasesCsvWriter::kHeader);
    for (const auto& phase : order) {
        for (const auto& l : kept[phase]) {
            out += l + "\n";
        }
        for (const auto& l : added[phase]) {
            out += l + "\n";
        }
    }
    return record::replace_file_atomically(path, [&](record::OutputFile& f) {
        f.write_all(out);
        return std::optional<std::string>{};
    });
}

}  // namespace wattbench::core::postrun
