#include "app/core/sampling/sampler.hpp"

#include <gtest/gtest.h>

#include <random>
#include <thread>

#include "tests/support/fake_clock.hpp"
#include "tests/support/fake_device.hpp"

namespace wattbench::core::sampling {
namespace {

using drivers::api::DeviceError;
using drivers::api::ErrorKind;
using drivers::api::PollResult;
using drivers::api::Status;
using std::chrono::milliseconds;
using std::chrono::seconds;
using tests::FakeClock;
using tests::FakeDevice;

struct Listener final : SamplerListener {
    void on_device_state(std::uint32_t, DeviceState s, const std::string&) override {
        std::lock_guard l(m);
        states.push_back(s);
    }
    void on_device_event(std::uint32_t, EventLevel, const std::string& msg) override {
        std::lock_guard l(m);
        events.push_back(msg);
    }
    std::mutex m;
    std::vector<DeviceState> states;
    std::vector<std::string> events;
};

std::vector<record::Sample> drain(SampleQueue& q) {
    std::vector<QueueItem> items;
    q.pop_all(items, milliseconds(0));
    std::vector<record::Sample> out;
    for (auto& i : items) {
        out.push_back(std::get<record::Sample>(i));
    }
    return out;
}

SamplerConfig config(const FakeClock& clock, std::chrono::nanoseconds interval) {
    SamplerConfig c;
    c.device_id = "dev";
    c.interval = interval;
    c.anchor.mono = clock.now();
    c.anchor.utc = std::chrono::system_clock::time_point(seconds(1'700'000'000));
    c.opened = true;
    return c;
}

TEST(Grid, TicksAreComputedNotAccumulated) {
    const auto start = std::chrono::steady_clock::time_point(seconds(5));
    Grid g(start, milliseconds(100));
    EXPECT_EQ(g.tick(0), start);
    EXPECT_EQ(g.tick(864'000), start + seconds(86'400));
    EXPECT_EQ(g.index_after(start - seconds(1)), 0u);
    EXPECT_EQ(g.index_after(start), 1u);
    EXPECT_EQ(g.index_after(start + milliseconds(250)), 3u);
}

// A million polls with random wake-up latency: poll k is still taken at start + k·period plus
// that poll's own latency only, never the sum of earlier ones.
TEST(Sampler, NoDriftOverAMillionTicksWithJitter) {
    FakeClock clock;
    std::mt19937 rng(42);
    std::uniform_int_distribution<int> jitter_us(0, 3000);
    clock.latency = [&] { return std::chrono::microseconds(jitter_us(rng)); };
    SampleQueue queue(1 << 20);
    StageBoard board;
    Listener listener;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("power")});
    const auto cfg = config(clock, seconds(1));
    Sampler sampler(cfg, std::move(dev), clock, queue, board, listener);

    constexpr std::uint64_t kTicks = 1'000'000;
    std::uint64_t seen = 0;
    std::chrono::nanoseconds worst{0};
    std::thread consumer([&] {
        std::vector<QueueItem> items;
        while (seen < kTicks) {
            items.clear();
            queue.pop_all(items, milliseconds(100));
            for (auto& i : items) {
                const auto& s = std::get<record::Sample>(i);
                const auto ideal = cfg.anchor.mono + seconds(static_cast<long>(seen));
                const auto off = s.mono - ideal;
                ASSERT_GE(off.count(), 0);
                worst = std::max(worst, std::chrono::nanoseconds(off));
                ++seen;
            }
        }
    });
    sampler.run(kTicks);
    consumer.join();
    EXPECT_EQ(seen, kTicks);
    EXPECT_LE(worst, milliseconds(3));
    EXPECT_EQ(sampler.counters().missed_ticks, 0u);
    EXPECT_EQ(sampler.counters().polls, kTicks);
}

TEST(Sampler, StampsUtcFromTheAnchorAndTagsTheStage) {
    FakeClock clock;
    SampleQueue queue;
    StageBoard board;
    board.set(3, phases::Stage::window);
    Listener listener;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a"), tests::channel("b")});
    auto cfg = config(clock, milliseconds(500));
    Sampler sampler(cfg, std::move(dev), clock, queue, board, listener);
    sampler.run(3);
    auto rows = drain(queue);
    ASSERT_EQ(rows.size(), 6u);
    EXPECT_EQ(rows[4].channel, 0u);
    EXPECT_EQ(rows[4].utc, cfg.anchor.utc + milliseconds(1000));
    EXPECT_DOUBLE_EQ(rows[4].elapsed_s, 1.0);
    EXPECT_EQ(rows[4].phase, 3);
    EXPECT_EQ(rows[4].stage, phases::Stage::window);
    EXPECT_EQ(rows[5].value, 3.0);
}

TEST(Sampler, ChannelsMissingFromAPollGetUnavailableRows) {
    FakeClock clock;
    SampleQueue queue;
    StageBoard board;
    Listener listener;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a"), tests::channel("b")});
    dev->on_poll = [](auto) {
        PollResult r;
        r.readings.push_back({1, 7.5, Status::ok, {}});
        return r;
    };
    Sampler sampler(config(clock, seconds(1)), std::move(dev), clock, queue, board, listener);
    sampler.run(1);
    auto rows = drain(queue);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].channel, 1u);
    EXPECT_EQ(rows[0].value, 7.5);
    EXPECT_EQ(rows[1].channel, 0u);
    EXPECT_EQ(rows[1].status, Status::unavailable);
}

