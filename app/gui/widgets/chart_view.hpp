#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <QtCharts/QChartView>

#include "app/chart_style/chart_group.hpp"
#include "app/chart_style/phase_bands.hpp"
#include "app/core/record/catalog.hpp"
#include "app/gui/history/run_history.hpp"

class QDateTimeAxis;
class QPointF;
class QLineSeries;
class QValueAxis;

namespace wattbench::gui::widgets {

// One chart of one group of channels over time. Phases are painted behind the lines as bands
// (warm-up light, averaging window darker, with the phase name), so the chart reads like the
// review's ladder. In overview mode it shows the whole run from the min/max overview and marks
// the span the detail charts show.
class ChartView final : public QChartView {
public:
    ChartView(chart_style::ChartGroup group, bool overview, QWidget* parent = nullptr);

    // Builds one series per channel of this group; `hidden` lists "device/channel" names the
    // user switched off.
    void set_catalog(const core::record::Catalog& catalog, const std::set<std::string>& hidden);
    // Shows the readings in [t0, t1] (UTC seconds). The time axis moves in steps of one
    // min/max bucket (about three pixels), so between steps only each line's newest bucket
    // changes: those short tail series are replaced and the rest is left to Qt Charts as it
    // was. When the axis steps, every series is replaced once.
    void refresh(const history::RunHistory& history, double t0, double t1);
    void set_marked_span(double t0, double t1);
    void apply_palette();

    // Called after the user switched a line on or off (its points come with the next refresh).
    std::function<void()> on_toggled;

    chart_style::ChartGroup group() const { return group_; }
    bool has_channels() const { return !series_.empty(); }
    std::size_t point_count() const;
    std::set<std::string> hidden() const;
    std::set<std::string> names() const;

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    struct Line {
        std::uint32_t device = 0;
        std::uint32_t channel = 0;
        std::string name;               // "device/channel"
        QLineSeries* series = nullptr;  // completed buckets; its legend entry is the line's
        QLineSeries* tail = nullptr;    // the newest, still filling bucket, same pen
        bool right_axis = false;
    };
    // What the last full rebuild drew; a refresh that keeps all of it only replaces the tails.
    struct Frame {
        double t0 = 0.0;
        double t1 = 0.0;
        double bucket = 0.0;
        double body_end = 0.0;  // start of the newest bucket: the body holds what came before
        double lo = 0.0, hi = 0.0, rlo = 0.0, rhi = 0.0;  // axis ranges after nice numbers
        bool valid = false;
    };
    void rebuild(const history::RunHistory& history, double t0, double t1, double bucket,
                 double body_end);
    bool replace_tails(const history::RunHistory& history);
    std::vector<history::Point> body_points(const history::RunHistory& history, const Line& line,
                                            double t0, double body_end) const;
    // The newest bucket's extremes and reading, from `joint` (the body's last point) on.
    std::vector<history::Point> tail_points(const history::RunHistory& history, const Line& line,
                                            const QPointF* joint) const;
    void style_legend();

    chart_style::ChartGroup group_;
    bool overview_;
    QDateTimeAxis* x_axis_ = nullptr;
    QValueAxis* y_axis_ = nullptr;
    QValueAxis* y_right_ = nullptr;
    std::vector<Line> series_;
    std::vector<chart_style::PhaseSpan> bands_;
    double t0_ = 0.0;
    double t1_ = 1.0;
    double mark0_ = 0.0;
    double mark1_ = 0.0;
    Frame frame_;
};

}  // namespace wattbench::gui::widgets
