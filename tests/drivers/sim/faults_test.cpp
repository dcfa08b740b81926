#include <gtest/gtest.h>

#include "drivers/sim/factory.hpp"
#include "drivers/sim/register.hpp"
#include "drivers/sim/wattmeter.hpp"
#include "tests/drivers/sim/rig.hpp"

namespace wattbench::drivers::sim {
namespace {

using api::ErrorKind;
using testing::quiet;
using testing::reading_of;
using testing::Rig;
using testing::value_of;

TEST(Faults, FailOpenIsUnreachableEveryTime) {
    auto s = quiet(Kind::wattmeter);
    s.faults.fail_open = true;
    Rig rig(s);
    for (int i = 0; i < 3; ++i) {
        auto e = rig.device->open();
        ASSERT_TRUE(e);
        EXPECT_EQ(e->kind, ErrorKind::unreachable);
        EXPECT_EQ(e->message, "simulated open failure (fail_open = true)");
    }
    auto r = rig.device->poll(rig.later(Seconds{1.0}));
    ASSERT_TRUE(r.error);
    EXPECT_TRUE(r.readings.empty());
}

TEST(Faults, OpenDelayTakesItsTimeBeforeAnswering) {
    auto s = quiet(Kind::wattmeter);
    s.faults.open_delay = Seconds{0.7};
    s.faults.fail_open = true;
    Rig rig(s);
    const auto before = rig.clock->now();
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    EXPECT_NEAR(Seconds(rig.clock->now() - before).count(), 0.7, 1e-6);
}

TEST(Faults, DropoutWindowLosesTheLinkThenRecovers) {
    auto s = quiet(Kind::wattmeter);
    s.faults.dropout_after = Seconds{10.0};
    s.faults.dropout_for = Seconds{5.0};
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);

    for (int t = 1; t < 10; ++t) {
        EXPECT_FALSE(rig.poll_after(Seconds{1.0}).error) << t;
    }
    auto lost = rig.poll_after(Seconds{1.0});  // t = 10 s
    ASSERT_TRUE(lost.error);
    EXPECT_EQ(lost.error->kind, ErrorKind::link_lost);
    EXPECT_TRUE(lost.readings.empty());

    // The engine closes and retries; the device stays unreachable until the window ends.
    rig.device->close();
    rig.clock->advance(Seconds{2.0});  // t = 12 s
    auto reopen = rig.device->open();
    ASSERT_TRUE(reopen);
    EXPECT_EQ(reopen->kind, ErrorKind::unreachable);
    rig.clock->advance(Seconds{2.9});  // t = 14.9 s
    ASSERT_TRUE(rig.device->open());

    rig.clock->advance(Seconds{0.1});  // t = 15 s
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto back = rig.poll_after(Seconds{1.0});
    ASSERT_FALSE(back.error);
    EXPECT_DOUBLE_EQ(value_of(back, Wattmeter::power), 71.5);
    // The meter kept integrating through the gap, as a real one does.
    EXPECT_NEAR(value_of(back, Wattmeter::energy), 71.5 * 16.0 / 3600.0, 1e-12);

    for (int i = 0; i < 100; ++i) {
        EXPECT_FALSE(rig.poll_after(Seconds{1.0}).error);
    }
}

TEST(Faults, DropoutCountsFromTheFirstOpen) {
    auto s = quiet(Kind::bmc);
    s.faults.dropout_after = Seconds{10.0};
    s.faults.dropout_for = Seconds{5.0};
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.clock->advance(Seconds{8.0});
    rig.device->close();
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll_after(Seconds{3.0});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost);
}

TEST(Faults, GarbageEveryNthPoll) {
    auto s = quiet(Kind::wattmeter);
    s.faults.garbage_every = 3;
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    for (int k = 1; k <= 9; ++k) {
        auto r = rig.poll_after(Seconds{1.0});
        if (k % 3 == 0) {
            ASSERT_TRUE(r.error) << k;
            EXPECT_EQ(r.error->kind, ErrorKind::protocol);
            EXPECT_EQ(r.error->message, "simulated garbage answer (garbage_every = 3)");
            EXPECT_TRUE(r.readings.empty());
        } else {
            EXPECT_FALSE(r.error) << k;
            EXPECT_EQ(r.readings.size(), 7u);
        }
    }
}

