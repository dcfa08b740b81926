#include "app/report_render/html_report.hpp"

#include <regex>

#include "app/core/report/comparison.hpp"
#include "app/core/report/report_content.hpp"
#include "app/report_render/chart_output.hpp"
#include "app/report_render/html_text.hpp"
#include "app/report_render/qt_application.hpp"
#include "app/report_render/report_document.hpp"

namespace wattbench::report_render {

namespace {

// An SVG document as an element of the page: no XML declaration, no namespace declarations
// (HTML knows <svg>; they would also be the page's only http:// strings), and no fixed size, so
// the stylesheet scales it to the column.
std::string inline_svg(const ReportChart& chart, std::size_t index) {
    std::string svg = with_fallback_fonts(chart_svg(chart, "c" + std::to_string(index) + "-"));
    const auto open = svg.find("<svg");
    if (open == std::string::npos) {
        return {};
    }
    const auto close = svg.find('>', open);
    std::string root = svg.substr(open, close - open);
    static const std::regex drop(R"( (width|height|xmlns(:\w+)?|version|baseProfile)=\"[^\"]*\")");
    root = std::regex_replace(root, drop, "");
    root += " role=\"img\" aria-label=\"" + html_escape(chart.title()) + "\"";
    return root + svg.substr(close);
}

std::string page(const std::string& title, const std::string& body, core::i18n::Language language) {
    return "<!DOCTYPE html>\n<html lang=\"" + std::string(core::i18n::language_code(language)) +
           "\">\n<head>\n<meta charset=\"utf-8\" />\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
           "<meta name=\"generator\" content=\"wattbench\" />\n<title>" +
           html_escape(title) + "</title>\n<style>\n" + report_css() +
           "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
}

std::string svg_embed(std::size_t index, const ReportChart& chart) {
    return inline_svg(chart, index);
}

}  // namespace

std::string render_html(const core::report::ReportContent& content) {
    ensure_qt_application();
    return render_html(content, report_charts(content));
}

std::string render_html(const core::report::ReportContent& content, const ChartList& charts) {
    return page(report_title(content), report_body(content, charts, svg_embed), content.language);
}

std::string render_comparison_html(const core::report::Comparison& comparison) {
    ensure_qt_application();
    return render_comparison_html(comparison,
                                  comparison_charts(comparison, comparison_names(comparison)));
}

std::string render_comparison_html(const core::report::Comparison& comparison,
                                   const ChartList& charts) {
    return page(comparison_title(comparison), comparison_body(comparison, charts, svg_embed),
                comparison.language);
}

}  // namespace wattbench::report_render
