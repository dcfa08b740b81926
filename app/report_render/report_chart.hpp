#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <QRectF>
#include <QSize>

class QPainter;

namespace wattbench::core::report {
struct ReportContent;
struct Comparison;
}  // namespace wattbench::core::report

namespace wattbench::report_render {

// One chart of a report, built once with Qt Charts and painted on demand onto any device: an
// SVG generator (HTML, chart export), a PDF page, an image. Qt Charts headers stay inside
// report_chart.cpp, the only translation unit that pays for them.
class ReportChart {
public:
    struct Impl;
    explicit ReportChart(std::unique_ptr<Impl> impl);
    ~ReportChart();
    ReportChart(const ReportChart&) = delete;
    ReportChart& operator=(const ReportChart&) = delete;

    const std::string& key() const;    // file name stem: "power-vs-load", "temperature"
    const std::string& title() const;  // "Temperatures [°C]"
    // What the chart cannot show: "bmc/cpu_temp upper critical 95 °C (off the chart)".
    const std::vector<std::string>& notes() const;
    QSize size() const;  // natural size in pixels at 1x
    std::size_t point_count() const;

    // Scales the chart's natural size onto `target`.
    void paint(QPainter& painter, const QRectF& target) const;

private:
    std::unique_ptr<Impl> impl_;
};

using ChartList = std::vector<std::unique_ptr<ReportChart>>;

// Power versus load (when the run has a curve), then one chart over time per chart group that
// has a channel with readings. Needs a QApplication (see qt_application.hpp).
ChartList report_charts(const core::report::ReportContent& content);

// The power-versus-load curves of every run of a comparison in one chart; empty when no run
// has a curve. `names` label the runs, in the comparison's order.
ChartList comparison_charts(const core::report::Comparison& comparison,
                            const std::vector<std::string>& names);

}  // namespace wattbench::report_render
