#include "app/report_render/chart_text_object.hpp"

#include <QPainter>
#include <QSvgRenderer>
#include <QTextDocument>

#include "app/report_render/chart_output.hpp"

namespace wattbench::report_render {

ChartTextObject::ChartTextObject(const ChartList& charts, QObject* parent)
    : QObject(parent), charts_(charts) {
    // Through SVG rather than painting the scene onto the PDF: the chart's point-sized fonts
    // then keep their size relative to the chart at the printer's resolution.
    for (const auto& chart : charts_) {
        svgs_.push_back(QByteArray::fromStdString(chart_svg(*chart)));
    }
}

QSizeF ChartTextObject::intrinsicSize(QTextDocument* doc, int, const QTextFormat& format) {
    const auto index = static_cast<std::size_t>(format.intProperty(kIndexProperty));
    if (index >= charts_.size()) {
        return {};
    }
    double width = doc->pageSize().width() > 0 ? doc->pageSize().width() - 2 * doc->documentMargin()
                                               : doc->textWidth();
    if (width <= 0) {
        width = charts_[index]->size().width();
    }
    width *= 0.99;
    const QSize natural = charts_[index]->size();
    return {width, width * natural.height() / natural.width()};
}

void ChartTextObject::drawObject(QPainter* painter, const QRectF& rect, QTextDocument*, int,
                                 const QTextFormat& format) {
    const auto index = static_cast<std::size_t>(format.intProperty(kIndexProperty));
    if (index >= svgs_.size()) {
        return;
    }
    QSvgRenderer renderer(svgs_[index]);
    renderer.render(painter, rect);
}

}  // namespace wattbench::report_render
