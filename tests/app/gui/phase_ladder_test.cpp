#include "app/gui/widgets/phase_ladder.hpp"

#include <gtest/gtest.h>

#include <QLabel>
#include <QProgressBar>

#include "app/gui/model/phase_model.hpp"
#include "qt_env.hpp"

namespace wattbench::gui::widgets {
namespace {

TEST(PhaseLadder, TimeLeftStandsBesideTheBarsNotOnThem) {
    test::qt_app();
    model::PhaseModel m;
    m.set_plan({{"idle", "idle", 30, 60}, {"cpu-1", "cpu", 30, 60}});
    PhaseLadder ladder(&m);
    ladder.resize(320, 400);
    ladder.show();
    m.on_stage(0, core::phases::Stage::warmup, 1000.0, 30.0);
    m.set_now(1015.0);
    ladder.update_progress();

    auto* stage = ladder.findChild<QProgressBar*>("stageProgress");
    auto* run = ladder.findChild<QProgressBar*>("runProgress");
    ASSERT_NE(stage, nullptr);
    ASSERT_NE(run, nullptr);
    EXPECT_FALSE(stage->isTextVisible());
    EXPECT_FALSE(run->isTextVisible());
    EXPECT_EQ(stage->value(), 500);
    EXPECT_EQ(ladder.stage_text(), "0:15 left");
    EXPECT_EQ(ladder.run_text(), "2:45 left");
    EXPECT_EQ(stage->toolTip(), "idle warming up");

    // Each text's label is right of its bar, in the same row, not over it.
    for (auto [bar, name] : {std::pair{stage, "stageLeft"}, std::pair{run, "runLeft"}}) {
        auto* label = ladder.findChild<QLabel*>(name);
        ASSERT_NE(label, nullptr) << name;
        EXPECT_FALSE(bar->geometry().intersects(label->geometry())) << name;
        EXPECT_GE(label->geometry().left(), bar->geometry().right()) << name;
        EXPECT_TRUE(label->geometry().intersects(
            QRect(0, bar->geometry().top(), ladder.width(), bar->geometry().height())))
            << name;
    }

    m.on_stage(-1, core::phases::Stage::between, 1100.0, 0.0);
    ladder.update_progress();
    EXPECT_EQ(ladder.stage_text(), "–");
}

}  // namespace
}  // namespace wattbench::gui::widgets
