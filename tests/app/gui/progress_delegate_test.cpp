#include "app/gui/widgets/progress_delegate.hpp"

#include <gtest/gtest.h>

#include <QImage>
#include <QPainter>
#include <QStandardItemModel>
#include <QTableView>

#include "app/gui/model/phase_model.hpp"
#include "qt_env.hpp"

namespace wattbench::gui::widgets {
namespace {

TEST(ProgressDelegate, TheTextIsBesideTheBarNeverOnIt) {
    for (int width : {100, 120, 200, 400}) {
        const QRect cell(10, 5, width, 24);
        const auto p = ProgressDelegate::parts(cell, 55, 60);
        ASSERT_FALSE(p.bar.isEmpty()) << width;
        EXPECT_FALSE(p.bar.intersects(p.text)) << width;
        EXPECT_LT(p.bar.right(), p.text.left()) << width;
        EXPECT_TRUE(cell.contains(p.bar)) << width;
        EXPECT_TRUE(cell.contains(p.text)) << width;
        EXPECT_GE(p.text.width(), 60) << width;
    }
}

TEST(ProgressDelegate, BarsOfAColumnEndAtTheSameXWhateverTheirText) {
    const QRect cell(0, 0, 200, 24);
    // "0:10" and "0:45 left" both fit the reserved slot.
    EXPECT_EQ(ProgressDelegate::parts(cell, 30, 70).bar, ProgressDelegate::parts(cell, 65, 70).bar);
    // A longer text takes room from the bar rather than run over it.
    const auto wide = ProgressDelegate::parts(cell, 100, 70);
    EXPECT_LT(wide.bar.right(), wide.text.left());
    EXPECT_GE(wide.text.width(), 100);
}

TEST(ProgressDelegate, ACellTooNarrowForABarShowsTheTextOnly) {
    const auto p = ProgressDelegate::parts(QRect(0, 0, 70, 24), 60, 60);
    EXPECT_TRUE(p.bar.isEmpty());
    EXPECT_FALSE(p.text.isEmpty());
}

}  // namespace
}  // namespace wattbench::gui::widgets
