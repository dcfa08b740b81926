#pragma once

#include <QStyledItemDelegate>

namespace wattbench::gui::widgets {

// Paints a cell's PhaseModel::kProgressRole share (0..1) as a progress bar with the cell text
// on it; cells without progress (-1) paint as text.
class ProgressDelegate final : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
};

}  // namespace wattbench::gui::widgets
