#include "app/chart_style/phase_bands.hpp"

#include <algorithm>

#include <QFontMetricsF>

namespace wattbench::chart_style {

void paint_phase_bands(QPainter& painter, const TimeScale& scale,
                       const std::vector<PhaseSpan>& spans, const ChartPalette& palette) {
    if (scale.plot.width() <= 0 || !(scale.t1 > scale.t0)) {
        return;
    }
    painter.save();
    painter.setClipRect(scale.plot);
    const QRectF& plot = scale.plot;
    for (const auto& b : spans) {
        if (std::isnan(b.start)) {
            continue;
        }
        const double end = b.open() ? scale.t1 : b.end;
        const double ws = b.has_window() ? b.window_start : end;
        const double we = b.has_window() ? (std::isnan(b.window_end) ? end : b.window_end) : end;
        painter.fillRect(
            QRectF(QPointF(scale.x(b.start), plot.top()), QPointF(scale.x(ws), plot.bottom())),
            band_colour(palette, false));
        if (b.has_window()) {
            painter.fillRect(
                QRectF(QPointF(scale.x(ws), plot.top()), QPointF(scale.x(we), plot.bottom())),
                band_colour(palette, true));
        }
    }
    painter.restore();
}

void paint_phase_marks(QPainter& painter, const TimeScale& scale,
                       const std::vector<PhaseSpan>& spans, const ChartPalette& palette,
                       const QFont& label_font) {
    if (scale.plot.width() <= 0 || !(scale.t1 > scale.t0)) {
        return;
    }
    const QRectF& plot = scale.plot;
    painter.save();
    painter.setClipRect(plot);
    painter.setFont(label_font);
    const QFontMetricsF fm(label_font);
    for (const auto& b : spans) {
        if (std::isnan(b.start)) {
            continue;
        }
        const double end = b.open() ? scale.t1 : b.end;
        if (b.has_window()) {
            painter.setPen(window_edge_pen(palette));
            const double xs = scale.x(b.window_start);
            painter.drawLine(QPointF(xs, plot.top()), QPointF(xs, plot.bottom()));
            if (!std::isnan(b.window_end)) {
                const double xe = scale.x(b.window_end);
                painter.drawLine(QPointF(xe, plot.top()), QPointF(xe, plot.bottom()));
            }
        }
        const double x0 = std::max(scale.x(b.start), plot.left());
        const double x1 = std::min(scale.x(end), plot.right());
        if (x1 - x0 < 12) {
            continue;
        }
        const QString name =
            fm.elidedText(QString::fromStdString(b.name), Qt::ElideRight, x1 - x0 - 4);
        painter.setPen(band_label_colour(palette));
        painter.drawText(QRectF(x0 + 3, plot.top() + 1, x1 - x0 - 4, fm.height()),
                         Qt::AlignLeft | Qt::AlignTop, name);
    }
    painter.restore();
}

void paint_marked_span(QPainter& painter, const TimeScale& scale, double mark0, double mark1,
                       const ChartPalette& palette) {
    const double eps = (scale.t1 - scale.t0) * 1e-3;
    if (!(mark1 > mark0) || (mark0 <= scale.t0 + eps && mark1 >= scale.t1 - eps)) {
        return;
    }
    const QRectF& plot = scale.plot;
    painter.save();
    painter.setClipRect(plot);
    QColor c = palette.text;
    c.setAlpha(140);
    painter.setPen(QPen(c, 1.5));
    c.setAlpha(18);
    painter.setBrush(c);
    painter.drawRect(QRectF(QPointF(scale.x(mark0), plot.top() + 1),
                            QPointF(scale.x(mark1), plot.bottom() - 1)));
    painter.restore();
}

}  // namespace wattbench::chart_style
