#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include <QWidget>

#include "app/chart_style/chart_group.hpp"
#include "app/core/record/catalog.hpp"
#include "app/gui/history/run_history.hpp"

class QComboBox;
class QGridLayout;

namespace wattbench::gui::widgets {

class ChartView;

// The live charts: one per group that has channels, in a grid, over the visible span at full
// resolution, and below them the whole run of one chosen group from the min/max overview.
// Only this widget and ChartView include Qt Charts, which keeps the slow headers in two files.
class ChartsArea final : public QWidget {
    Q_OBJECT
public:
    explicit ChartsArea(QWidget* parent = nullptr);
    ~ChartsArea() override;

    void set_catalog(const core::record::Catalog& catalog);
    // Seconds of the detail charts; 0 shows the whole run.
    void set_span(double seconds) { span_ = seconds; }
    double span() const { return span_; }
    // Replaces every chart's series once from `history`.
    void refresh(const history::RunHistory& history);
    void apply_palette();

    std::set<std::string> hidden() const;
    void set_hidden(std::set<std::string> hidden) { hidden_ = std::move(hidden); }
    QString overview_group() const;
    void set_overview_group(const QString& key);

    // For tests and the status bar: the points currently in a group's detail chart.
    std::size_t point_count(chart_style::ChartGroup group) const;
    std::size_t overview_point_count() const;
    bool has_chart(chart_style::ChartGroup group) const;

private:
    void layout_charts();

    std::vector<ChartView*> charts_;
    ChartView* overview_ = nullptr;
    std::vector<ChartView*> overviews_;
    QComboBox* overview_choice_ = nullptr;
    QGridLayout* grid_ = nullptr;
    std::set<std::string> hidden_;
    double span_ = 300.0;
    const history::RunHistory* last_ = nullptr;  // what the last refresh drew
};

}  // namespace wattbench::gui::widgets
