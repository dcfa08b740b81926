#include "app/core/report/markdown_report.hpp"

#include <array>
#include <utility>

#include "app/core/report/markdown_sections.hpp"
#include "app/core/report/markdown_text.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/report_sections.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/summary_table.hpp"

namespace wattbench::core::report {

namespace {

struct SectionSpec {
    SectionId id;
    std::string_view anchor;
    std::string_view heading;
};

constexpr std::array<SectionSpec, 12> kSections{{
    {SectionId::title, "title", ""},
    {SectionId::incomplete, "incomplete", ""},
    {SectionId::summary, "summary", "Summary"},
    {SectionId::validity, "validity", "Validity"},
    {SectionId::power_curve, "power-versus-load", "Power versus load"},
    {SectionId::performance, "performance-per-watt", "Performance per watt"},
    {SectionId::limits, "limits", "Limits"},
    {SectionId::noise, "noise-iso-7779", "Noise (ISO 7779)"},
    {SectionId::phase_details, "phase-details", "Phase details"},
    {SectionId::warnings, "warnings", "Warnings"},
    {SectionId::environment, "environment", "Environment"},
    {SectionId::profile, "appendix-the-profile-as-run", "Appendix: the profile as run"},
}};

std::string body_of(SectionId id, const ReportContent& content) {
    switch (id) {
        case SectionId::title:
            return facts_body(content);
        case SectionId::incomplete:
            return incomplete_body(content);
        case SectionId::summary:
            return summary_body(content.summary);
        case SectionId::validity:
            return validity_body(content);
        case SectionId::power_curve:
            return power_curve_body(content);
        case SectionId::performance:
            return performance_body(content);
        case SectionId::limits:
            return limits_body(content);
        case SectionId::noise:
            return noise_body(content);
        case SectionId::phase_details:
            return phase_details_body(content);
        case SectionId::warnings:
            return warnings_body(content);
        case SectionId::environment:
            return environment_body(content);
        case SectionId::profile:
            return profile_body(content);
    }
    return {};
}

}  // namespace

std::vector<ReportSection> report_sections(const ReportContent& content) {
    std::vector<ReportSection> out;
    for (const auto& spec : kSections) {
        std::string body = body_of(spec.id, content);
        if (body.empty() && spec.id != SectionId::title) {
            continue;
        }
        out.push_back({spec.id,
                       spec.id == SectionId::title ? content.title : std::string(spec.heading),
                       std::move(body)});
    }
    return out;
}

std::string_view section_anchor(SectionId id) {
    for (const auto& spec : kSections) {
        if (spec.id == id) {
            return spec.anchor;
        }
    }
    return "section";
}

std::string section_markdown(const ReportSection& section) {
    switch (section.id) {
        case SectionId::title:
            return "# " + one_line(section.heading) + "\n\n" + section.body;
        case SectionId::incomplete:
            return section.body;
        default:
            return "\n## " + section.heading + "\n\n" + section.body;
    }
}

std::string render_summary_markdown(const RunData& run) {
    const auto phases = run_phases(run);
    SummaryTable summary = build_summary(run, phases);
    add_review_rows(summary, run, phases);
    return section_markdown({SectionId::summary, "Summary", summary_body(summary)});
}

std::string render_markdown(const ReportContent& content) {
    std::string out;
    for (const auto& section : report_sections(content)) {
        out += section_markdown(section);
    }
    return out;
}

std::string render_markdown(const RunData& run) {
    return render_markdown(*report_content_from(run, SamplesScan{}));
}

}  // namespace wattbench::core::report
