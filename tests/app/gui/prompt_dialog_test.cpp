#include "app/gui/widgets/prompt_dialog.hpp"

#include <gtest/gtest.h>

#include <QDoubleSpinBox>
#include <QPointer>
#include <QPushButton>
#include <QTest>

#include "qt_env.hpp"

namespace wattbench::gui::widgets {
namespace {

using Kind = core::engine::PromptRequest::Kind;

struct Answers {
    std::vector<std::pair<std::uint64_t, std::optional<double>>> got;
    void attach(PromptDialog& d) {
        d.on_answer = [this](std::uint64_t id, std::optional<double> v) {
            got.emplace_back(id, v);
        };
    }
};

core::engine::PromptRequest number_prompt() {
    core::engine::PromptRequest p;
    p.id = 7;
    p.phase_name = "cpu-4";
    p.device_id = "kwh";
    p.kind = Kind::number;
    p.unit = "kWh";
    p.question = "Read the meter's counter";
    p.default_value = 12.5;
    return p;
}

TEST(PromptDialog, ANumberPromptRecordsTheEnteredNumber) {
    test::qt_app();
    auto* d = new PromptDialog(number_prompt());
    Answers a;
    a.attach(*d);
    EXPECT_EQ(d->objectName(), "prompt-7");
    EXPECT_TRUE(d->windowTitle().contains("Phase cpu-4, kwh")) << d->windowTitle().toStdString();
    EXPECT_TRUE(d->question_text().contains("Read the meter")) << d->question_text().toStdString();
    ASSERT_NE(d->number(), nullptr);
    EXPECT_DOUBLE_EQ(d->number()->value(), 12.5);
    EXPECT_EQ(d->number()->suffix(), " kWh");
    EXPECT_EQ(d->ok_button()->text(), "Record");
    EXPECT_EQ(d->skip_button()->text(), "Skip");
    QPointer<PromptDialog> alive(d);
    d->open();
    d->number()->setValue(1234.0625);
    d->ok_button()->click();
    ASSERT_EQ(a.got.size(), 1u);
    EXPECT_EQ(a.got[0].first, 7u);
    EXPECT_EQ(a.got[0].second, 1234.0625);
    // It deletes itself once closed.
    QTest::qWait(0);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    EXPECT_TRUE(alive.isNull());
}

TEST(PromptDialog, SkippingOrEscapeAnswersNothingOnce) {
    test::qt_app();
    auto* d = new PromptDialog(number_prompt());
    Answers a;
    a.attach(*d);
    d->open();
    QTest::keyClick(d, Qt::Key_Escape);
    ASSERT_EQ(a.got.size(), 1u);
    EXPECT_FALSE(a.got[0].second.has_value());
    // A second way out (a withdrawn prompt's reject) does not answer again.
    d->reject();
    EXPECT_EQ(a.got.size(), 1u);
}

TEST(PromptDialog, AConfirmationAnswersOneOrSkipsThePhase) {
    test::qt_app();
    core::engine::PromptRequest p;
    p.id = 3;
    p.phase_name = "idle";
    p.kind = Kind::confirm;
    p.question = "Close the rack door";
    {
        auto* d = new PromptDialog(p);
        Answers a;
        a.attach(*d);
        EXPECT_EQ(d->number(), nullptr);
        EXPECT_EQ(d->ok_button()->text(), "Done, continue");
        EXPECT_EQ(d->skip_button()->text(), "Skip phase");
        EXPECT_TRUE(d->windowTitle().endsWith("Phase idle")) << d->windowTitle().toStdString();
        d->open();
        d->ok_button()->click();
        ASSERT_EQ(a.got.size(), 1u);
        EXPECT_EQ(a.got[0], std::make_pair(std::uint64_t{3}, std::optional<double>(1.0)));
    }
    {
        auto* d = new PromptDialog(p);
        Answers a;
        a.attach(*d);
        d->open();
        d->skip_button()->click();
        ASSERT_EQ(a.got.size(), 1u);
        EXPECT_FALSE(a.got[0].second.has_value());
    }
}

TEST(PromptDialog, TheQuestionIsTextNotMarkup) {
    test::qt_app();
    core::engine::PromptRequest p;
    p.kind = Kind::confirm;
    p.phase_name = "a<b>";
    p.question = "1 < 2 & <i>x</i>";
    PromptDialog d(p);
    EXPECT_TRUE(d.question_text().contains("1 &lt; 2 &amp; &lt;i&gt;"))
        << d.question_text().toStdString();
    EXPECT_TRUE(d.question_text().contains("a&lt;b&gt;"));
}

}  // namespace
}  // namespace wattbench::gui::widgets
