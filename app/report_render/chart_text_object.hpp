#pragma once

#include <QObject>
#include <QTextObjectInterface>

#include "app/report_render/report_chart.hpp"

namespace wattbench::report_render {

// Draws charts inside a QTextDocument (the PDF's text engine) as vector graphics: a chart is an
// object character whose format carries its index in `charts`; it is as wide as the text column
// and keeps the chart's aspect ratio.
class ChartTextObject final : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    static constexpr int kType = QTextFormat::UserObject + 1;
    static constexpr int kIndexProperty = QTextFormat::UserProperty + 1;

    explicit ChartTextObject(const ChartList& charts, QObject* parent = nullptr);

    QSizeF intrinsicSize(QTextDocument* doc, int pos, const QTextFormat& format) override;
    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument* doc, int pos,
                    const QTextFormat& format) override;

private:
    const ChartList& charts_;
    std::vector<QByteArray> svgs_;
};

}  // namespace wattbench::report_render
