#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <QtCharts/QChartView>

#include "app/core/record/catalog.hpp"
#include "app/gui/history/chart_group.hpp"
#include "app/gui/history/run_history.hpp"

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace wattbench::gui::widgets {

// One chart of one group of channels over time. Phases are painted behind the lines as bands
// (warm-up light, averaging window darker, with the phase name), so the chart reads like the
// review's ladder. In overview mode it shows the whole run from the min/max overview and marks
// the span the detail charts show.
class ChartView final : public QChartView {
public:
    ChartView(history::ChartGroup group, bool overview, QWidget* parent = nullptr);

    // Builds one series per channel of this group; `hidden` lists "device/channel" names the
    // user switched off.
    void set_catalog(const core::record::Catalog& catalog, const std::set<std::string>& hidden);
    // Replaces every series' points once: the readings in [t0, t1] (UTC seconds).
    void refresh(const history::RunHistory& history, double t0, double t1);
    void set_marked_span(double t0, double t1);
    void apply_palette();

    // Called after the user switched a line on or off (its points come with the next refresh).
    std::function<void()> on_toggled;

    history::ChartGroup group() const { return group_; }
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
        std::string name;  // "device/channel"
        QLineSeries* series = nullptr;
        bool right_axis = false;
    };
    double to_x(double t, const QRectF& plot) const;
    void style_legend();

    history::ChartGroup group_;
    bool overview_;
    QDateTimeAxis* x_axis_ = nullptr;
    QValueAxis* y_axis_ = nullptr;
    QValueAxis* y_right_ = nullptr;
    std::vector<Line> series_;
    std::vector<history::PhaseBand> bands_;
    double t0_ = 0.0;
    double t1_ = 1.0;
    double mark0_ = 0.0;
    double mark1_ = 0.0;
};

}  // namespace wattbench::gui::widgets
