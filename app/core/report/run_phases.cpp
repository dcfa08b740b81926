#include "app/core/report/run_phases.hpp"

#include <algorithm>

namespace wattbench::core::report {

std::string PhaseView::title() const {
    return finished() ? name : name + " (" + status + ")";
}

std::vector<PhaseView> run_phases(const RunData& run) {
    std::vector<PhaseView> phases;
    for (const auto& p : run.info.phases) {
        if (p.name.empty()) {
            continue;
        }
        PhaseView view;
        view.name = p.name;
        view.load = p.load;
        view.status = p.status ? std::string(core::phases::to_string(*p.status)) : "unknown";
        // A killed run had no chance to close its phase: what it was doing is cut short,
        // as it would have been marked had the run been stopped.
        if (run.liveness == Liveness::killed &&
            (view.status == "warmup" || view.status == "window")) {
            view.status = "interrupted";
        }
        if (p.workers) {
            view.workers = *p.workers;
        }
        view.window_start = p.window_start.value_or("");
        view.window_end = p.window_end.value_or("");
        phases.push_back(std::move(view));
    }
    for (const auto& row : run.rows) {
        auto it = std::find_if(phases.begin(), phases.end(),
                               [&](const PhaseView& v) { return v.name == row.phase; });
        if (it == phases.end()) {
            PhaseView view;
            view.name = row.phase;
            view.load = row.load;
            phases.push_back(std::move(view));
            it = std::prev(phases.end());
        }
        if (it->load.empty()) {
            it->load = row.load;
        }
        if (it->window_start.empty()) {
            it->window_start = row.start;
        }
        if (it->window_end.empty()) {
            it->window_end = row.end;
        }
        it->rows.push_back(&row);
    }
    return phases;
}

}  // namespace wattbench::core::report
