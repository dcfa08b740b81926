#include "drivers/common/update_interval.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace wattbench::drivers::common {
namespace {

using Clock = UpdateInterval::Clock;
using std::chrono::milliseconds;

// A meter polled every 500 ms that refreshes every 2 s: polls repeat its values in between.
class RefreshingMeter : public ::testing::Test {
protected:
    // One poll `ms` after the start with power `w` (channel 0) and energy `wh` (channel 1).
    std::vector<api::Notice> poll(int ms, double w, double wh = 10.0) {
        std::vector<api::Notice> notices;
        watch_.observe({{0, w, api::Status::ok, {}}, {1, wh, api::Status::ok, {}}},
                       start_ + milliseconds(ms), notices);
        return notices;
    }
    // Polls every 500 ms from `from` for `count` polls, the value changing every 2 s.
    std::vector<api::Notice> refreshing(int from, int count) {
        std::vector<api::Notice> all;
        for (int i = 0; i < count; ++i) {
            const int ms = from + i * 500;
            for (auto& n : poll(ms, 100.0 + ms / 2000)) {
                all.push_back(std::move(n));
            }
        }
        return all;
    }

    UpdateInterval watch_{"the PDU"};
    Clock::time_point start_ = Clock::time_point{} + std::chrono::hours(1);
};

TEST_F(RefreshingMeter, LearnsTheIntervalOnceWithTheDeviceSettings) {
    watch_.keep_settings({{"vendor", std::string("eaton")}, {"oids_per_poll", std::int64_t{133}}});
    // Changes at 2, 4, …, 12 s: the sixth change gives the fifth gap.
    const auto before = refreshing(0, 24);
    EXPECT_TRUE(before.empty());
    EXPECT_FALSE(watch_.interval_s());
    const auto learned = refreshing(12000, 1);
    ASSERT_EQ(learned.size(), 1u);
    ASSERT_TRUE(watch_.interval_s());
    EXPECT_DOUBLE_EQ(*watch_.interval_s(), 2.0);
    const auto& n = learned[0];
    EXPECT_FALSE(n.warning);
    EXPECT_TRUE(n.phase_flag.empty());
    EXPECT_EQ(n.message,
              "the PDU refreshes its readings about every 2 s (as seen at this poll rate); polls "
              "between refreshes repeat the same values");
    // The whole settings set: a notice's settings replace the manifest's earlier ones.
    ASSERT_EQ(n.settings.size(), 3u);
    EXPECT_EQ(std::get<double>(n.settings.at("update_interval_s")), 2.0);
    EXPECT_EQ(std::get<std::string>(n.settings.at("vendor")), "eaton");
    EXPECT_EQ(std::get<std::int64_t>(n.settings.at("oids_per_poll")), 133);
    // Refreshing as before: nothing more to say.
    EXPECT_TRUE(refreshing(12500, 20).empty());
}

TEST_F(RefreshingMeter, ValuesFrozenLongerThanTwiceTheIntervalAreStaleUntilTheyChange) {
    refreshing(0, 25);  // learned at 12 s: 2 s; last change at 12 s
    ASSERT_TRUE(watch_.interval_s());
    EXPECT_TRUE(poll(14000, 106.0).empty()) << "2 s unchanged: one refresh may be late";
    EXPECT_TRUE(poll(16000, 106.0).empty()) << "4 s unchanged: exactly twice, not more";
    const auto first = poll(16500, 106.0);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].phase_flag, "stale");
    EXPECT_TRUE(first[0].warning);
    EXPECT_EQ(first[0].message,
              "the readings have not changed for 4.5 s, more than twice the PDU's update "
              "interval of 2 s (stale: it may have stopped refreshing)");
    // Every stale poll flags (a window may open while they repeat); only the first one logs.
    const auto later = poll(17000, 106.0);
    ASSERT_EQ(later.size(), 1u);
    EXPECT_EQ(later[0].phase_flag, "stale");
    EXPECT_TRUE(later[0].message.empty());
    // A poll without values neither ends nor extends it.
    std::vector<api::Notice> none;
    watch_.observe({{0, 0.0, api::Status::unavailable, {}}}, start_ + milliseconds(17500), none);
    EXPECT_TRUE(none.empty());
    // Any channel changing ends it, logged without a flag.
    const auto back = poll(18000, 106.0, 10.5);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_TRUE(back[0].phase_flag.empty());
    EXPECT_FALSE(back[0].warning);
    EXPECT_EQ(back[0].message, "the readings change again after 6 s");
    EXPECT_TRUE(poll(19000, 106.0, 10.5).empty());
}

TEST_F(RefreshingMeter, NothingIsStaleBeforeTheIntervalIsKnown) {
    for (int ms = 0; ms < 60000; ms += 500) {
        EXPECT_TRUE(poll(ms, 42.0).empty());
    }
    EXPECT_FALSE(watch_.interval_s());
}

TEST_F(RefreshingMeter, TheMedianGapIgnoresAnOutage) {
    // Gaps 2, 10 (no answer for 8 s), 2, 2, 2 s after the first change.
    int ms = 0;
    double w = 1.0;
    for (int gap : {0, 2000, 2000, 10000, 2000, 2000, 2000}) {
        ms += gap;
        poll(ms, w++);
    }
    ASSERT_TRUE(watch_.interval_s());
    EXPECT_DOUBLE_EQ(*watch_.interval_s(), 2.0);
}

}  // namespace
}  // namespace wattbench::drivers::common