TEST(Sampler, ProtocolErrorsGiveErrorRowsAndAreLoggedOnce) {
    FakeClock clock;
    SampleQueue queue;
    StageBoard board;
    Listener listener;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a")});
    auto* raw = dev.get();
    dev->on_poll = [raw](auto) {
        PollResult r;
        if (raw->polls <= 4) {
            r.error = DeviceError{ErrorKind::protocol, "garbage at byte 3"};
        } else {
            r.readings.push_back({0, 1.0, Status::ok, {}});
        }
        return r;
    };
    Sampler sampler(config(clock, seconds(1)), std::move(dev), clock, queue, board, listener);
    sampler.run(6);
    auto rows = drain(queue);
    ASSERT_EQ(rows.size(), 6u);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(rows[i].status, Status::error);
    }
    EXPECT_EQ(rows[5].status, Status::ok);
    ASSERT_EQ(listener.events.size(), 2u);
    EXPECT_NE(listener.events[0].find("garbage at byte 3"), std::string::npos);
    EXPECT_NE(listener.events[1].find("repeated 3 more times"), std::string::npos);
}

// The link drops after two polls and comes back on the third reopen attempt: every tick in
// between has its unavailable row, attempts back off 0.5 s, 1 s, 2 s.
TEST(Sampler, LostLinkIsReopenedWithBackoffAndTheGapRecorded) {
    FakeClock clock;
    SampleQueue queue(1 << 16);
    StageBoard board;
    Listener listener;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a")});
    auto* raw = dev.get();
    dev->on_poll = [raw](auto) {
        PollResult r;
        if (raw->polls == 3) {
            r.error = DeviceError{ErrorKind::link_lost, "connection reset"};
        } else {
            r.readings.push_back({0, 1.0, Status::ok, {}});
        }
        return r;
    };
    dev->on_open = [raw]() -> std::optional<DeviceError> {
        if (raw->opens < 3) {
            return DeviceError{ErrorKind::unreachable, "refused"};
        }
        return std::nullopt;
    };
    Sampler sampler(config(clock, milliseconds(250)), std::move(dev), clock, queue, board,
                    listener);
    sampler.run(40);
    auto rows = drain(queue);
    ASSERT_EQ(rows.size(), 40u);
    EXPECT_EQ(raw->closes, 1);
    EXPECT_EQ(raw->opens, 3);
    // Lost at tick 2 (t=0.5 s); attempts at 1.0 s (fail), 1.5 s (fail, next in 1 s), 2.5 s (ok).
    std::size_t first_ok_after = 0;
    for (std::size_t i = 2; i < rows.size(); ++i) {
        if (rows[i].status == Status::ok) {
            first_ok_after = i;
            break;
        }
        EXPECT_EQ(rows[i].status, Status::unavailable) << i;
    }
    EXPECT_EQ(first_ok_after, 10u);
    ASSERT_FALSE(listener.states.empty());
    EXPECT_EQ(listener.states.front(), DeviceState::reconnecting);
    EXPECT_EQ(listener.states.back(), DeviceState::ok);
}

