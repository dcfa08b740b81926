#include "drivers/api/device_error.hpp"

#include <gtest/gtest.h>

#include "drivers/api/device.hpp"

namespace wattbench::drivers::api {
namespace {

TEST(FailedOpen, ASilentOrBrokenLinkIsUnreachable) {
    EXPECT_EQ(failed_open({ErrorKind::timeout, "no answer"}).kind, ErrorKind::unreachable);
    EXPECT_EQ(failed_open({ErrorKind::link_lost, "EPIPE"}).kind, ErrorKind::unreachable);
    EXPECT_EQ(failed_open({ErrorKind::timeout, "no answer"}).message, "no answer");
}

TEST(FailedOpen, KeepsWhatTheMeterSaid) {
    for (const auto kind :
         {ErrorKind::config, ErrorKind::protocol, ErrorKind::auth, ErrorKind::unreachable}) {
        EXPECT_EQ(failed_open({kind, "x"}).kind, kind) << to_string(kind);
    }
}

TEST(StartPoll, TakesTheQueuedNotices) {
    std::vector<Notice> queued{{true, "range refused", "", {}}, {false, "ok", "", {}}};
    const auto result = start_poll(queued, true);
    EXPECT_FALSE(result.error);
    ASSERT_EQ(result.notices.size(), 2u);
    EXPECT_EQ(result.notices[0].message, "range refused");
    EXPECT_TRUE(queued.empty());
}

TEST(StartPoll, AClosedLinkIsLostButItsNoticesStillGoOut) {
    std::vector<Notice> queued{{true, "range refused", "", {}}};
    const auto result = start_poll(queued, false);
    ASSERT_TRUE(result.error);
    EXPECT_EQ(result.error->kind, ErrorKind::link_lost);
    EXPECT_EQ(result.error->message, "not open");
    EXPECT_EQ(result.notices.size(), 1u);
    EXPECT_TRUE(queued.empty());
}

}  // namespace
}  // namespace wattbench::drivers::api
