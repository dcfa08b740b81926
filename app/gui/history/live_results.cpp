#include "app/gui/history/live_results.hpp"

#include <algorithm>

#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/rundir/manifest.hpp"

namespace wattbench::gui::history {

std::optional<std::string> LiveResults::begin(const std::string& run_dir) {
    run_ = {};
    statuses_.clear();
    run_.dir = run_dir;
    run_.liveness = core::report::Liveness::live;
    started_ = true;
    return read_manifest();
}

std::vector<core::report::PhaseRow> LiveResults::rows_of(
    const std::vector<core::stats::ChannelSummary>& summaries) {
    // Through the recorder's own spelling and the report's own reading, so every number (the
    // coverage to four places, the uncertainty to six) is what `wattbench report` will show.
    std::string text(core::record::PhasesCsvWriter::kHeader);
    for (const auto& s : summaries) {
        text += core::record::PhasesCsvWriter::format_row(s);
    }
    auto parsed = core::report::parse_phases_csv(text, "phases.csv");
    auto* rows = std::get_if<std::vector<core::report::PhaseRow>>(&parsed);
    if (!rows || rows->size() != summaries.size()) {
        return {};
    }
    for (std::size_t i = 0; i < rows->size(); ++i) {
        auto& r = (*rows)[i];
        r.states.assign(summaries[i].states.begin(), summaries[i].states.end());
        // Most frequent first; the map's order (by name) breaks ties, as the report does.
        std::stable_sort(r.states.begin(), r.states.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
    }
    return std::move(*rows);
}

std::optional<std::string> LiveResults::add_phase(const core::engine::PhaseFinished& finished) {
    auto rows = rows_of(finished.summaries);
    run_.rows.insert(run_.rows.end(), std::make_move_iterator(rows.begin()),
                     std::make_move_iterator(rows.end()));
    statuses_.emplace_back(finished.name, finished.status);
    return read_manifest();
}

std::optional<std::string> LiveResults::finish() {
    run_.liveness = core::report::Liveness::ended;
    return read_manifest();
}

std::optional<std::string> LiveResults::read_manifest() {
    auto m = core::rundir::read_manifest(run_.dir + "/manifest.json");
    if (!m) {
        return m.error().text();
    }
    run_.info = std::move(*m);
    for (const auto& [name, status] : statuses_) {
        for (auto& p : run_.info.phases) {
            if (p.name == name) {
                p.status = status;
            }
        }
    }
    return std::nullopt;
}

}  // namespace wattbench::gui::history
