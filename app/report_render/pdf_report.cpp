#include "app/report_render/pdf_report.hpp"

#include <fmt/format.h>
#include <QFile>
#include <QFont>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextCursor>
#include <QTextDocument>

#include "app/core/report/comparison.hpp"
#include "app/core/report/report_content.hpp"
#include "app/report_render/chart_text_object.hpp"
#include "app/report_render/qt_application.hpp"
#include "app/report_render/report_document.hpp"

namespace wattbench::report_render {

namespace {

std::string placeholder(std::size_t index) {
    return "[[wattbench-chart-" + std::to_string(index) + "]]";
}

std::optional<std::string> write_pdf(const std::string& title, const std::string& body,
                                     const ChartList& charts, const std::string& path) {
    QFile probe(QString::fromStdString(path));
    if (!probe.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        return fmt::format("cannot write '{}': {}", path, probe.errorString().toStdString());
    }
    probe.close();

    QTextDocument doc;
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9.0);
    doc.setDefaultFont(font);
    doc.setDefaultStyleSheet(QString::fromStdString(report_css()));
    doc.setHtml(QString::fromStdString(body));
    doc.setMetaInformation(QTextDocument::DocumentTitle, QString::fromStdString(title));

    auto* handler = new ChartTextObject(charts, &doc);
    doc.documentLayout()->registerHandler(ChartTextObject::kType, handler);
    for (std::size_t i = 0; i < charts.size(); ++i) {
        QTextCursor at = doc.find(QString::fromStdString(placeholder(i)));
        if (at.isNull()) {
            continue;
        }
        QTextCharFormat format;
        format.setObjectType(ChartTextObject::kType);
        format.setProperty(ChartTextObject::kIndexProperty, static_cast<int>(i));
        at.insertText(QString(QChar::ObjectReplacementCharacter), format);
    }

    QPdfWriter writer(QString::fromStdString(path));
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setResolution(300);
    writer.setTitle(QString::fromStdString(title));
    writer.setCreator(QStringLiteral("wattbench"));
    // Unpaginated, print() lays the document out on the pages with 2 cm margins and numbers them.
    doc.print(&writer);
    if (QFile(QString::fromStdString(path)).size() == 0) {
        return fmt::format("cannot write '{}'", path);
    }
    return std::nullopt;
}

std::string pdf_embed(std::size_t index, const ReportChart&) {
    return "<p>" + placeholder(index) + "</p>";
}

}  // namespace

std::optional<std::string> render_pdf(const core::report::ReportContent& content,
                                      const std::string& path) {
    ensure_qt_application();
    return render_pdf(content, report_charts(content), path);
}

std::optional<std::string> render_pdf(const core::report::ReportContent& content,
                                      const ChartList& charts, const std::string& path) {
    return write_pdf(report_title(content), report_body(content, charts, pdf_embed), charts, path);
}

std::optional<std::string> render_comparison_pdf(const core::report::Comparison& comparison,
                                                 const std::string& path) {
    ensure_qt_application();
    return render_comparison_pdf(comparison,
                                 comparison_charts(comparison, comparison_names(comparison)), path);
}

std::optional<std::string> render_comparison_pdf(const core::report::Comparison& comparison,
                                                 const ChartList& charts, const std::string& path) {
    return write_pdf(comparison_title(comparison), comparison_body(comparison, charts, pdf_embed),
                     charts, path);
}

}  // namespace wattbench::report_render
