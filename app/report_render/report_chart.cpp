#include "app/report_render/report_chart.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>
#include <QApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLocale>
#include <QPainter>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include "app/chart_style/chart_group.hpp"
#include "app/chart_style/chart_style.hpp"
#include "app/chart_style/phase_bands.hpp"
#include "app/core/i18n/number_format.hpp"
#include "app/core/i18n/translate.hpp"
#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/comparison.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/utc_time.hpp"
#include "app/core/report/value_format.hpp"
#include "app/core/rundir/manifest_lookup.hpp"
#include "app/report_render/chart_layout.hpp"

namespace wattbench::report_render {

namespace report = core::report;
namespace i18n = core::i18n;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

struct ReportChart::Impl {
    struct HorizontalLine {
        double value = 0.0;
        QString label;
        QAbstractSeries* series = nullptr;  // maps the value onto the plot
    };
    struct ErrorBar {
        double x = 0.0;
        double y = 0.0;
        double error = 0.0;
        QColor colour;
        QAbstractSeries* series = nullptr;
    };
    struct VerticalMark {
        double x = 0.0;
        QString label;
        QAbstractSeries* series = nullptr;
    };

    std::string key;
    std::string title;
    std::vector<std::string> notes;
    i18n::Language language = i18n::Language::en;
    QSize size{960, 400};
    std::size_t points = 0;
    chart_style::ChartPalette palette = chart_style::print_palette();

    QGraphicsScene scene;
    QChart* chart = nullptr;  // owned by the scene

    // Charts over time: the phases behind the lines, the axis in UTC seconds [t0, t1].
    bool over_time = false;
    double t0 = 0.0;
    double t1 = 1.0;
    std::vector<chart_style::PhaseSpan> spans;

    std::vector<HorizontalLine> thresholds;
    std::vector<ErrorBar> error_bars;
    std::vector<VerticalMark> marks;

    // Labels and tick numbers in `l`'s language (Qt formats the ticks with the QLocale).
    void set_language(i18n::Language l) {
        language = l;
        chart->setLocale(QLocale(QString::fromUtf8(std::string(i18n::language_code(l)).c_str())));
        chart->setLocalizeNumbers(l != i18n::Language::en);
    }

    Impl() {
        chart = new QChart();
        scene.addItem(chart);
        chart->setTheme(QChart::ChartThemeLight);
        chart->setBackgroundVisible(false);
        chart->setBackgroundRoundness(0);
        chart->setMargins(QMargins(4, 2, 4, 2));
        chart->legend()->setAlignment(Qt::AlignBottom);
        const QFont base = QApplication::font();
        chart->setTitleFont(chart_style::title_font(base));
        chart->setTitleBrush(palette.text);
        chart->legend()->setFont(chart_style::axis_font(base));
        chart->legend()->setLabelColor(palette.text);
    }

    QValueAxis* value_axis(Qt::Alignment where, const QString& title) {
        auto* axis = new QValueAxis(chart);
        axis->setLabelFormat(chart_style::kValueLabelFormat);
        axis->setTickCount(where == Qt::AlignBottom ? chart_style::x_tick_count(false)
                                                    : chart_style::y_tick_count(false));
        const QFont base = QApplication::font();
        axis->setLabelsFont(chart_style::axis_font(base));
        axis->setTitleFont(chart_style::axis_font(base));
        axis->setTitleText(title);
        // Labels grow as the range moves; Qt Charts would elide them to "..." otherwise.
        axis->setTruncateLabels(false);
        axis->setLabelsColor(palette.text);
        axis->setTitleBrush(palette.text);
        axis->setGridLineColor(chart_style::grid_colour(palette));
        chart->addAxis(axis, where);
        return axis;
    }

    // Lays the chart out at its natural size so mapToPosition() and plotArea() are final.
    void finish() {
        chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
        scene.setSceneRect(QRectF(QPointF(0, 0), QSizeF(size)));
        if (chart->layout() != nullptr) {
            chart->layout()->activate();
        }
        QCoreApplication::processEvents();
    }

