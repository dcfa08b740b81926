#include "app/core/report/markdown_report.hpp"

#include <array>
#include <utility>

#include "app/core/i18n/translate.hpp"
#include "app/core/report/document_markdown.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/report_sections.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/section_bodies.hpp"
#include "app/core/report/section_text.hpp"
#include "app/core/report/summary_table.hpp"

namespace wattbench::core::report {

namespace {

Document summary_of(const ReportContent& content) {
    return summary_body(content.summary, content.language);
}

struct SectionSpec {
    SectionId id;
    std::string_view anchor;
    std::string_view heading;
    Document (*body)(const ReportContent&);
};

constexpr std::array<SectionSpec, 13> kSections{{
    {SectionId::title, "title", "", facts_body},
    {SectionId::incomplete, "incomplete", "", incomplete_body},
    {SectionId::summary, "summary", i18n::noop_tr("Summary"), summary_of},
    {SectionId::validity, "validity", i18n::noop_tr("Validity"), validity_body},
    {SectionId::ptdaemon, "spec-ptdaemon", i18n::noop_tr("SPEC PTDaemon"), ptdaemon_body},
    {SectionId::power_curve, "power-versus-load", i18n::noop_tr("Power versus load"),
     power_curve_body},
    {SectionId::performance, "performance-per-watt", i18n::noop_tr("Performance per watt"),
     performance_body},
    {SectionId::limits, "limits", i18n::noop_tr("Limits"), limits_body},
    {SectionId::noise, "noise-iso-7779", i18n::noop_tr("Noise (ISO 7779)"), noise_body},
    {SectionId::phase_details, "phase-details", i18n::noop_tr("Phase details"), phase_details_body},
    {SectionId::warnings, "warnings", i18n::noop_tr("Warnings"), warnings_body},
    {SectionId::environment, "environment", i18n::noop_tr("Environment"), environment_body},
    {SectionId::profile, "appendix-the-profile-as-run",
     i18n::noop_tr("Appendix: the profile as run"), profile_body},
}};

}  // namespace

std::vector<ReportSection> report_sections(const ReportContent& content) {
    std::vector<ReportSection> out;
    for (const auto& spec : kSections) {
        Document body = spec.body(content);
        if (body.empty() && spec.id != SectionId::title) {
            continue;
        }
        out.push_back({spec.id,
                       spec.id == SectionId::title
                           ? content.title
                           : std::string(i18n::tr(content.language, spec.heading)),
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
            return "# " + one_line(section.heading) + "\n\n" + document_markdown(section.body);
        case SectionId::incomplete:
            return "\n" + document_markdown(section.body);
        default:
            return "\n## " + section.heading + "\n\n" + document_markdown(section.body);
    }
}

std::string render_summary_markdown(const RunData& run, i18n::Language language) {
    const auto phases = run_phases(run);
    SummaryTable summary = build_summary(run, phases);
    add_review_rows(summary, run, phases);
    return section_markdown({SectionId::summary, std::string(i18n::tr(language, "Summary")),
                             summary_body(summary, language)});
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
