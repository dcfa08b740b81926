#pragma once

#include <QRect>
#include <QStyledItemDelegate>

namespace wattbench::gui::widgets {

// Paints a cell's PhaseModel::kProgressRole share (0..1) as a progress bar with the cell text
// beside it, right of the bar: text drawn over a bar runs across the edge of its filled part and
// is half unreadable. Cells without progress (-1) paint as text.
class ProgressDelegate final : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    struct Parts {
        QRect bar;  // empty when the cell is too narrow for a bar beside its text
        QRect text;
    };
    // Where the bar and the text go in `cell` for text `text_width` pixels wide; every row
    // reserves at least `slot_width` so the bars of a column end at the same x.
    static Parts parts(const QRect& cell, int text_width, int slot_width);

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace wattbench::gui::widgets
