#include "app/core/report/report_content.hpp"

#include <algorithm>
#include <utility>

#include "app/core/report/threshold_kinds.hpp"
#include "app/core/rundir/manifest_lookup.hpp"

namespace wattbench::core::report {

namespace {

std::vector<ThresholdLine> threshold_lines(const rundir::Manifest& manifest) {
    std::vector<ThresholdLine> out;
    for (const auto& d : manifest.devices) {
        for (const auto& c : d.channels) {
            for (const auto& kind : kThresholdKinds) {
                if (const auto value = kind.of(c.thresholds)) {
                    out.push_back({d.id, c.name, std::string(kind.name), *value});
                }
            }
        }
    }
    return out;
}

// The scan counted each discrete channel's states in its windows; phases.csv has no statistics
// for them, so the rows get them from there.
void take_window_states(std::vector<PhaseRow>& rows, const SamplesScan& samples) {
    for (auto& row : rows) {
        for (const auto& w : samples.windows) {
            if (!w.states.empty() && w.phase == row.phase && w.device == row.device &&
                w.channel == row.channel) {
                row.states = w.states;
                break;
            }
        }
    }
}

std::optional<double> lowest_coverage(const PhaseView& phase) {
    std::optional<double> low;
    for (const PhaseRow* row : phase.rows) {
        if (!low || row->coverage < *low) {
            low = row->coverage;
        }
    }
    return low;
}

std::string phase_flags(const RunData& run, const PhaseView& phase) {
    for (const PhaseRow* row : phase.rows) {
        if (!row->flags.empty()) {
            return row->flags;
        }
    }
    std::string flags;
    if (const auto* planned = rundir::find_phase(run.info, phase.name); planned && planned->flags) {
        for (const auto& f : *planned->flags) {
            flags += (flags.empty() ? "" : ";") + f;
        }
    }
    return flags;
}

std::vector<PhaseFigures> phase_figures(const ReportContent& content) {
    std::vector<PhaseFigures> out;
    for (const auto& phase : content.phases) {
        const auto judged =
            std::find_if(content.validity.phases.begin(), content.validity.phases.end(),
                         [&](const PhaseValidity& v) { return v.phase == phase.name; });
        out.push_back({&phase, judged == content.validity.phases.end() ? nullptr : &*judged,
                       lowest_coverage(phase), phase_flags(content.run, phase)});
    }
    return out;
}

}  // namespace

const PhaseFigures* ReportContent::figures_of(std::string_view name) const {
    const auto found = std::find_if(figures.begin(), figures.end(),
                                    [&](const PhaseFigures& f) { return f.phase->name == name; });
    return found == figures.end() ? nullptr : &*found;
}

void derive_figures(ReportContent& content) {
    content.title = content.run.info.run.name;
    if (content.title.empty()) {
        content.title = content.run.dir;
    }
    content.figures = phase_figures(content);
    content.wall_power = wall_power_channel(content.run);
    content.performance = phase_performance(content.run, content.phases);
    content.noise = noise_rows(content.run, content.phases);
    content.ptdaemon = ptdaemon_figures(content.run, content.phases);
}

std::unique_ptr<ReportContent> report_content_from(RunData run, SamplesScan samples) {
    auto content = std::make_unique<ReportContent>();
    content->run = std::move(run);
    content->samples = std::move(samples);
    take_window_states(content->run.rows, content->samples);
    content->phases = run_phases(content->run);
    content->summary = build_summary(content->run, content->phases);
    add_review_rows(content->summary, content->run, content->phases);
    content->validity = judge_run(content->run, content->phases, content->samples);
    derive_figures(*content);
    content->curve = power_curve(content->run, content->phases);
    content->thresholds = threshold_lines(content->run.info);
    return content;
}

std::variant<std::unique_ptr<ReportContent>, std::string> build_report_content(
    const std::string& run_dir, const ScanOptions& options) {
    using Result = std::variant<std::unique_ptr<ReportContent>, std::string>;
    auto loaded = load_run(run_dir, false);
    if (auto* error = std::get_if<std::string>(&loaded)) {
        return Result{std::in_place_index<1>, std::move(*error)};
    }
    auto scanned = scan_samples(run_dir, options);
    if (auto* error = std::get_if<std::string>(&scanned)) {
        return Result{std::in_place_index<1>, std::move(*error)};
    }
    return report_content_from(std::move(std::get<RunData>(loaded)),
                               std::move(std::get<SamplesScan>(scanned)));
}

}  // namespace wattbench::core::report