TEST(Sampler, OverrunningPollLeavesUnavailableRowsForMissedTicks) {
    FakeClock clock;
    SampleQueue queue;
    StageBoard board;
    Listener listener;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a")});
    auto* raw = dev.get();
    dev->on_poll = [raw, &clock](auto) {
        if (raw->polls == 2) {
            clock.advance(milliseconds(3200));  // a poll that hangs for 3.2 s
        }
        PollResult r;
        r.readings.push_back({0, 1.0, Status::ok, {}});
        return r;
    };
    auto cfg = config(clock, seconds(1));
    Sampler sampler(cfg, std::move(dev), clock, queue, board, listener);
    sampler.run(3);
    auto rows = drain(queue);
    // Poll 0 at 0 s, poll 1 at 1 s ends at 4.2 s: ticks 2 and 3 missed; tick 4 (4 s) polled late.
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(rows[2].status, Status::unavailable);
    EXPECT_EQ(rows[2].mono, cfg.anchor.mono + seconds(2));
    EXPECT_EQ(rows[3].status, Status::unavailable);
    EXPECT_EQ(rows[4].status, Status::ok);
    EXPECT_EQ(sampler.counters().missed_ticks, 2u);
}

// Real threads and the real clock: a device that hangs in every poll does not delay another.
TEST(Sampler, ASlowDeviceDoesNotDelayAnother) {
    const auto& clock = steady_clock();
    SampleQueue queue;
    StageBoard board;
    Listener listener;
    auto slow = std::make_unique<FakeDevice>(std::vector{tests::channel("s")});
    slow->on_poll = [](auto) {
        std::this_thread::sleep_for(milliseconds(300));
        return PollResult{{}, DeviceError{ErrorKind::timeout, "no answer"}};
    };
    auto fast = std::make_unique<FakeDevice>(std::vector{tests::channel("f")});
    SamplerConfig c;
    c.interval = milliseconds(20);
    c.anchor = {clock.now(), std::chrono::system_clock::now()};
    c.opened = true;
    auto c2 = c;
    c2.device_index = 1;
    Sampler a(c, std::move(slow), clock, queue, board, listener);
    Sampler b(c2, std::move(fast), clock, queue, board, listener);
    a.start();
    b.start();
    std::this_thread::sleep_for(milliseconds(500));
    a.request_stop();
    b.request_stop();
    a.join();
    b.join();
    EXPECT_GE(b.counters().polls, 20u);
    EXPECT_EQ(b.counters().missed_ticks, 0u);
}

TEST(StageBoard, GenerationsAdvanceAndWrap) {
    StageBoard b;
    const auto g1 = b.set(0, phases::Stage::warmup);
    const auto g2 = b.set(0, phases::Stage::window);
    EXPECT_TRUE(generation_reached(g2, g1));
    EXPECT_FALSE(generation_reached(g1, g2));
    EXPECT_TRUE(generation_reached(2, 0xfffffe));
    const auto t = b.current();
    EXPECT_EQ(t.phase, 0);
    EXPECT_EQ(t.stage, phases::Stage::window);
    b.set(-1, phases::Stage::between);
    EXPECT_EQ(b.current().phase, -1);
}

}  // namespace
}  // namespace wattbench::core::sampling
