#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/core/report/document_block.hpp"

namespace wattbench::core::report {

struct ReportContent;

// The parts of a run's report, named by what they hold rather than by their heading: the HTML
// report places its charts and page breaks by these, so a heading can be reworded or
// translated without moving a chart.
enum class SectionId {
    title,       // the run's name and its facts (started, host, devices…)
    incomplete,  // the note on an incomplete run; no heading
    summary,
    validity,
    ptdaemon,  // SPEC PTDaemon's own figures per phase; only with a ptdaemon device
    power_curve,
    performance,
    limits,
    noise,
    phase_details,
    warnings,
    environment,
    profile,
};

struct ReportSection {
    SectionId id = SectionId::title;
    std::string heading;  // plain text; the run's name for `title`, empty for `incomplete`
    Document body;        // what every format renders: paragraphs, lists, quotes, tables, code
};

// Every section the content has, in print order; those with nothing to show are left out
// (no score: no performance section).
std::vector<ReportSection> report_sections(const ReportContent& content);

// The section's anchor in the HTML ("power-versus-load"), fixed whatever its heading says.
std::string_view section_anchor(SectionId id);

// The section as the Markdown report spells it: "# name\n\n" for the title, "\n## heading\n\n"
// before the others' bodies, a blank line before the incomplete run's note.
std::string section_markdown(const ReportSection& section);

}  // namespace wattbench::core::report
