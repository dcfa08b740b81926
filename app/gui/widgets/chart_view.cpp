#include "app/gui/widgets/chart_view.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QApplication>
#include <QDateTime>
#include <QLocale>
#include <QPainter>
#include <QtCharts/QChart>
#include <QtCharts/QDateTimeAxis>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include "app/chart_style/chart_style.hpp"
#include "app/chart_style/phase_bands.hpp"
#include "app/core/i18n/translate.hpp"
#include "app/gui/history/minmax_decimator.hpp"
#include "app/gui/model/ui_language.hpp"

namespace wattbench::gui::widgets {

namespace {

chart_style::ChartPalette chart_palette() {
    return chart_style::palette_from(QApplication::palette());
}

void nice_range(QValueAxis* axis, double lo, double hi) {
    const auto [a, b] = chart_style::padded_range(lo, hi);
    axis->setRange(a, b);
    axis->applyNiceNumbers();
}

// Buckets of 0.1 s times a power of two: the width stays put while the shown span grows, until
// it has doubled, so the drawn buckets stay valid between those steps.
bool same(double a, double b) {
    return a == b || (std::isnan(a) && std::isnan(b));
}

double bucket_width(double span_s, double buckets) {
    const double raw = std::max(span_s / buckets, 1e-3);
    return 0.1 * std::exp2(std::ceil(std::log2(raw / 0.1)));
}

}  // namespace

ChartView::ChartView(chart_style::ChartGroup group, bool overview, QWidget* parent)
    : QChartView(parent), group_(group), overview_(overview) {
    auto* chart = new QChart();
    chart->setBackgroundVisible(false);
    chart->setMargins(QMargins(4, 2, 4, 2));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setVisible(!overview_);
    // Tick numbers in the GUI's language ("1,5" in Czech).
    chart->setLocalizeNumbers(true);
    chart->setLocale(QLocale());
    setChart(chart);
    setRenderHint(QPainter::Antialiasing, true);
    setMinimumHeight(overview_ ? 110 : 200);

    x_axis_ = new QDateTimeAxis(chart);
    x_axis_->setFormat(QStringLiteral("HH:mm:ss"));
    x_axis_->setTickCount(chart_style::x_tick_count(overview_));
    chart->addAxis(x_axis_, Qt::AlignBottom);
    y_axis_ = new QValueAxis(chart);
    y_axis_->setLabelFormat(chart_style::kValueLabelFormat);
    y_axis_->setTickCount(chart_style::y_tick_count(overview_));
    chart->addAxis(y_axis_, Qt::AlignLeft);
    apply_palette();
}

void ChartView::apply_palette() {
    const auto pal = chart_palette();
    chart()->setTheme(pal.dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundVisible(false);
    const QFont small = chart_style::axis_font(font());
    x_axis_->setLabelsFont(small);
    y_axis_->setLabelsFont(small);
    if (y_right_) {
        y_right_->setLabelsFont(small);
    }
    chart()->legend()->setFont(small);
    chart()->setTitleFont(chart_style::title_font(font()));
    chart()->setTitleBrush(pal.text);
    chart()->legend()->setLabelColor(pal.text);
    for (auto* axis : {static_cast<QAbstractAxis*>(x_axis_), static_cast<QAbstractAxis*>(y_axis_),
                       static_cast<QAbstractAxis*>(y_right_)}) {
        if (axis) {
            // Labels grow as the range moves; Qt Charts would elide them to "..." otherwise.
            axis->setTruncateLabels(false);
            axis->setLabelsColor(pal.text);
            axis->setGridLineColor(chart_style::grid_colour(pal));
        }
    }
    // The theme resets the pens.
    for (std::size_t i = 0; i < series_.size(); ++i) {
        series_[i].series->setPen(chart_style::series_pen(i, overview_));
        series_[i].tail->setPen(chart_style::series_pen(i, overview_));
    }
    style_legend();
    frame_.valid = false;
}

void ChartView::set_catalog(const core::record::Catalog& catalog,
                            const std::set<std::string>& hidden) {
    chart()->removeAllSeries();
    series_.clear();
    frame_.valid = false;
    if (y_right_) {
        chart()->removeAxis(y_right_);
        delete y_right_;
        y_right_ = nullptr;
    }
    bool several_devices = false;
    std::string first_device;
    for (std::uint32_t d = 0; d < catalog.devices.size(); ++d) {
        for (const auto& c : catalog.devices[d].channels) {
            if (chart_style::chart_group(c.quantity) == group_) {
                if (first_device.empty()) {
                    first_device = catalog.devices[d].device_id;
                } else if (first_device != catalog.devices[d].device_id) {
                    several_devices = true;
                }
            }
        }
    }
    for (std::uint32_t d = 0; d < catalog.devices.size(); ++d) {
        const auto& dev = catalog.devices[d];
        for (std::uint32_t c = 0; c < dev.channels.size(); ++c) {
            const auto& spec = dev.channels[c];
            if (chart_style::chart_group(spec.quantity) != group_) {
                continue;
            }
            Line line;
            line.device = d;
            line.channel = c;
            line.name = dev.device_id + "/" + spec.name;
            line.right_axis = group_ == chart_style::ChartGroup::voltage && spec.display_min &&
                              *spec.display_min >= chart_style::kRightAxisFrom;
            line.series = new QLineSeries(chart());
            line.series->setName(QString::fromStdString(several_devices ? line.name : spec.name) +
                                 (line.right_axis ? QStringLiteral(" ▸") : QString()));
            line.tail = new QLineSeries(chart());
            if (line.right_axis && !y_right_) {
                y_right_ = new QValueAxis(chart());
                y_right_->setLabelFormat(chart_style::kValueLabelFormat);
                y_right_->setTickCount(y_axis_->tickCount());
                chart()->addAxis(y_right_, Qt::AlignRight);
            }
            for (auto* s : {line.series, line.tail}) {
                s->setPen(chart_style::series_pen(series_.size(), overview_));
                chart()->addSeries(s);
                s->attachAxis(x_axis_);
                s->attachAxis(line.right_axis ? y_right_ : y_axis_);
                s->setVisible(!hidden.contains(line.name));
            }
            for (auto* m : chart()->legend()->markers(line.tail)) {
                m->setVisible(false);
            }
            series_.push_back(line);
        }
    }
    if (!overview_) {
        // The report's chart titles, from its catalog: the window and the exported report
        // name a chart alike.
        const auto title = core::i18n::tr(model::ui_language(), chart_style::title(group_));
        chart()->setTitle(QString::fromUtf8(title.data(), static_cast<qsizetype>(title.size())));
    }
    apply_palette();
    // Clicking a legend entry switches its line off and on; the entry stays, dimmed.
    for (const auto& line : series_) {
        auto* marker = chart()->legend()->markers(line.series).value(0);
        if (!marker) {
            continue;
        }
        connect(marker, &QLegendMarker::clicked, this, [this, marker, tail = line.tail] {
            auto* s = marker->series();
            s->setVisible(!s->isVisible());
            tail->setVisible(s->isVisible());
            marker->setVisible(true);
            frame_.valid = false;
            style_legend();
            if (on_toggled) {
                on_toggled();
            }
        });
    }
    style_legend();
}

void ChartView::style_legend() {
    const QColor text = QApplication::palette().color(QPalette::WindowText);
    for (auto* marker : chart()->legend()->markers()) {
        const bool tail = std::any_of(series_.begin(), series_.end(),
                                      [&](const Line& l) { return l.tail == marker->series(); });
        marker->setVisible(!tail);
        if (tail) {
            continue;
        }
        QColor c = text;
        if (!marker->series()->isVisible()) {
            c.setAlpha(90);
            QFont f = marker->font();
            f.setStrikeOut(true);
            marker->setFont(f);
        } else {
            QFont f = marker->font();
            f.setStrikeOut(false);
            marker->setFont(f);
        }
        marker->setLabelBrush(c);
    }
}

std::set<std::string> ChartView::hidden() const {
    std::set<std::string> out;
    for (const auto& l : series_) {
        if (!l.series->isVisible()) {
            out.insert(l.name);
        }
    }
    return out;
}

std::set<std::string> ChartView::names() const {
    std::set<std::string> out;
    for (const auto& l : series_) {
        out.insert(l.name);
    }
    return out;
}

std::size_t ChartView::point_count() const {
    std::size_t n = 0;
    for (const auto& l : series_) {
        n += static_cast<std::size_t>(l.series->count() + l.tail->count());
    }
    return n;
}

void ChartView::set_marked_span(double t0, double t1) {
    mark0_ = t0;
    mark1_ = t1;
}

void ChartView::refresh(const history::RunHistory& history, double t0, double t1) {
    if (!(t1 > t0)) {
        t1 = t0 + 1.0;
    }
    const bool bands_changed = bands_.size() != history.bands().size() ||
                               !std::equal(bands_.begin(), bands_.end(), history.bands().begin(),
                                           [](const auto& a, const auto& b) {
                                               return a.name == b.name && same(a.start, b.start) &&
                                                      same(a.window_start, b.window_start) &&
                                                      same(a.window_end, b.window_end) &&
                                                      same(a.end, b.end);
                                           });
    if (bands_changed) {
        bands_ = history.bands();
    }
    // About one point per three pixels of the plot (a min/max pair per bucket): more would
    // cost time (Qt Charts rebuilds each line's geometry and outline per point) and show
    // nothing new.
    const double plot_px = chart()->plotArea().width() > 0 ? chart()->plotArea().width() : width();
    const double bucket = bucket_width(t1 - t0, std::max(60.0, plot_px / 3.0));
    const double q1 = std::ceil(t1 / bucket) * bucket;
    // A chart that starts at the first reading keeps that edge; a sliding span keeps its width.
    const double q0 = t0 <= history.first_t() ? t0 : q1 - (t1 - t0);
    const double body_end = std::floor(history.last_t() / bucket) * bucket;
    const bool same_frame = frame_.valid && frame_.t0 == q0 && frame_.t1 == q1 &&
                            frame_.bucket == bucket && frame_.body_end == body_end;
    if (!same_frame || !replace_tails(history)) {
        rebuild(history, q0, q1, bucket, body_end);
    } else if (!bands_changed) {
        // Qt Charts repaints the tails it changed; the rest of the picture stands.
        return;
    }
    viewport()->update();
}

std::vector<history::Point> ChartView::body_points(const history::RunHistory& history,
                                                   const Line& line, double t0,
                                                   double body_end) const {
    const auto* ch = history.channel(line.device, line.channel);
    if (!ch || ch->recent().empty() || !line.series->isVisible()) {
        return {};
    }
    std::vector<history::Point> data;
    // Full resolution while the recent history reaches back to t0; older spans (and the
    // overview) come from the min/max buckets.
    if (overview_ || (ch->trimmed() && t0 < ch->recent().front().t)) {
        data = ch->overview().points();
    } else {
        data = ch->recent_since(t0);
    }
    // From the last point left of the chart (so the line enters at the edge) up to the newest
    // bucket, which the tail draws.
    auto first = std::lower_bound(data.begin(), data.end(), t0,
                                  [](const history::Point& p, double t) { return p.t < t; });
    if (first != data.begin()) {
        --first;
    }
    auto last = std::lower_bound(first, data.end(), body_end,
                                 [](const history::Point& p, double t) { return p.t < t; });
    const std::span<const history::Point> kept(&*first, static_cast<std::size_t>(last - first));
    if (kept.size() >
        2 * static_cast<std::size_t>(std::ceil((body_end - t0) / frame_.bucket)) + 2) {
        return history::decimate_minmax_aligned(kept, frame_.bucket);
    }
    return {kept.begin(), kept.end()};
}

std::vector<history::Point> ChartView::tail_points(const history::RunHistory& history,
                                                   const Line& line, const QPointF* joint) const {
    const auto* ch = history.channel(line.device, line.channel);
    if (!ch || ch->recent().empty() || !line.series->isVisible()) {
        return {};
    }
    const auto& recent = ch->recent();
    auto it = recent.end();
    while (it != recent.begin() && std::prev(it)->t >= frame_.body_end) {
        --it;
    }
    std::vector<history::Point> out;
    // Joined to the body's last point, then the bucket's extremes and the newest reading.
    if (joint) {
        out.push_back({joint->x() / 1000.0, joint->y()});
    }
    if (it == recent.end()) {
        return out;
    }
    std::vector<history::Point> bucket(it, recent.end());
    const auto reduced = history::decimate_minmax_aligned(bucket, frame_.bucket * 2.0);
    out.insert(out.end(), reduced.begin(), reduced.end());
    if (!(out.back() == bucket.back())) {
        out.push_back(bucket.back());
    }
    return out;
}

bool ChartView::replace_tails(const history::RunHistory& history) {
    std::vector<QList<QPointF>> lists(series_.size());
    for (std::size_t i = 0; i < series_.size(); ++i) {
        const auto& line = series_[i];
        const double lo = line.right_axis ? frame_.rlo : frame_.lo;
        const double hi = line.right_axis ? frame_.rhi : frame_.hi;
        const int n = line.series->count();
        const QPointF joint = n > 0 ? line.series->at(n - 1) : QPointF();
        for (const auto& p : tail_points(history, line, n > 0 ? &joint : nullptr)) {
            // A new extreme moves the value axis, which redraws every line anyway.
            if (p.v < lo || p.v > hi) {
                return false;
            }
            lists[i].append(QPointF(p.t * 1000.0, p.v));
        }
    }
    for (std::size_t i = 0; i < series_.size(); ++i) {
        if (lists[i] != series_[i].tail->points()) {
            series_[i].tail->replace(lists[i]);
        }
    }
    return true;
}

void ChartView::rebuild(const history::RunHistory& history, double t0, double t1, double bucket,
                        double body_end) {
    t0_ = t0;
    t1_ = t1;
    frame_.t0 = t0;
    frame_.t1 = t1;
    frame_.bucket = bucket;
    frame_.body_end = body_end;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    double rlo = lo, rhi = hi;
    std::vector<QList<QPointF>> bodies(series_.size());
    std::vector<std::vector<history::Point>> tails(series_.size());
    for (std::size_t i = 0; i < series_.size(); ++i) {
        const auto& line = series_[i];
        const auto body = body_points(history, line, t0, body_end);
        auto& points = bodies[i];
        points.reserve(static_cast<qsizetype>(body.size()));
        auto& l = line.right_axis ? rlo : lo;
        auto& h = line.right_axis ? rhi : hi;
        for (const auto& p : body) {
            points.append(QPointF(p.t * 1000.0, p.v));
            if (p.t >= t0 && p.t <= t1) {
                l = std::min(l, p.v);
                h = std::max(h, p.v);
            }
        }
    }
    // Every axis change recomputes every attached line; with the lines empty that is free, so
    // the axes move first and each line is rebuilt once, by replace().
    for (auto& line : series_) {
        line.series->clear();
        line.tail->clear();
    }
    for (std::size_t i = 0; i < series_.size(); ++i) {
        tails[i] =
            tail_points(history, series_[i], bodies[i].isEmpty() ? nullptr : &bodies[i].back());
        auto& l = series_[i].right_axis ? rlo : lo;
        auto& h = series_[i].right_axis ? rhi : hi;
        for (const auto& p : tails[i]) {
            l = std::min(l, p.v);
            h = std::max(h, p.v);
        }
    }
    x_axis_->setRange(QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(t0 * 1000.0)),
                      QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(t1 * 1000.0)));
    x_axis_->setFormat(chart_style::time_format(t1 - t0));
    if (group_ == chart_style::ChartGroup::load) {
        // Utilisation has a natural scale; a fixed one also keeps a flat 100 % line readable.
        y_axis_->setRange(0.0, 100.0);
    } else {
        nice_range(y_axis_, lo, hi);
    }
    if (y_right_) {
        nice_range(y_right_, rlo, rhi);
    }
    frame_.lo = y_axis_->min();
    frame_.hi = y_axis_->max();
    frame_.rlo = y_right_ ? y_right_->min() : 0.0;
    frame_.rhi = y_right_ ? y_right_->max() : 0.0;
    for (std::size_t i = 0; i < series_.size(); ++i) {
        series_[i].series->replace(bodies[i]);
        QList<QPointF> tail;
        for (const auto& p : tails[i]) {
            tail.append(QPointF(p.t * 1000.0, p.v));
        }
        series_[i].tail->replace(tail);
    }
    frame_.valid = true;
}

void ChartView::drawBackground(QPainter* painter, const QRectF& rect) {
    const auto pal = chart_palette();
    painter->fillRect(rect, pal.base);
    const chart_style::TimeScale scale{chart()->mapToScene(chart()->plotArea()).boundingRect(), t0_,
                                       t1_};
    if (scale.plot.width() <= 0) {
        return;
    }
    painter->save();
    painter->setClipRect(scale.plot);
    chart_style::paint_phase_bands(*painter, scale, bands_, pal);
    if (overview_) {
        chart_style::paint_marked_span(*painter, scale, mark0_, mark1_, pal);
    }
    painter->restore();
}

void ChartView::drawForeground(QPainter* painter, const QRectF& rect) {
    QChartView::drawForeground(painter, rect);
    const auto pal = chart_palette();
    const chart_style::TimeScale scale{chart()->mapToScene(chart()->plotArea()).boundingRect(), t0_,
                                       t1_};
    if (scale.plot.width() <= 0) {
        return;
    }
    painter->save();
    painter->setClipRect(scale.plot);
    chart_style::paint_phase_marks(*painter, scale, bands_, pal,
                                   chart_style::band_label_font(font(), overview_));
    painter->restore();
}

}  // namespace wattbench::gui::widgets
