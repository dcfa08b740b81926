#include "app/gui/widgets/progress_delegate.hpp"

#include <algorithm>

#include <QApplication>
#include <QPainter>
#include <QStyleOptionProgressBar>

#include "app/gui/model/phase_model.hpp"

namespace wattbench::gui::widgets {

namespace {

constexpr int kGap = 6;      // between the bar and its text
constexpr int kMinBar = 24;  // narrower than this a bar says nothing: text only
constexpr int kMargin = 2;

// The widest text a row usually shows ("12:00 left"), in the view's normal font.
int slot_width(const QStyleOptionViewItem& option) {
    const QFontMetrics fm(option.widget ? option.widget->font() : option.font);
    return fm.horizontalAdvance(model::PhaseModel::tr("%1 left").arg(QStringLiteral("00:00")));
}

}  // namespace

ProgressDelegate::Parts ProgressDelegate::parts(const QRect& cell, int text_width, int slot_width) {
    const QRect inner = cell.adjusted(kMargin, kMargin + 1, -kMargin, -kMargin - 1);
    const int slot = std::max(text_width, slot_width);
    Parts p;
    if (inner.width() - slot - kGap < kMinBar) {
        p.text = inner;
        return p;
    }
    p.bar = QRect(inner.left(), inner.top(), inner.width() - slot - kGap, inner.height());
    p.text = QRect(p.bar.right() + 1 + kGap, inner.top(), slot, inner.height());
    return p;
}

void ProgressDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
    const QVariant v = index.data(model::PhaseModel::kProgressRole);
    if (!v.isValid() || v.toDouble() < 0.0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* w = option.widget;
    QStyle* style = w ? w->style() : QApplication::style();
    // The row's background (alternating colours) without its text.
    const QString text = opt.text;
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, w);

    const Parts p =
        parts(option.rect, QFontMetrics(opt.font).horizontalAdvance(text), slot_width(option));
    if (!p.bar.isEmpty()) {
        QStyleOptionProgressBar bar;
        bar.rect = p.bar;
        bar.minimum = 0;
        bar.maximum = 1000;
        bar.progress = static_cast<int>(v.toDouble() * 1000.0);
        bar.textVisible = false;
        bar.state = option.state | QStyle::State_Horizontal;
        bar.palette = option.palette;
        style->drawControl(QStyle::CE_ProgressBar, &bar, painter, w);
    }
    painter->save();
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(QPalette::Text));
    painter->drawText(p.text, Qt::AlignRight | Qt::AlignVCenter,
                      QFontMetrics(opt.font).elidedText(text, Qt::ElideRight, p.text.width()));
    painter->restore();
}

QSize ProgressDelegate::sizeHint(const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const {
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setWidth(std::max(s.width(), slot_width(option)) + kGap + kMinBar + 2 * kMargin);
    return s;
}

}  // namespace wattbench::gui::widgets
