#include "app/gui/widgets/chart_view.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QApplication>
#include <QDateTime>
#include <QPainter>
#include <QtCharts/QChart>
#include <QtCharts/QDateTimeAxis>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include "app/gui/history/minmax_decimator.hpp"

namespace wattbench::gui::widgets {

namespace {

bool dark_palette() {
    return QApplication::palette().color(QPalette::Window).lightness() < 128;
}

// Mains voltage (~230 V) next to 12/5/3.3 V rails would flatten the rails to lines; channels
// whose display range starts this high get their own axis on the right.
constexpr double kRightAxisFrom = 50.0;

// Distinct on light and dark backgrounds (Tableau 10); the chart theme's own colours are lost
// once a pen width is set.
constexpr QRgb kLineColours[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};

QColor band_colour(bool window) {
    QColor c = QApplication::palette().color(QPalette::Highlight);
    c.setAlpha(window ? (dark_palette() ? 70 : 48) : (dark_palette() ? 30 : 20));
    return c;
}

void nice_range(QValueAxis* axis, double lo, double hi) {
    if (!(lo <= hi)) {
        lo = 0.0;
        hi = 1.0;
    }
    if (hi - lo < 1e-9) {
        const double pad = std::max(std::abs(hi) * 0.05, 0.5);
        lo -= pad;
        hi += pad;
    } else {
        const double pad = (hi - lo) * 0.08;
        lo -= pad;
        hi += pad;
    }
    axis->setRange(lo, hi);
    axis->applyNiceNumbers();
}

}  // namespace

ChartView::ChartView(history::ChartGroup group, bool overview, QWidget* parent)
    : QChartView(parent), group_(group), overview_(overview) {
    auto* chart = new QChart();
    chart->setBackgroundVisible(false);
    chart->setMargins(QMargins(4, 2, 4, 2));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setVisible(!overview_);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing, true);
    setMinimumHeight(overview_ ? 110 : 200);

    x_axis_ = new QDateTimeAxis(chart);
    x_axis_->setFormat(QStringLiteral("HH:mm:ss"));
    x_axis_->setTickCount(overview_ ? 7 : 5);
    chart->addAxis(x_axis_, Qt::AlignBottom);
    y_axis_ = new QValueAxis(chart);
    y_axis_->setLabelFormat(QStringLiteral("%.4g"));
    y_axis_->setTickCount(overview_ ? 3 : 5);
    chart->addAxis(y_axis_, Qt::AlignLeft);
    apply_palette();
}