TEST(Faults, GarbageEveryOneFailsEveryPoll) {
    auto s = quiet(Kind::sound);
    s.faults.garbage_every = 1;
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    for (int k = 0; k < 3; ++k) {
        EXPECT_TRUE(rig.poll_after(Seconds{1.0}).error);
    }
}

TEST(Faults, OverrangeFlagsOnlyPowerAboveTheLimit) {
    auto s = quiet(Kind::wattmeter);
    s.faults.overrange_above = 100.0;
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);

    auto idle = rig.poll_after(Seconds{1.0});
    EXPECT_EQ(reading_of(idle, Wattmeter::power)->status, api::Status::ok);

    rig.load->set_busy(1.0);  // 100.3 W
    auto busy = rig.poll_after(Seconds{1.0});
    ASSERT_FALSE(busy.error);
    EXPECT_EQ(reading_of(busy, Wattmeter::power)->status, api::Status::overrange);
    EXPECT_DOUBLE_EQ(reading_of(busy, Wattmeter::power)->value, 100.3);
    for (const auto& r : busy.readings) {
        if (r.channel != Wattmeter::power) {
            EXPECT_EQ(r.status, api::Status::ok) << r.channel;
        }
    }
}

TEST(Faults, SlowPollAnswersLateWithinTheDeadline) {
    auto s = quiet(Kind::wattmeter);
    s.faults.slow_poll = Seconds{0.4};
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto start = rig.clock->now();
    auto r = rig.device->poll(rig.later(Seconds{1.0}));
    ASSERT_FALSE(r.error);
    EXPECT_EQ(rig.clock->now() - start, std::chrono::milliseconds(400));
}

TEST(Faults, SlowPollGivesUpAtTheDeadline) {
    auto s = quiet(Kind::wattmeter);
    s.faults.slow_poll = Seconds{2.5};
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto deadline = rig.later(Seconds{1.0});
    auto r = rig.device->poll(deadline);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    EXPECT_TRUE(r.readings.empty());
    EXPECT_EQ(rig.clock->now(), deadline);
}

TEST(Faults, SlowPollRespectsARealDeadline) {
    api::DeviceConfig c;
    c.id = "slow";
    c.driver = "sim";
    c.connection = "sim://wattmeter";
    c.options.set("slow_poll", std::string("10s"));
    api::Registry registry;
    registry.add(driver_info());
    auto made = registry.create(std::move(c));
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    auto& device = std::get<std::unique_ptr<api::Device>>(made);
    ASSERT_EQ(device->open(), std::nullopt);

    const auto start = std::chrono::steady_clock::now();
    auto r = device->poll(start + std::chrono::milliseconds(50));
    const auto took = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::timeout);
    EXPECT_GE(took, std::chrono::milliseconds(50));
    // Generous: only proves the poll did not sit out its ten seconds.
    EXPECT_LT(took, std::chrono::seconds(5));
}

TEST(Faults, PollBeforeOpenIsAnError) {
    Rig rig(quiet(Kind::bmc));
    auto r = rig.device->poll(rig.later(Seconds{1.0}));
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, ErrorKind::link_lost);
}

TEST(Faults, LoadStartFailureIsReportedByOpenAndRetried) {
    Rig rig(quiet(Kind::wattmeter));
    rig.load->start_error = api::DeviceError{ErrorKind::unreachable, "cannot read /nowhere"};
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message, "cannot read /nowhere");
    rig.load->start_error.reset();
    EXPECT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.load->starts, 2);
    rig.device->close();
    EXPECT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.load->starts, 2);
}

}  // namespace
}  // namespace wattbench::drivers::sim
