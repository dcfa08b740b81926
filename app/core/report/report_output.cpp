#include "app/core/report/report_output.hpp"

#include <array>
#include <cstdio>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "app/core/record/output_file.hpp"
#include "app/core/report/comparison_report.hpp"
#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"

namespace wattbench::core::report {

namespace {

constexpr std::array<std::pair<ReportFormat, std::string_view>, 5> kFormats{{
    {ReportFormat::md, "md"},
    {ReportFormat::csv, "csv"},
    {ReportFormat::json, "json"},
    {ReportFormat::html, "html"},
    {ReportFormat::pdf, "pdf"},
}};

// The text formats' one switch, for a run's report and a comparison alike; empty for html/pdf.
template <typename Subject>
std::string text_of_format(ReportFormat format, const Subject& subject,
                           std::string (*md)(const Subject&), std::string (*csv)(const Subject&),
                           std::string (*json)(const Subject&)) {
    switch (format) {
        case ReportFormat::md:
            return md(subject);
        case ReportFormat::csv:
            return csv(subject);
        case ReportFormat::json:
            return json(subject);
        case ReportFormat::html:
        case ReportFormat::pdf:
            break;
    }
    return {};
}

}  // namespace

std::optional<ReportFormat> report_format(std::string_view name) {
    for (const auto& [format, text] : kFormats) {
        if (text == name) {
            return format;
        }
    }
    return std::nullopt;
}

std::string_view format_name(ReportFormat format) {
    for (const auto& [f, text] : kFormats) {
        if (f == format) {
            return text;
        }
    }
    return {};
}

bool is_rendered(ReportFormat format) {
    return format == ReportFormat::html || format == ReportFormat::pdf;
}

std::string render_text(const ReportContent& content, ReportFormat format) {
    return text_of_format<ReportContent>(format, content, render_markdown, render_csv, render_json);
}

std::string render_comparison_text(const Comparison& comparison, ReportFormat format) {
    return text_of_format<Comparison>(format, comparison, render_comparison_markdown,
                                      render_comparison_csv, render_comparison_json);
}

std::optional<OutputError> write_text(const std::string& text, const std::string& path) {
    if (path.empty()) {
        fmt::print("{}", text);
        std::fflush(stdout);
        return std::nullopt;
    }
    try {
        record::OutputFile out(path);
        out.write_all(text);
        out.close();
    } catch (const std::system_error& e) {
        return OutputError{OutputError::Kind::failed, e.what()};
    }
    return std::nullopt;
}

}  // namespace wattbench::core::report
