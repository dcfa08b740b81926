#include "app/gui/history/channel_history.hpp"

#include <gtest/gtest.h>

namespace wattbench::gui::history {
namespace {

TEST(ChannelHistory, RecentKeepsOnlyTheSpanAtFullResolution) {
    ChannelHistory h(60.0, 64);
    for (int i = 0; i <= 600; ++i) {
        h.add({static_cast<double>(i), static_cast<double>(i)});
    }
    ASSERT_FALSE(h.recent().empty());
    EXPECT_EQ(h.recent().front().t, 540.0);
    EXPECT_EQ(h.recent().back().t, 600.0);
    EXPECT_EQ(h.recent().size(), 61u);
    EXPECT_TRUE(h.trimmed());
    EXPECT_LE(h.overview().bucket_count(), 64u);
    EXPECT_EQ(h.latest()->v, 600.0);
}

TEST(ChannelHistory, RecentSinceStartsAtTheFirstPointNotBefore) {
    ChannelHistory h(100.0, 64);
    for (int i = 0; i < 10; ++i) {
        h.add({static_cast<double>(i), 0.0});
    }
    EXPECT_FALSE(h.trimmed());
    const auto pts = h.recent_since(6.5);
    ASSERT_EQ(pts.size(), 3u);
    EXPECT_EQ(pts.front().t, 7.0);
}

TEST(ChannelHistory, StoredPointsAreBoundedForADayAtTenHertz) {
    ChannelHistory h(3600.0, 1024);
    for (int i = 0; i < 24 * 3600 * 10; ++i) {
        h.add({i * 0.1, 1.0});
    }
    // An hour at 10 Hz plus two points per overview bucket, whatever the run length.
    EXPECT_LE(h.stored_points(), 36'001u + 2048u);
}

}  // namespace
}  // namespace wattbench::gui::history
