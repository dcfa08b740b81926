#include "app/gui/history/live_results.hpp"

#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/rundir/manifest.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"

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
    auto parsed = core::rundir::parse_phases_csv(text, "phases.csv");
    auto* read = std::get_if<std::vector<core::stats::ChannelSummary>>(&parsed);
    if (!read || read->size() != summaries.size()) {
        return {};
    }
    std::vector<core::report::PhaseRow> rows;
    for (std::size_t i = 0; i < read->size(); ++i) {
        (*read)[i].states = summaries[i].states;
        rows.push_back(core::report::phase_row_of((*read)[i]));
    }
    return rows;
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