    QPointF map(double x, double y, QAbstractSeries* series) const {
        return chart->mapToPosition(QPointF(x, y), series);
    }
};

ReportChart::ReportChart(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ReportChart::~ReportChart() = default;

const std::string& ReportChart::key() const {
    return impl_->key;
}
const std::string& ReportChart::title() const {
    return impl_->title;
}
const std::vector<std::string>& ReportChart::notes() const {
    return impl_->notes;
}
QSize ReportChart::size() const {
    return impl_->size;
}
std::size_t ReportChart::point_count() const {
    return impl_->points;
}

void ReportChart::paint(QPainter& painter, const QRectF& target) const {
    Impl& d = *impl_;
    const QRectF all(QPointF(0, 0), QSizeF(d.size));
    painter.save();
    painter.translate(target.topLeft());
    painter.scale(target.width() / all.width(), target.height() / all.height());
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.fillRect(all, d.palette.base);
    const QRectF plot = d.chart->plotArea();
    const chart_style::TimeScale scale{plot, d.t0, d.t1};
    if (d.over_time) {
        chart_style::paint_phase_bands(painter, scale, d.spans, d.palette);
    }
    d.scene.render(&painter, all, all);

    const QFont small = chart_style::band_label_font(QApplication::font(), false);
    const QFontMetricsF fm(small);
    painter.save();
    painter.setClipRect(plot.adjusted(-1, -1, 1, 1));
    painter.setFont(small);
    std::vector<QRectF> labels;
    for (const auto& t : d.thresholds) {
        const double y = d.map(0.0, t.value, t.series).y();
        if (y < plot.top() - 0.5 || y > plot.bottom() + 0.5) {
            continue;
        }
        painter.setPen(chart_style::threshold_pen());
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        const double w = fm.horizontalAdvance(t.label) + 4;
        QRectF box(plot.right() - w - 4, y - fm.height() - 1, w, fm.height());
        if (box.top() < plot.top()) {
            box.translate(0, fm.height() + 2);
        }
        // A label over another is unreadable: the line alone says enough there.
        if (std::any_of(labels.begin(), labels.end(),
                        [&](const QRectF& r) { return r.intersects(box); })) {
            continue;
        }
        labels.push_back(box);
        painter.setPen(chart_style::threshold_pen().color());
        painter.drawText(box, Qt::AlignRight | Qt::AlignBottom, t.label);
    }
    for (const auto& e : d.error_bars) {
        const QPointF hi = d.map(e.x, e.y + e.error, e.series);
        const QPointF lo = d.map(e.x, e.y - e.error, e.series);
        QPen pen(e.colour, 1.3);
        painter.setPen(pen);
        painter.drawLine(hi, lo);
        painter.drawLine(hi - QPointF(4, 0), hi + QPointF(4, 0));
        painter.drawLine(lo - QPointF(4, 0), lo + QPointF(4, 0));
    }
    for (const auto& m : d.marks) {
        const double x = d.map(m.x, 0.0, m.series).x();
        painter.setPen(chart_style::marker_pen(d.palette));
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        painter.setPen(d.palette.text);
        const double w = fm.horizontalAdvance(m.label) + 4;
        const bool left = x + w > plot.right();
        painter.drawText(QRectF(left ? x - w - 2 : x + 4, plot.top() + 2, w, fm.height()),
                         left ? Qt::AlignRight : Qt::AlignLeft, m.label);
    }
    painter.restore();
    if (d.over_time) {
        chart_style::paint_phase_marks(painter, scale, d.spans, d.palette,
                                       chart_style::band_label_font(QApplication::font(), false));
    }
    painter.restore();
}

namespace {

struct CurveStyle {
    QString name;
    std::size_t colour = 0;
};

// One run's curve: a line through the window means, a marker on each, its 95 % error bars and,
// with `mark_knee`, the knee.
void add_curve(ReportChart::Impl& d, const report::PowerCurve& curve, const CurveStyle& style,
               QValueAxis* x, QValueAxis* y, bool mark_knee) {
    auto* line = new QLineSeries(d.chart);
    line->setName(style.name);
    line->setPen(chart_style::series_pen(style.colour, false));
    auto* dots = new QScatterSeries(d.chart);
    dots->setMarkerSize(7.0);
    dots->setColor(chart_style::series_colour(style.colour));
    dots->setBorderColor(chart_style::series_colour(style.colour));
    for (const auto& p : curve.points) {
        line->append(p.workers, p.power_w);
        dots->append(p.workers, p.power_w);
        ++d.points;
        if (p.error_w > 0.0) {
            d.error_bars.push_back(
                {p.workers, p.power_w, p.error_w, chart_style::series_colour(style.colour), line});
        }
    }
    d.chart->addSeries(line);
    d.chart->addSeries(dots);
    for (auto* s : {static_cast<QAbstractSeries*>(line), static_cast<QAbstractSeries*>(dots)}) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    for (auto* marker : d.chart->legend()->markers(dots)) {
        marker->setVisible(false);
    }
    if (mark_knee && curve.knee) {
        const auto& k = *curve.knee;
        const std::string cores = i18n::localize_decimal(d.language, fmt::format("{:g}", k.cores));
        d.marks.push_back({k.cores,
                           qs(k.from_topology ? i18n::trf_n(d.language, "{} physical core",
                                                            "{} physical cores", k.cores, cores)
                                              : i18n::trf(d.language, "knee at {}", cores)),
                           line});
    }
}

void curve_ranges(const report::PowerCurve& curve, double& xmax, double& lo, double& hi) {
    for (const auto& p : curve.points) {
        xmax = std::max(xmax, p.workers);
        lo = std::min(lo, p.power_w - p.error_w);
        hi = std::max(hi, p.power_w + p.error_w);
    }
}

std::unique_ptr<ReportChart> curves_chart(
    const std::vector<std::pair<const report::PowerCurve*, CurveStyle>>& curves, std::string key,
    bool mark_knee, const std::string& sentence, i18n::Language language) {
    auto d = std::make_unique<ReportChart::Impl>();
    d->set_language(language);
    d->key = std::move(key);
    // The sentence goes into the title, so an exported chart says it without the report.
    const std::string heading(i18n::tr(language, "Power versus load"));
    d->title = sentence.empty() ? heading : heading + ": " + sentence;
    d->size = QSize(960, 420);
    d->chart->setTitle(qs(d->title));
    auto* x = d->value_axis(Qt::AlignBottom, qs(std::string(i18n::tr(language, "Busy CPUs"))));
    auto* y =
        d->value_axis(Qt::AlignLeft, qs(std::string(i18n::tr(language, "Mean wall power [W]"))));
    double xmax = 1.0;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const auto& [curve, style] : curves) {
        curve_ranges(*curve, xmax, lo, hi);
    }
    // Whole CPUs on the ticks, with room either side for the end points' error bars.
    double step = 1.0;
    while (xmax / step > 12.0) {
        step *= 2.0;
    }
    x->setRange(-0.25 * step, xmax + 0.25 * step);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(0.0);
    x->setTickInterval(step);
    x->setLabelFormat(QStringLiteral("%.0f"));
    const auto [ylo, yhi] = chart_style::padded_range(lo, hi);
    y->setRange(ylo, yhi);
    y->applyNiceNumbers();
    for (const auto& [curve, style] : curves) {
        add_curve(*d, *curve, style, x, y, mark_knee);
    }
    d->chart->legend()->setVisible(curves.size() > 1);
    d->finish();
    return std::make_unique<ReportChart>(std::move(d));
}

std::unique_ptr<ReportChart> time_chart(const report::ReportContent& content,
                                        chart_style::ChartGroup group) {
    struct Channel {
        const report::ChannelSeries* series;
        std::string unit;
        bool right = false;
    };
    std::vector<Channel> channels;
    std::string first_device;
    bool several_devices = false;
    for (const auto& s : content.samples.series) {
        if (s.buckets.empty()) {
            continue;
        }
        const auto p = report::present_channel(content.run.info, s.device, s.channel, s.unit);
        if (chart_style::chart_group(p.quantity) != group) {
            continue;
        }
        const auto* spec = core::rundir::find_channel(content.run.info, s.device, s.channel);
        const auto display_min = spec ? spec->display_min : std::nullopt;
        channels.push_back({&s, p.unit,
                            group == chart_style::ChartGroup::voltage && display_min &&
                                *display_min >= chart_style::kRightAxisFrom});
        if (first_device.empty()) {
            first_device = s.device;
        } else if (first_device != s.device) {
            several_devices = true;
        }
    }
    if (channels.empty()) {
        return nullptr;
    }

    auto d = std::make_unique<ReportChart::Impl>();
    d->set_language(content.language);
    d->key = std::string(chart_style::key(group));
    d->title = std::string(i18n::tr(content.language, chart_style::title(group)));
    d->size = QSize(960, 360);
    d->chart->setTitle(qs(d->title));
    d->over_time = true;

    double first = content.samples.first_time;
    double last = content.samples.last_time;
    if (!(last > first)) {
        first = std::numeric_limits<double>::infinity();
        last = -first;
        for (const auto& c : channels) {
            first = std::min(first, c.series->buckets.front().t0);
            last = std::max(last, c.series->buckets.back().t1);
        }
    }
    if (!(last > first)) {
        last = first + 1.0;
    }
    d->t0 = first;
    d->t1 = last;
    d->spans = phase_spans(content, last);
    const TimeUnit unit = time_unit(last - first);

    auto* x = d->value_axis(Qt::AlignBottom,
                            qs(i18n::trf(content.language, "Time since start [{}]", unit.name)));
    // The run's span exactly (rounding the range up would leave an empty stretch after the
    // run), with ticks on round numbers of the unit.
    const double span = (last - first) / unit.seconds;
    x->setRange(0.0, span);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(0.0);
    x->setTickInterval(nice_step(span / 5.0));
    x->setLabelFormat(QStringLiteral("%.0f"));
    auto* y = d->value_axis(Qt::AlignLeft, QString());
    QValueAxis* y_right = nullptr;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    double rlo = lo, rhi = hi;

    for (std::size_t i = 0; i < channels.size(); ++i) {
        const auto& c = channels[i];
        if (c.right && y_right == nullptr) {
            y_right = d->value_axis(Qt::AlignRight, QString());
        }
        QValueAxis* axis = c.right ? y_right : y;
        double& l = c.right ? rlo : lo;
        double& h = c.right ? rhi : hi;
        const auto& buckets = c.series->buckets;
        const QString name =
            qs(several_devices ? c.series->device + "/" + c.series->channel : c.series->channel) +
            (c.right ? QStringLiteral(" ▸") : QString());
        QLineSeries* named = nullptr;
        for (const auto& [begin, end] : segments(buckets)) {
            auto* mean = new QLineSeries(d->chart);
            mean->setPen(chart_style::series_pen(i, false));
            auto* upper = new QLineSeries(d->chart);
            auto* lower = new QLineSeries(d->chart);
            bool spread = false;
            auto add = [&](double t, const report::SeriesBucket& b) {
                const double xv = (t - first) / unit.seconds;
                mean->append(xv, b.mean);
                upper->append(xv, b.max);
                lower->append(xv, b.min);
            };
            for (std::size_t k = begin; k < end; ++k) {
                const auto& b = buckets[k];
                if (end - begin == 1) {
                    // A lone bucket as a short flat line: one point would not show.
                    add(b.t0, b);
                    add(b.t1, b);
                } else {
                    add(0.5 * (b.t0 + b.t1), b);
                }
                spread = spread || b.max > b.min;
                l = std::min(l, b.min);
                h = std::max(h, b.max);
                ++d->points;
            }
            if (spread) {
                auto* area = new QAreaSeries(upper, lower);
                area->setPen(Qt::NoPen);
                area->setBrush(chart_style::envelope_colour(i, d->palette));
                d->chart->addSeries(area);
                area->attachAxis(x);
                area->attachAxis(axis);
                for (auto* marker : d->chart->legend()->markers(area)) {
                    marker->setVisible(false);
                }
            } else {
                delete upper;
                delete lower;
            }
            d->chart->addSeries(mean);
            mean->attachAxis(x);
            mean->attachAxis(axis);
            if (named == nullptr) {
                named = mean;
                mean->setName(name);
            } else {
                for (auto* marker : d->chart->legend()->markers(mean)) {
                    marker->setVisible(false);
                }
            }
        }
        for (const auto* tp : drawn_limits(content.thresholds, *c.series)) {
            const auto& t = *tp;
            // A limit far from the readings would squash them to a line; it is named below the
            // chart instead.
            const double span = std::max(h - l, 0.1 * std::abs(h));
            if (t.value > h + 2.0 * span || t.value < l - 2.0 * span) {
                d->notes.push_back(threshold_text(t, c.unit, content.language) +
                                   std::string(i18n::tr(content.language, " (off the chart)")));
                continue;
            }
            l = std::min(l, t.value);
            h = std::max(h, t.value);
            d->thresholds.push_back(
                {t.value,
                 qs(fmt::format(
                     "{} {} {}",
                     several_devices || channels.size() > 1
                         ? c.series->device + "/" + c.series->channel
                         : c.series->channel,
                     i18n::tr(content.language, t.label),
                     i18n::localize_decimal(content.language, report::format_ratio(t.value)))),
                 named});
        }
    }
    if (group == chart_style::ChartGroup::load) {
        // Utilisation has a natural scale; a fixed one also keeps a flat 100 % line readable.
        y->setRange(0.0, std::max(100.0, hi));
    } else {
        const auto [a, b] = chart_style::padded_range(lo, hi);
        y->setRange(a, b);
        y->applyNiceNumbers();
    }
    if (y_right != nullptr) {
        const auto [a, b] = chart_style::padded_range(rlo, rhi);
        y_right->setRange(a, b);
        y_right->applyNiceNumbers();
    }
    d->finish();
    return std::make_unique<ReportChart>(std::move(d));
}

}  // namespace

ChartList report_charts(const report::ReportContent& content) {
    ChartList out;
    if (content.curve && content.curve->points.size() >= 2) {
        out.push_back(curves_chart(
            {{&*content.curve,
              CurveStyle{qs(content.curve->device + "/" + content.curve->channel), 0}}},
            "power-vs-load", true,
            content.curve->sentence_message.empty()
                ? content.curve->sentence
                : content.curve->sentence_message.in(content.language),
            content.language));
    }
    for (const auto group : chart_style::kChartGroups) {
        if (auto chart = time_chart(content, group)) {
            out.push_back(std::move(chart));
        }
    }
    return out;
}

ChartList comparison_charts(const report::Comparison& comparison,
                            const std::vector<std::string>& names) {
    std::vector<std::pair<const report::PowerCurve*, CurveStyle>> curves;
    for (std::size_t i = 0; i < comparison.curves.size(); ++i) {
        const auto& c = comparison.curves[i];
        if (!c || c->points.empty()) {
            continue;
        }
        const std::string name =
            i < names.size() ? names[i] : i18n::trf(comparison.language, "run {}", i + 1);
        curves.push_back({&*c, CurveStyle{qs(name), i}});
    }
    ChartList out;
    if (curves.empty()) {
        return out;
    }
    out.push_back(curves_chart(curves, "power-vs-load", false, "", comparison.language));
    return out;
}

}  // namespace wattbench::report_render