void ChartView::apply_palette() {
    chart()->setTheme(dark_palette() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundVisible(false);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    x_axis_->setLabelsFont(small);
    y_axis_->setLabelsFont(small);
    if (y_right_) {
        y_right_->setLabelsFont(small);
    }
    chart()->legend()->setFont(small);
    QFont title = font();
    title.setBold(true);
    chart()->setTitleFont(title);
    const QColor text = QApplication::palette().color(QPalette::WindowText);
    chart()->setTitleBrush(text);
    chart()->legend()->setLabelColor(text);
    for (auto* axis : {static_cast<QAbstractAxis*>(x_axis_), static_cast<QAbstractAxis*>(y_axis_),
                       static_cast<QAbstractAxis*>(y_right_)}) {
        if (axis) {
            // Labels grow as the range moves; Qt Charts would elide them to "..." otherwise.
            axis->setTruncateLabels(false);
            axis->setLabelsColor(text);
            QColor grid = text;
            grid.setAlpha(40);
            axis->setGridLineColor(grid);
        }
    }
    style_legend();
}

void ChartView::set_catalog(const core::record::Catalog& catalog,
                            const std::set<std::string>& hidden) {
    chart()->removeAllSeries();
    series_.clear();
    if (y_right_) {
        chart()->removeAxis(y_right_);
        delete y_right_;
        y_right_ = nullptr;
    }
    bool several_devices = false;
    std::string first_device;
    for (std::uint32_t d = 0; d < catalog.devices.size(); ++d) {
        for (const auto& c : catalog.devices[d].channels) {
            if (history::chart_group(c.quantity) == group_) {
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
            if (history::chart_group(spec.quantity) != group_) {
                continue;
            }
            Line line;
            line.device = d;
            line.channel = c;
            line.name = dev.device_id + "/" + spec.name;
            line.right_axis = group_ == history::ChartGroup::voltage && spec.display_min &&
                              *spec.display_min >= kRightAxisFrom;
            line.series = new QLineSeries(chart());
            line.series->setName(QString::fromStdString(several_devices ? line.name : spec.name) +
                                 (line.right_axis ? QStringLiteral(" ▸") : QString()));
            QPen pen(QColor::fromRgb(kLineColours[series_.size() % std::size(kLineColours)]));
            pen.setWidthF(overview_ ? 1.2 : 1.8);
            line.series->setPen(pen);
            chart()->addSeries(line.series);
            line.series->attachAxis(x_axis_);
            if (line.right_axis) {
                if (!y_right_) {
                    y_right_ = new QValueAxis(chart());
                    y_right_->setLabelFormat(QStringLiteral("%.4g"));
                    y_right_->setTickCount(y_axis_->tickCount());
                    chart()->addAxis(y_right_, Qt::AlignRight);
                }
                line.series->attachAxis(y_right_);
            } else {
                line.series->attachAxis(y_axis_);
            }
            line.series->setVisible(!hidden.contains(line.name));
            series_.push_back(line);
        }
    }
    if (!overview_) {
        chart()->setTitle(QString::fromUtf8(history::title(group_).data(),
                                            static_cast<qsizetype>(history::title(group_).size())));
    }
    apply_palette();
    // Clicking a legend entry switches its line off and on; the entry stays, dimmed.
    for (auto* marker : chart()->legend()->markers()) {
        connect(marker, &QLegendMarker::clicked, this, [this, marker] {
            auto* s = marker->series();
            s->setVisible(!s->isVisible());
            marker->setVisible(true);
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
        marker->setVisible(true);
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
        n += static_cast<std::size_t>(l.series->count());
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
    t0_ = t0;
    t1_ = t1;
    bands_ = history.bands();
    // About one point per horizontal pixel of the plot (min/max pairs): more would cost time
    // (Qt Charts rebuilds each line's geometry per point) and show nothing new.
    const auto buckets = static_cast<std::size_t>(std::max(60, width() / 3));
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    double rlo = lo, rhi = hi;
    std::vector<QList<QPointF>> lists(series_.size());
    for (std::size_t i = 0; i < series_.size(); ++i) {
        auto& line = series_[i];
        const auto* ch = history.channel(line.device, line.channel);
        std::vector<history::Point> data;
        if (ch && !ch->recent().empty() && line.series->isVisible()) {
            // Full resolution while the recent history reaches back to t0; older spans (and
            // the overview) come from the min/max buckets.
            if (overview_ || (ch->trimmed() && t0 < ch->recent().front().t)) {
                data = ch->overview().points();
                if (!data.empty() && data.back().t < ch->recent().back().t) {
                    data.push_back(ch->recent().back());
                }
            } else {
                data = ch->recent_since(t0);
            }
        }
        if (data.size() > 2 * buckets) {
            data = history::decimate_minmax(data, buckets);
        }
        auto& points = lists[i];
        points.reserve(static_cast<qsizetype>(data.size()));
        for (const auto& p : data) {
            points.append(QPointF(p.t * 1000.0, p.v));
            if (p.t >= t0 && p.t <= t1) {
                auto& l = line.right_axis ? rlo : lo;
                auto& h = line.right_axis ? rhi : hi;
                l = std::min(l, p.v);
                h = std::max(h, p.v);
            }
        }
    }
    // Every axis change recomputes every attached line; with the lines empty that is free, so
    // the axes move first and each line is rebuilt once, by replace().
    for (auto& line : series_) {
        line.series->clear();
    }
    x_axis_->setRange(QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(t0 * 1000.0)),
                      QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(t1 * 1000.0)));
    x_axis_->setFormat((t1 - t0) > 3 * 3600 ? QStringLiteral("HH:mm") : QStringLiteral("HH:mm:ss"));
    if (group_ == history::ChartGroup::load) {
        // Utilisation has a natural scale; a fixed one also keeps a flat 100 % line readable.
        y_axis_->setRange(0.0, 100.0);
    } else {
        nice_range(y_axis_, lo, hi);
    }
    if (y_right_) {
        nice_range(y_right_, rlo, rhi);
    }
    for (std::size_t i = 0; i < series_.size(); ++i) {
        series_[i].series->replace(lists[i]);
    }
    viewport()->update();
}

double ChartView::to_x(double t, const QRectF& plot) const {
    return plot.left() + (t - t0_) / (t1_ - t0_) * plot.width();
}

void ChartView::drawBackground(QPainter* painter, const QRectF& rect) {
    painter->fillRect(rect, QApplication::palette().color(QPalette::Base));
    const QRectF plot = chart()->mapToScene(chart()->plotArea()).boundingRect();
    if (plot.width() <= 0) {
        return;
    }
    painter->save();
    painter->setClipRect(plot);
    for (const auto& b : bands_) {
        const double end = b.open() ? t1_ : b.end;
        const double ws = b.has_window() ? b.window_start : end;
        const double we = b.has_window() ? (std::isnan(b.window_end) ? end : b.window_end) : end;
        painter->fillRect(QRectF(QPointF(to_x(b.start, plot), plot.top()),
                                 QPointF(to_x(ws, plot), plot.bottom())),
                          band_colour(false));
        if (b.has_window()) {
            painter->fillRect(
                QRectF(QPointF(to_x(ws, plot), plot.top()), QPointF(to_x(we, plot), plot.bottom())),
                band_colour(true));
        }
    }
    // The detail charts' span, outlined only when it is not the whole run anyway.
    const double eps = (t1_ - t0_) * 1e-3;
    if (overview_ && mark1_ > mark0_ && (mark0_ > t0_ + eps || mark1_ < t1_ - eps)) {
        QColor c = QApplication::palette().color(QPalette::WindowText);
        c.setAlpha(140);
        painter->setPen(QPen(c, 1.5));
        c.setAlpha(18);
        painter->setBrush(c);
        painter->drawRect(QRectF(QPointF(to_x(mark0_, plot), plot.top() + 1),
                                 QPointF(to_x(mark1_, plot), plot.bottom() - 1)));
    }
    painter->restore();
}

void ChartView::drawForeground(QPainter* painter, const QRectF& rect) {
    QChartView::drawForeground(painter, rect);
    const QRectF plot = chart()->mapToScene(chart()->plotArea()).boundingRect();
    if (plot.width() <= 0) {
        return;
    }
    painter->save();
    painter->setClipRect(plot);
    QColor edge = QApplication::palette().color(QPalette::Highlight);
    edge.setAlpha(160);
    QPen dashed(edge, 1.0, Qt::DashLine);
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * (overview_ ? 0.75 : 0.8));
    painter->setFont(f);
    const QFontMetricsF fm(f);
    QColor text = QApplication::palette().color(QPalette::WindowText);
    text.setAlpha(200);
    for (const auto& b : bands_) {
        const double end = b.open() ? t1_ : b.end;
        if (b.has_window()) {
            painter->setPen(dashed);
            const double xs = to_x(b.window_start, plot);
            painter->drawLine(QPointF(xs, plot.top()), QPointF(xs, plot.bottom()));
            if (!std::isnan(b.window_end)) {
                const double xe = to_x(b.window_end, plot);
                painter->drawLine(QPointF(xe, plot.top()), QPointF(xe, plot.bottom()));
            }
        }
        const double x0 = std::max(to_x(b.start, plot), plot.left());
        const double x1 = std::min(to_x(end, plot), plot.right());
        if (x1 - x0 < 12) {
            continue;
        }
        const QString name =
            fm.elidedText(QString::fromStdString(b.name), Qt::ElideRight, x1 - x0 - 4);
        painter->setPen(text);
        painter->drawText(QRectF(x0 + 3, plot.top() + 1, x1 - x0 - 4, fm.height()),
                          Qt::AlignLeft | Qt::AlignTop, name);
    }
    painter->restore();
}

}  // namespace wattbench::gui::widgets
