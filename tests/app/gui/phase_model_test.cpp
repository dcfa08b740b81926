#include "app/gui/model/phase_model.hpp"

#include <gtest/gtest.h>

#include "qt_env.hpp"

namespace wattbench::gui::model {
namespace {

using core::phases::Stage;
using State = PhaseModel::State;

class PhaseModelTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::qt_app();
        m.set_plan(
            {{"idle", "idle", 60, 120}, {"cpu-1", "cpu", 60, 120}, {"disk", "disk", 30, 60}});
    }
    PhaseModel m;
};

TEST_F(PhaseModelTest, AllPendingBeforeTheRun) {
    EXPECT_EQ(m.rowCount(), 3);
    EXPECT_EQ(m.state(0), State::pending);
    EXPECT_EQ(m.current(), -1);
    EXPECT_DOUBLE_EQ(m.run_left(), 450.0);
    EXPECT_EQ(m.index(2, PhaseModel::progress_column).data().toString(), "1:30");
}

TEST_F(PhaseModelTest, WarmupProgressAndTimeLeft) {
    m.on_stage(0, Stage::warmup, 1000.0, 60.0);
    m.set_now(1015.0);
    EXPECT_EQ(m.state(0), State::warming_up);
    EXPECT_DOUBLE_EQ(m.stage_fraction(), 0.25);
    EXPECT_DOUBLE_EQ(m.stage_left(), 45.0);
    // 45 s of warm-up, the 120 s window, and 180 + 90 s of pending phases.
    EXPECT_DOUBLE_EQ(m.run_left(), 435.0);
    const auto cell = m.index(0, PhaseModel::progress_column);
    EXPECT_EQ(cell.data().toString(), "0:45 left");
    EXPECT_DOUBLE_EQ(cell.data(PhaseModel::kProgressRole).toDouble(), 0.25);
    EXPECT_EQ(m.index(0, PhaseModel::state_column).data().toString(), "warming up");
}

TEST_F(PhaseModelTest, MeasuringThenDoneOrFlagged) {
    m.on_stage(0, Stage::warmup, 0.0, 60.0);
    m.on_stage(0, Stage::window, 60.0, 120.0);
    EXPECT_EQ(m.state(0), State::measuring);
    m.on_finished(0, core::engine::PhaseStatus::done, false);
    EXPECT_EQ(m.state(0), State::done);
    EXPECT_EQ(m.current(), -1);
    m.on_stage(1, Stage::warmup, 200.0, 60.0);
    m.on_stage(1, Stage::window, 260.0, 120.0);
    m.on_finished(1, core::engine::PhaseStatus::done, true);
    EXPECT_EQ(m.state(1), State::flagged);
    m.on_stage(2, Stage::warmup, 400.0, 30.0);
    m.on_finished(2, core::engine::PhaseStatus::interrupted, false);
    EXPECT_EQ(m.state(2), State::interrupted);
    EXPECT_DOUBLE_EQ(m.run_left(), 0.0);
}

TEST_F(PhaseModelTest, SkippedAndFailed) {
    m.on_finished(0, core::engine::PhaseStatus::skipped, false);
    m.on_finished(1, core::engine::PhaseStatus::failed, false);
    EXPECT_EQ(m.state(0), State::skipped);
    EXPECT_EQ(m.state(1), State::failed);
    EXPECT_EQ(PhaseModel::to_text(State::failed), "failed");
}

TEST(PhaseModelFormat, Durations) {
    EXPECT_EQ(PhaseModel::format_left(0.2), "0:01");
    EXPECT_EQ(PhaseModel::format_left(65), "1:05");
    EXPECT_EQ(PhaseModel::format_left(3723), "1:02:03");
}

}  // namespace
}  // namespace wattbench::gui::model
