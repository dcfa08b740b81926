#include "app/core/sampling/sampler.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <stdexcept>
#include <thread>

#include "tests/support/fake_clock.hpp"
#include "tests/support/fake_device.hpp"
#include "tests/support/step_clock.hpp"

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

std::vector<QueueItem> drain_items(SampleQueue& q) {
    std::vector<QueueItem> items;
    q.pop_all(items, milliseconds(0));
    return items;
}

bool has_event(const Listener& l, const std::string& text) {
    return std::any_of(l.events.begin(), l.events.end(),
                       [&](const auto& e) { return e.find(text) != std::string::npos; });
}

// A device whose every call is scriptable, channels() and close() included, so that each can
// be made to throw.
class ScriptedDevice final : public drivers::api::Device {
public:
    const std::vector<drivers::api::ChannelSpec>& channels() const override {
        if (on_channels) {
            on_channels();
        }
        return table;
    }
    std::optional<DeviceError> open() override {
        ++opens;
        return on_open ? on_open() : std::nullopt;
    }
    PollResult poll(std::chrono::steady_clock::time_point) override {
        ++polls;
        return on_poll ? on_poll() : PollResult{};
    }
    void close() override {
        ++closes;
        if (on_close) {
            on_close();
        }
    }
    drivers::api::DeviceIdentity identity() const override { return {}; }

