#pragma once

#include <string>

#include "app/core/i18n/language.hpp"

namespace wattbench::core::report {

struct ReportContent;
struct SummaryTable;

// The bodies of the Markdown report's sections (report_sections puts the headings on), each a
// pure rendering of the content; empty for a section with nothing to show.
std::string facts_body(const ReportContent& content);       // markdown_run_facts.cpp
std::string incomplete_body(const ReportContent& content);  // markdown_run_facts.cpp
std::string summary_body(const SummaryTable& summary,
                         i18n::Language language);        // markdown_results.cpp
std::string validity_body(const ReportContent& content);  // markdown_results.cpp
std::string power_curve_body(const ReportContent& content);
std::string performance_body(const ReportContent& content);  // markdown_figures.cpp
std::string limits_body(const ReportContent& content);
std::string noise_body(const ReportContent& content);
std::string ptdaemon_body(const ReportContent& content);  // markdown_ptdaemon.cpp
std::string phase_details_body(const ReportContent& content);
std::string warnings_body(const ReportContent& content);  // markdown_environment.cpp
std::string environment_body(const ReportContent& content);
std::string profile_body(const ReportContent& content);

}  // namespace wattbench::core::report
