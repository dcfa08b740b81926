#pragma once

#include "app/core/report/document_block.hpp"

#include "app/core/i18n/language.hpp"

namespace wattbench::core::report {

struct ReportContent;
struct SummaryTable;

// The bodies of the report's sections (report_sections puts the headings on), each built from
// the content as blocks every format renders; empty for a section with nothing to show.
Document facts_body(const ReportContent& content);       // section_run_facts.cpp
Document incomplete_body(const ReportContent& content);  // section_run_facts.cpp
Document summary_body(const SummaryTable& summary,
                      i18n::Language language);        // section_results.cpp
Document validity_body(const ReportContent& content);  // section_results.cpp
Document power_curve_body(const ReportContent& content);
Document performance_body(const ReportContent& content);  // section_figures.cpp
Document limits_body(const ReportContent& content);
Document noise_body(const ReportContent& content);
Document ptdaemon_body(const ReportContent& content);  // section_ptdaemon.cpp
Document phase_details_body(const ReportContent& content);
Document warnings_body(const ReportContent& content);  // section_environment.cpp
Document environment_body(const ReportContent& content);
Document profile_body(const ReportContent& content);

}  // namespace wattbench::core::report