    std::vector<drivers::api::ChannelSpec> table;
    std::function<void()> on_channels;
    std::function<std::optional<DeviceError>()> on_open;
    std::function<PollResult()> on_poll;
    std::function<void()> on_close;
    int opens = 0;
    int polls = 0;
    int closes = 0;
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

// A machine that froze: the sampler wakes 3.5 s late and its poll then hangs for 2.2 s, while
// the window opened during the stall. Every tick gets a row, the rows stay in time order, each
// missed tick carries the stage it was due in, and the gap is written to the events.
TEST(Sampler, AStallIsRecordedInOrderInTheStageEachTickWasDueInAndLogged) {
    FakeClock clock;
    SampleQueue queue;
    StageBoard board;
    Listener listener;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a")});
    auto* raw = dev.get();
    auto cfg = config(clock, milliseconds(500));
    board.set(0, phases::Stage::warmup, cfg.anchor.mono);
    dev->on_poll = [raw, &clock, &board, &cfg](auto) {
        if (raw->polls == 2) {
            clock.advance(milliseconds(3500));  // woke late: the machine froze
            board.set(0, phases::Stage::window, cfg.anchor.mono + milliseconds(2000));
            clock.advance(milliseconds(2200));  // and the poll hangs
        }
        PollResult r;
        r.readings.push_back({0, 1.0, Status::ok, {}});
        return r;
    };
    Sampler sampler(cfg, std::move(dev), clock, queue, board, listener);
    sampler.run(3);
    const auto rows = drain(queue);
    for (std::size_t i = 1; i < rows.size(); ++i) {
        EXPECT_LE(rows[i - 1].mono, rows[i].mono) << "row " << i << " goes back in time";
    }
    std::size_t before_window = 0;
    for (const auto& r : rows) {
        if (r.status == Status::unavailable) {
            const bool due_in_window = r.mono >= cfg.anchor.mono + milliseconds(2000);
            EXPECT_EQ(r.stage, due_in_window ? phases::Stage::window : phases::Stage::warmup)
                << std::chrono::duration<double>(r.mono - cfg.anchor.mono).count();
            before_window += due_in_window ? 0 : 1;
        }
    }
    EXPECT_GT(before_window, 0u);
    EXPECT_GE(sampler.counters().missed_ticks, 10u);
    EXPECT_TRUE(has_event(listener, "device 'dev': no reading for")) << listener.events.size();
}

TEST(Sampler, AMissedTickOrTwoIsNotAnEvent) {
    FakeClock clock;
    SampleQueue queue;
    StageBoard board;
    Listener listener;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a")});
    auto* raw = dev.get();
    dev->on_poll = [raw, &clock](auto) {
        if (raw->polls == 2) {
            clock.advance(milliseconds(2800));
        }
        PollResult r;
        r.readings.push_back({0, 1.0, Status::ok, {}});
        return r;
    };
    Sampler sampler(config(clock, seconds(1)), std::move(dev), clock, queue, board, listener);
    sampler.run(3);
    EXPECT_EQ(sampler.counters().missed_ticks, 2u);
    EXPECT_FALSE(has_event(listener, "no reading for"));
}

// A device that hangs in every poll does not delay another: each sampler polls on a thread of
// its own. The hang is on the step clock (300 ms a poll), so the other device's ticks are
// counted exactly; samplers sharing a thread would leave it far fewer polls.
TEST(Sampler, ASlowDeviceDoesNotDelayAnother) {
    tests::StepClock clock;
    SampleQueue queue;
    StageBoard board;
    Listener listener;
    StopSignal hang_over;
    auto slow = std::make_unique<FakeDevice>(std::vector{tests::channel("s")});
    slow->on_poll = [&](auto) {
        clock.sleep_until(clock.now() + milliseconds(300), hang_over);
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
    const auto start = clock.now();
    a.start();
    b.start();
    EXPECT_TRUE(clock.run_until([&] { return clock.now() - start >= milliseconds(500); }, 2));
    hang_over.request();
    a.request_stop();
    b.request_stop();
    a.join();
    b.join();
    EXPECT_EQ(b.counters().polls, 26u);  // the ticks at 0, 20, … 500 ms
    EXPECT_EQ(b.counters().missed_ticks, 0u);
    EXPECT_GT(a.counters().missed_ticks, 0u);
}

PollResult reads(std::initializer_list<drivers::api::Reading> readings) {
    PollResult r;
    r.readings = readings;
    return r;
}

PollResult fails(ErrorKind kind, std::string message) {
    PollResult r;
    r.error = DeviceError{kind, std::move(message)};
    return r;
}

// What every sampler test feeds a sampler with, and where it looks at what came out.
class SamplerTest : public ::testing::Test {
protected:
    std::unique_ptr<Sampler> make(std::unique_ptr<drivers::api::Device> device,
                                  std::chrono::nanoseconds interval, bool opened = true) {
        auto cfg = config(clock, interval);
        cfg.opened = opened;
        return std::make_unique<Sampler>(cfg, std::move(device), clock, queue, board, listener);
    }

    FakeClock clock;
    SampleQueue queue;
    StageBoard board;
    Listener listener;
};

// An optional IPMI-like device that was down when the run was prepared: its table is empty
// until an open succeeds (the second attempt). Its channels are announced before the first of
// their readings, and every reading after the reconnect is queued with its index and value.
TEST_F(SamplerTest, ChannelsLearnedOnALateOpenAreAnnouncedBeforeTheirReadings) {
    auto dev = std::make_unique<ScriptedDevice>();
    auto* raw = dev.get();
    dev->on_open = [raw]() -> std::optional<DeviceError> {
        if (raw->opens < 2) {
            return DeviceError{ErrorKind::unreachable, "no route to host"};
        }
        raw->table = {tests::channel("power"), tests::channel("inlet_temp", "degC")};
        return std::nullopt;
    };
    dev->on_poll = [raw] {
        return reads(
            {{0, 100.0 + raw->polls, Status::ok, {}}, {1, 20.0 + raw->polls, Status::ok, {}}});
    };
    const auto start = clock.now();
    auto sampler = make(std::move(dev), milliseconds(250), false);
    // Attempts at 0 s (fails, next in 0.5 s) and 0.5 s (ok): ticks 2..5 are polled.
    sampler->run(6);
    auto items = drain_items(queue);
    ASSERT_EQ(items.size(), 1u + 4 * 2);
    const auto* found = std::get_if<ChannelsDiscovered>(&items[0]);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->device, 0u);
    ASSERT_EQ(found->channels.size(), 2u);
    EXPECT_EQ(found->channels[0].name, "power");
    EXPECT_EQ(found->channels[1].name, "inlet_temp");
    for (std::size_t i = 1; i < items.size(); ++i) {
        const auto* s = std::get_if<record::Sample>(&items[i]);
        ASSERT_NE(s, nullptr) << i;
        const auto poll = static_cast<double>((i - 1) / 2 + 1);
        EXPECT_EQ(s->channel, (i - 1) % 2) << i;
        EXPECT_EQ(s->status, Status::ok) << i;
        EXPECT_EQ(s->value, (s->channel == 0 ? 100.0 : 20.0) + poll) << i;
        EXPECT_EQ(s->mono, start + milliseconds(250) * static_cast<int>(1 + (i + 1) / 2)) << i;
    }
    EXPECT_EQ(sampler->counters().unknown_channel_readings, 0u);
    EXPECT_TRUE(has_event(listener, "2 channels known after open (was 0)"));
}

// A table that grows on a later reopen is announced again; the old channels keep their index.
TEST_F(SamplerTest, ATableThatGrowsOnReopenIsAnnouncedWithTheOldIndicesFirst) {
    auto dev = std::make_unique<ScriptedDevice>();
    auto* raw = dev.get();
    dev->table = {tests::channel("a")};
    dev->on_open = [raw]() -> std::optional<DeviceError> {
        raw->table.push_back(tests::channel("b"));
        return std::nullopt;
    };
    dev->on_poll = [raw] {
        if (raw->polls == 2) {
            return fails(ErrorKind::link_lost, "reset");
        }
        return raw->table.size() == 1
                   ? reads({{0, 10.0, Status::ok, {}}})
                   : reads({{0, 10.0, Status::ok, {}}, {1, 20.0, Status::ok, {}}});
    };
    auto sampler = make(std::move(dev), milliseconds(500));
    // Poll 1 ok (a); poll 2 link lost; reopen at 1 s adds b; polls 3 and 4 read both.
    sampler->run(4);
    auto items = drain_items(queue);
    ASSERT_EQ(items.size(), 1u + 1 + 1 + 2 + 2);
    EXPECT_EQ(std::get<record::Sample>(items[0]).status, Status::ok);
    EXPECT_EQ(std::get<record::Sample>(items[1]).status, Status::unavailable);
    const auto* found = std::get_if<ChannelsDiscovered>(&items[2]);
    ASSERT_NE(found, nullptr);
    ASSERT_EQ(found->channels.size(), 2u);
    EXPECT_EQ(found->channels[0].name, "a");
    EXPECT_EQ(found->channels[1].name, "b");
    EXPECT_EQ(std::get<record::Sample>(items[3]).channel, 0u);
    for (const std::size_t i : {4, 6}) {
        const auto& b = std::get<record::Sample>(items[i]);
        EXPECT_EQ(b.channel, 1u);
        EXPECT_EQ(b.value, 20.0);
    }
}

// A table whose old entries changed cannot be followed mid-run: logged, the old indices kept,
// and readings past them counted rather than silently dropped.
TEST_F(SamplerTest, ATableThatChangedOnReopenKeepsTheOldIndicesAndSaysSo) {
    auto dev = std::make_unique<ScriptedDevice>();
    auto* raw = dev.get();
    dev->table = {tests::channel("a")};
    dev->on_open = [raw]() -> std::optional<DeviceError> {
        raw->table = {tests::channel("x"), tests::channel("y")};
        return std::nullopt;
    };
    dev->on_poll = [] { return reads({{0, 1.0, Status::ok, {}}, {1, 2.0, Status::ok, {}}}); };
    auto sampler = make(std::move(dev), seconds(1), false);
    sampler->run(3);
    auto rows = drain(queue);
    ASSERT_EQ(rows.size(), 3u);
    for (const auto& s : rows) {
        EXPECT_EQ(s.channel, 0u);
        EXPECT_EQ(s.value, 1.0);
    }
    EXPECT_EQ(sampler->counters().unknown_channel_readings, 3u);
    EXPECT_TRUE(has_event(listener, "channel table changed on reopen (2 channels, was 1)"));
    EXPECT_EQ(std::count_if(listener.events.begin(), listener.events.end(),
                            [](const auto& e) {
                                return e.find("a reading of channel 1") != std::string::npos;
                            }),
              1);
    EXPECT_TRUE(has_event(listener, "3 readings in all of channels not in its table"));
}

TEST_F(SamplerTest, ReadingsOfUnknownChannelsAreCountedAndLoggedOnce) {
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a")});
    dev->on_poll = [](auto) { return reads({{0, 5.0, Status::ok, {}}, {4, 6.0, Status::ok, {}}}); };
    auto sampler = make(std::move(dev), seconds(1));
    sampler->run(5);
    EXPECT_EQ(drain(queue).size(), 5u);
    EXPECT_EQ(sampler->counters().unknown_channel_readings, 5u);
    ASSERT_EQ(listener.events.size(), 2u);
    EXPECT_NE(listener.events[0].find("a reading of channel 4, which its table of 1 channels"),
              std::string::npos);
    EXPECT_NE(listener.events[1].find("5 readings in all"), std::string::npos);
}

// A poll that throws is a device fault: error rows, logged (repeats counted), the device
// closed and reopened with backoff, and the next good poll gives ok rows again.
class ThrowingPoll : public SamplerTest {
protected:
    void expect_survives(const std::function<void()>& raise, const std::string& text) {
        auto dev =
            std::make_unique<FakeDevice>(std::vector{tests::channel("a"), tests::channel("b")});
        auto* raw = dev.get();
        dev->on_poll = [raw, raise](auto) {
            if (raw->polls == 2 || raw->polls == 3) {
                raise();
            }
            const double n = raw->polls;
            return reads({{0, n, Status::ok, {}}, {1, 2 * n, Status::ok, {}}});
        };
        auto sampler = make(std::move(dev), milliseconds(250));
        sampler->run(10);
        auto rows = drain(queue);
        ASSERT_EQ(rows.size(), 20u);
        // Tick 1 throws: closed, reopened at tick 3 (0.5 s later), which throws again:
        // reopened at tick 7 (1 s later), whose poll is good.
        const std::vector<Status> expected = {
            Status::ok,          Status::error,       Status::unavailable, Status::error,
            Status::unavailable, Status::unavailable, Status::unavailable, Status::ok,
            Status::ok,          Status::ok};
        for (std::size_t t = 0; t < expected.size(); ++t) {
            EXPECT_EQ(rows[2 * t].status, expected[t]) << "tick " << t;
            EXPECT_EQ(rows[2 * t + 1].status, expected[t]) << "tick " << t;
        }
        EXPECT_EQ(rows[14].value, 4.0);
        EXPECT_EQ(rows[15].value, 8.0);
        EXPECT_EQ(rows[15].channel, 1u);
        EXPECT_EQ(raw->closes, 2);
        EXPECT_EQ(raw->opens, 2);
        EXPECT_EQ(sampler->counters().failed_polls, 2u);
        EXPECT_EQ(std::count_if(listener.events.begin(), listener.events.end(),
                                [&](const auto& e) { return e.find(text) != std::string::npos; }),
                  1);
        EXPECT_TRUE(has_event(listener, "poll threw an exception: " + text));
        EXPECT_TRUE(has_event(listener, "readings valid again (error repeated 1 more times)"));
        ASSERT_FALSE(listener.states.empty());
        EXPECT_EQ(listener.states.back(), DeviceState::ok);
    }
};

TEST_F(ThrowingPoll, AStdExceptionIsADeviceError) {
    expect_survives([] { throw std::runtime_error("frame out of sync"); }, "frame out of sync");
}

TEST_F(ThrowingPoll, ANonStdTypeIsADeviceError) {
    expect_survives([] { throw 42; }, "unknown exception");
}

TEST_F(SamplerTest, ThrowsFromOpenChannelsAndCloseAreDeviceErrors) {
    auto dev = std::make_unique<ScriptedDevice>();
    auto* raw = dev.get();
    dev->table = {tests::channel("a")};
    dev->on_open = [raw]() -> std::optional<DeviceError> {
        if (raw->opens == 1) {
            throw std::runtime_error("open blew up");
        }
        return std::nullopt;
    };
    // Throws when the sampler re-reads it after the second open, and at no other time.
    dev->on_channels = [raw] {
        if (raw->opens == 2) {
            throw std::logic_error("table blew up");
        }
    };
    dev->on_close = [raw] {
        if (raw->closes == 2) {
            throw 7;
        }
    };
    dev->on_poll = [] { return reads({{0, 3.0, Status::ok, {}}}); };
    auto sampler = make(std::move(dev), milliseconds(500), false);
    // 0 s: open throws (error row, closed); 0.5 s: open ok, channels() throws (error row;
    // closing throws as well); 1 s: open ok, poll ok.
    sampler->run(4);
    auto rows = drain(queue);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[0].status, Status::error);
    EXPECT_EQ(rows[1].status, Status::error);
    EXPECT_EQ(rows[2].status, Status::ok);
    EXPECT_EQ(rows[2].value, 3.0);
    EXPECT_EQ(rows[3].status, Status::ok);
    EXPECT_EQ(raw->opens, 3);
    EXPECT_EQ(raw->closes, 2);
    EXPECT_TRUE(has_event(listener, "open threw an exception: open blew up"));
    EXPECT_TRUE(has_event(listener, "reading its channel table threw an exception: table blew up"));
    EXPECT_TRUE(has_event(listener, "close threw an exception: unknown exception"));
}

