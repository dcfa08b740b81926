#include "app/gui/widgets/progress_delegate.hpp"

#include <QApplication>
#include <QStyleOptionProgressBar>

#include "app/gui/model/phase_model.hpp"

namespace wattbench::gui::widgets {

void ProgressDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
    const QVariant v = index.data(model::PhaseModel::kProgressRole);
    if (!v.isValid() || v.toDouble() < 0.0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(2, 3, -2, -3);
    bar.minimum = 0;
    bar.maximum = 1000;
    bar.progress = static_cast<int>(v.toDouble() * 1000.0);
    bar.text = index.data(Qt::DisplayRole).toString();
    bar.textVisible = true;
    bar.textAlignment = Qt::AlignCenter;
    bar.state = option.state | QStyle::State_Horizontal;
    bar.palette = option.palette;
    const QWidget* w = option.widget;
    QStyle* style = w ? w->style() : QApplication::style();
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, w);
}

}  // namespace wattbench::gui::widgets
