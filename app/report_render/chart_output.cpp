#include "app/report_render/chart_output.hpp"

#include <filesystem>
#include <fstream>
#include <regex>

#include <fmt/format.h>
#include <QBuffer>
#include <QGuiApplication>
#include <QPainter>
#include <QScreen>
#include <QSvgGenerator>

#include "app/report_render/qt_application.hpp"

namespace wattbench::report_render {

std::string chart_svg(const ReportChart& chart, const std::string& id_prefix) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(chart.size());
    generator.setViewBox(QRect(QPoint(0, 0), chart.size()));
    generator.setTitle(QString::fromStdString(chart.title()));
    generator.setDescription(QStringLiteral("wattbench"));
    // The resolution the chart was laid out at: point-sized fonts keep their size relative to
    // the lines (the generator's own 72 dpi would shrink them by a quarter).
    if (const auto* screen = QGuiApplication::primaryScreen()) {
        generator.setResolution(qRound(screen->logicalDotsPerInch()));
    }
    {
        QPainter painter(&generator);
        chart.paint(painter, QRectF(QPointF(0, 0), QSizeF(chart.size())));
    }
    std::string svg = buffer.data().toStdString();
    if (!id_prefix.empty()) {
        static const std::regex id(R"(id=\"([^\"]+)\")");
        static const std::regex ref(R"(url\(#([^)]+)\))");
        static const std::regex href(R"(href=\"#([^\"]+)\")");
        svg = std::regex_replace(svg, id, "id=\"" + id_prefix + "$1\"");
        svg = std::regex_replace(svg, ref, "url(#" + id_prefix + "$1)");
        svg = std::regex_replace(svg, href, "href=\"#" + id_prefix + "$1\"");
    }
    return svg;
}

std::string with_fallback_fonts(const std::string& svg) {
    static const std::regex family(R"(font-family=\"([^\",]+)\")");
    return std::regex_replace(svg, family, "font-family=\"$1, Helvetica, Arial, sans-serif\"");
}

QImage chart_image(const ReportChart& chart, double scale) {
    const QSize size = chart.size() * scale;
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    chart.paint(painter, QRectF(QPointF(0, 0), QSizeF(chart.size())));
    return image;
}

std::variant<std::vector<std::string>, std::string> export_charts(const ChartList& charts,
                                                                  const std::string& dir,
                                                                  const ExportFormats& formats) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        return fmt::format("cannot create '{}': {}", dir, ec.message());
    }
    std::vector<std::string> written;
    for (const auto& chart : charts) {
        const std::string stem = (std::filesystem::path(dir) / chart->key()).string();
        if (formats.png) {
            const std::string path = stem + ".png";
            if (!chart_image(*chart).save(QString::fromStdString(path), "PNG")) {
                return fmt::format("cannot write '{}'", path);
            }
            written.push_back(path);
        }
        if (formats.svg) {
            const std::string path = stem + ".svg";
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out << with_fallback_fonts(chart_svg(*chart));
            out.close();
            if (!out) {
                return fmt::format("cannot write '{}'", path);
            }
            written.push_back(path);
        }
    }
    return written;
}

std::variant<std::vector<std::string>, std::string> export_charts(
    const core::report::ReportContent& content, const std::string& dir,
    const ExportFormats& formats) {
    ensure_qt_application();
    return export_charts(report_charts(content), dir, formats);
}

}  // namespace wattbench::report_render