// Something other than the device throwing (here the listener, once) costs that tick its
// readings, which become error rows; the next tick goes on.
TEST_F(SamplerTest, AnExceptionEscapingATickIsLoggedAndSamplingGoesOn) {
    struct ThrowingOnce final : SamplerListener {
        void on_device_state(std::uint32_t, DeviceState, const std::string&) override {}
        void on_device_event(std::uint32_t, EventLevel, const std::string& msg) override {
            if (!thrown) {
                thrown = true;
                throw std::runtime_error("events.log: No space left on device");
            }
            events.push_back(msg);
        }
        bool thrown = false;
        std::vector<std::string> events;
    };
    ThrowingOnce throwing;
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a")});
    auto* raw = dev.get();
    dev->on_poll = [raw](auto) {
        return raw->polls == 2 ? fails(ErrorKind::timeout, "no answer")
                               : reads({{0, 1.0, Status::ok, {}}});
    };
    Sampler sampler(config(clock, seconds(1)), std::move(dev), clock, queue, board, throwing);
    sampler.run(3);
    auto rows = drain(queue);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].status, Status::ok);
    EXPECT_EQ(rows[1].status, Status::error);
    EXPECT_EQ(rows[2].status, Status::ok);
    ASSERT_FALSE(throwing.events.empty());
    EXPECT_NE(throwing.events[0].find("unexpected exception in its sampler: events.log: No space"),
              std::string::npos);
    EXPECT_TRUE(sampler.settled(0));
}

