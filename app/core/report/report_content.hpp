#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/core/i18n/language.hpp"
#include "app/core/report/background_noise.hpp"
#include "app/core/report/performance.hpp"
#include "app/core/report/power_curve.hpp"
#include "app/core/report/ptdaemon_figures.hpp"
#include "app/core/report/run_data.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/samples_scan.hpp"
#include "app/core/report/summary_table.hpp"
#include "app/core/report/validity.hpp"

namespace wattbench::core::report {

// A horizontal line a chart draws for a channel: an IPMI/threshold limit from the manifest's
// channel table ("upper critical 95 °C").
struct ThresholdLine {
    std::string device;
    std::string channel;
    std::string label;  // "upper critical"
    double value = 0.0;
};

// The figures of one phase that more than one format shows beside its verdict.
struct PhaseFigures {
    const PhaseView* phase = nullptr;
    const PhaseValidity* validity = nullptr;  // its entry in ReportContent::validity
    // The lowest coverage of its channels (one channel missing readings is enough to doubt the
    // window); empty without rows.
    std::optional<double> lowest_coverage;
    // ';'-separated, from phases.csv (the same on each of the phase's rows), else from the
    // manifest's phase entry.
    std::string flags;
};

// Everything a report of one run shows, computed once without Qt: the Markdown, CSV and JSON
// writers and the Qt (HTML/PDF/PNG/SVG) renderer all draw from it and compute nothing.
struct ReportContent {
    // The language of the Markdown, HTML and PDF text (headings, sentences, number and date
    // spelling); CSV and JSON are always English with a decimal point.
    i18n::Language language = i18n::Language::en;
    RunData run;
    std::string title;              // the manifest's run name, else the run directory
    std::vector<PhaseView> phases;  // points into `run`
    SummaryTable summary;           // points into `phases`
    SamplesScan samples;
    RunValidity validity;
    std::vector<PhaseFigures> figures;  // one per phase, in phase order; points into the above
    std::optional<WallPower> wall_power;
    std::vector<PhasePerformance> performance;  // points into `phases`
    std::vector<NoiseRow> noise;                // points into `phases` and `run`
    std::vector<PtdFigures> ptdaemon;           // points into `phases`; empty without PTD
    std::optional<PowerCurve> curve;
    std::vector<ThresholdLine> thresholds;

    // The figures of the phase `name`; null when there is no such phase.
    const PhaseFigures* figures_of(std::string_view name) const;

    ReportContent() = default;
    ReportContent(const ReportContent&) = delete;  // `phases` and `summary` point inside
    ReportContent& operator=(const ReportContent&) = delete;
};

// Computes every part from a loaded run and its samples scan (an empty scan for a run read
// without samples.csv: then validity has no sample counts to judge and charts no series).
std::unique_ptr<ReportContent> report_content_from(RunData run, SamplesScan samples);

// The parts report_content_from derives from run, phases and validity once those are set: title,
// figures, wall power, performance, noise, PTDaemon's figures. For content assembled by hand
// (tests, a GUI preview).
void derive_figures(ReportContent& content);

// Loads RUN_DIR (one pass over samples.csv) and computes every part. Errors name the file and line
// (load_run, scan_samples).
std::variant<std::unique_ptr<ReportContent>, std::string> build_report_content(
    const std::string& run_dir, const ScanOptions& options = {});

}  // namespace wattbench::core::report
