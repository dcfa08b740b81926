#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/core/sampling/clock.hpp"
#include "app/core/sampling/grid.hpp"
#include "app/core/sampling/run_anchor.hpp"
#include "app/core/sampling/sample_queue.hpp"
#include "app/core/sampling/sampler_listener.hpp"
#include "app/core/sampling/stage_board.hpp"
#include "drivers/api/device.hpp"

namespace wattbench::core::sampling {

struct SamplerConfig {
    std::uint32_t device_index = 0;
    std::string device_id;
    std::chrono::nanoseconds interval{std::chrono::seconds(1)};
    RunAnchor anchor;     // the grid starts here
    bool opened = false;  // the device was already opened by the caller
    std::chrono::nanoseconds backoff_min{std::chrono::milliseconds(500)};
    std::chrono::nanoseconds backoff_max{std::chrono::seconds(10)};
};

struct SamplerCounters {
    std::uint64_t polls = 0;
    std::uint64_t failed_polls = 0;
    std::uint64_t missed_ticks = 0;
    std::chrono::nanoseconds max_lateness{0};
    // Readings of a channel index the device's table does not have; dropped.
    std::uint64_t unknown_channel_readings = 0;
};

// Polls one device on its own grid in its own thread, so a slow or dead device delays no one
// else. Every tick leaves one row per channel: a reading, or an explicit unavailable/error row.
//
// A device that throws (drivers promise not to) is treated as failing that call: its rows for
// the tick say `error`, the message is logged like any device error, and after a throwing
// poll or channels() the device is closed and reopened with backoff. Anything else that
// escapes a tick is logged as a device error and the next tick goes on; the thread itself
// runs through run_guarded, so nothing reaches std::terminate.
class Sampler {
public:
    Sampler(SamplerConfig config, std::unique_ptr<drivers::api::Device> device, const Clock& clock,
            SampleQueue& queue, const StageBoard& board, SamplerListener& listener);
    ~Sampler();
    Sampler(const Sampler&) = delete;
    Sampler& operator=(const Sampler&) = delete;

    void start();
    void request_stop();
    void join();

    // Runs the loop in the calling thread (tests with an injected clock); stops after
    // `max_ticks` ticks or when stop is requested.
    void run(std::uint64_t max_ticks = UINT64_MAX);

    // True unless the sampler is between taking a reading tagged before `generation` and
    // handing it to the queue. The runner waits for this before closing a window.
    bool settled(std::uint32_t generation) const;

    SamplerCounters counters() const;

private:
    void poll_tick(std::uint64_t k, Clock::time_point now, const StageTag& tag);
    void poll_device(std::uint64_t k, Clock::time_point now, const StageTag& tag);
    void queue_readings(drivers::api::PollResult& result, Clock::time_point now,
                        const StageTag& tag);
    void emit_missed(std::uint64_t tick);
    void report_gap(std::uint64_t missed, Clock::time_point woke, Clock::time_point after);
    void emit_all(Clock::time_point t, const StageTag& tag, drivers::api::Status status);
    drivers::api::Status try_reconnect(Clock::time_point now);
    std::optional<std::string> adopt_channels();
    void fail_by_exception(Clock::time_point now, const StageTag& tag, const char* call,
                           const std::string& what);
    void lose_device(Clock::time_point now, const std::string& why, bool by_exception);
    std::optional<std::string> close_device() noexcept;
    void tick_escaped(Clock::time_point now, const StageTag& tag, const std::string& what) noexcept;
    void thread_escaped(const std::string& what) noexcept;
    void count_unknown_channels(std::uint64_t n, std::size_t example);
    void report_unknown_total();
    void report_error(const drivers::api::DeviceError& e);
    void clear_error();
    record::Sample make_sample(Clock::time_point t, const StageTag& tag, std::uint32_t channel,
                               drivers::api::Status status) const;

    SamplerConfig config_;
    std::unique_ptr<drivers::api::Device> device_;
    const Clock& clock_;
    SampleQueue& queue_;
    const StageBoard& board_;
    SamplerListener& listener_;
    Grid grid_;
    // The channel table as this sampler last adopted it; samples index its first
    // channel_count_ entries.
    std::vector<drivers::api::ChannelSpec> channels_;
    std::size_t channel_count_ = 0;
    bool channels_stale_ = true;  // re-read device_->channels() before the next poll

    StopSignal stop_;
    std::thread thread_;
    std::atomic<std::uint32_t> busy_generation_{0};
    std::atomic<bool> busy_{false};

    bool open_ = false;
    Clock::time_point next_attempt_{};
    std::chrono::nanoseconds backoff_{0};
    std::optional<Clock::time_point> lost_since_;
    std::string last_error_;
    std::uint64_t error_repeats_ = 0;
    bool lost_by_exception_ = false;
    std::chrono::nanoseconds exception_backoff_{0};
    std::uint64_t unknown_reported_ = 0;  // unknown-channel readings already in the log
    std::vector<QueueItem> batch_;
    std::vector<bool> seen_;

    mutable std::mutex counters_mutex_;
    SamplerCounters counters_;
};

}  // namespace wattbench::core::sampling