// What escapes the loop itself (here the clock) ends the thread normally, logged as a device
// error, instead of reaching std::terminate.
TEST_F(SamplerTest, AnExceptionEscapingTheThreadIsLoggedNotFatal) {
    struct BrokenClock final : Clock {
        explicit BrokenClock(const Clock& inner) : inner(inner) {}
        time_point now() const override { return inner.now(); }
        bool sleep_until(time_point tp, StopSignal& stop) const override {
            if (++sleeps == 3) {
                throw std::runtime_error("clock broke");
            }
            return inner.sleep_until(tp, stop);
        }
        const Clock& inner;
        mutable int sleeps = 0;
    };
    BrokenClock broken(clock);
    auto dev = std::make_unique<FakeDevice>(std::vector{tests::channel("a")});
    Sampler sampler(config(clock, seconds(1)), std::move(dev), broken, queue, board, listener);
    sampler.start();
    sampler.join();
    EXPECT_EQ(drain(queue).size(), 2u);
    EXPECT_TRUE(has_event(listener, "sampler stopped by an unexpected exception: clock broke"));
    ASSERT_FALSE(listener.states.empty());
    EXPECT_EQ(listener.states.back(), DeviceState::failed);
    EXPECT_TRUE(sampler.settled(board.set(0, phases::Stage::window)));
}

TEST(SampleQueue, ItemsAreQueuedOnceInOrderAcrossFullRounds) {
    SampleQueue queue(3);
    std::vector<QueueItem> items;
    for (std::uint32_t c = 0; c < 7; ++c) {
        record::Sample s;
        s.channel = c;
        items.emplace_back(s);
    }
    std::vector<QueueItem> out;
    std::thread consumer([&] {
        while (out.size() < 7) {
            queue.pop_all(out, milliseconds(50));
        }
    });
    queue.push_all(items);
    consumer.join();
    EXPECT_TRUE(items.empty());
    ASSERT_EQ(out.size(), 7u);
    for (std::uint32_t c = 0; c < 7; ++c) {
        EXPECT_EQ(std::get<record::Sample>(out[c]).channel, c);
    }
    EXPECT_EQ(queue.high_water(), 3u);
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
