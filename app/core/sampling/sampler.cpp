#include "app/core/sampling/sampler.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace wattbench::core::sampling {

using drivers::api::ErrorKind;
using drivers::api::Status;

namespace {
double seconds(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}
}  // namespace

Sampler::Sampler(SamplerConfig config, std::unique_ptr<drivers::api::Device> device,
                 const Clock& clock, SampleQueue& queue, const StageBoard& board,
                 SamplerListener& listener)
    : config_(std::move(config)),
      device_(std::move(device)),
      clock_(clock),
      queue_(queue),
      board_(board),
      listener_(listener),
      grid_(config_.anchor.mono, config_.interval),
      channel_count_(device_->channels().size()),
      open_(config_.opened),
      backoff_(config_.backoff_min) {
    seen_.resize(channel_count_);
    if (!open_) {
        lost_since_ = config_.anchor.mono;
    }
}

Sampler::~Sampler() {
    request_stop();
    join();
    if (open_) {
        device_->close();
    }
}

void Sampler::start() {
    thread_ = std::thread([this] { run(); });
}

void Sampler::request_stop() {
    stop_.request();
}

void Sampler::join() {
    if (thread_.joinable()) {
        thread_.join();
    }
}

bool Sampler::settled(std::uint32_t generation) const {
    if (!busy_.load(std::memory_order_acquire)) {
        return true;
    }
    return generation_reached(busy_generation_.load(std::memory_order_acquire), generation);
}

SamplerCounters Sampler::counters() const {
    std::lock_guard lock(counters_mutex_);
    return counters_;
}

void Sampler::run(std::uint64_t max_ticks) {
    std::uint64_t k = 0;
    std::uint64_t done = 0;
    while (done < max_ticks) {
        const auto due = grid_.tick(k);
        if (clock_.sleep_until(due, stop_)) {
            break;
        }
        const auto now = clock_.now();
        {
            std::lock_guard lock(counters_mutex_);
            counters_.max_lateness =
                std::max(counters_.max_lateness, std::chrono::nanoseconds(now - due));
        }
        poll_tick(k, now);
        ++done;

        // Ticks that passed while this poll ran are recorded as missed, not silently skipped:
        // a tick counts as missed once more than half a period has gone by since it was due.
        const auto after = clock_.now();
        std::uint64_t next = k + 1;
        while (grid_.tick(next) + config_.interval / 2 < after) {
            const StageTag tag = board_.current();
            emit_all(grid_.tick(next), tag, Status::unavailable);
            queue_.push_all(batch_);
            std::lock_guard lock(counters_mutex_);
            ++counters_.missed_ticks;
            ++next;
        }
        k = next;
    }
}

record::Sample Sampler::make_sample(Clock::time_point t, const StageTag& tag, std::uint32_t channel,
                                    Status status) const {
    record::Sample s;
    s.mono = t;
    s.utc = config_.anchor.utc_at(t);
    s.elapsed_s = config_.anchor.elapsed_s(t);
    s.device = config_.device_index;
    s.channel = channel;
    s.phase = tag.phase;
    s.stage = tag.stage;
    s.status = status;
    return s;
}

void Sampler::emit_all(Clock::time_point t, const StageTag& tag, Status status) {
    for (std::uint32_t c = 0; c < channel_count_; ++c) {
        batch_.emplace_back(make_sample(t, tag, c, status));
    }
}

void Sampler::poll_tick(std::uint64_t k, Clock::time_point now) {
    const StageTag tag = board_.current();
    busy_generation_.store(tag.generation, std::memory_order_release);
    busy_.store(true, std::memory_order_release);

    if (!open_) {
        try_reconnect(now);
    }
    if (!open_) {
        emit_all(now, tag, Status::unavailable);
    } else {
        auto result = device_->poll(grid_.tick(k + 1));
        {
            std::lock_guard lock(counters_mutex_);
            ++counters_.polls;
            if (result.error) {
                ++counters_.failed_polls;
            }
        }
        for (const auto& n : result.notices) {
            listener_.on_device_notice(config_.device_index, tag, n);
        }
        if (result.error) {
            const auto kind = result.error->kind;
            const Status st = (kind == ErrorKind::protocol || kind == ErrorKind::config ||
                               kind == ErrorKind::auth)
                                  ? Status::error
                                  : Status::unavailable;
            emit_all(now, tag, st);
            report_error(*result.error);
            if (kind == ErrorKind::link_lost || kind == ErrorKind::unreachable) {
                device_->close();
                open_ = false;
                lost_since_ = now;
                backoff_ = config_.backoff_min;
                next_attempt_ = now + backoff_;
                listener_.on_device_state(config_.device_index, DeviceState::reconnecting,
                                          result.error->message);
            }
        } else {
            clear_error();
            std::fill(seen_.begin(), seen_.end(), false);
            for (auto& r : result.readings) {
                if (r.channel >= channel_count_) {
                    continue;
                }
                seen_[r.channel] = true;
                auto s = make_sample(now, tag, static_cast<std::uint32_t>(r.channel), r.status);
                if (r.status == Status::ok) {
                    s.value = r.value;
                    s.text = std::move(r.text);
                }
                batch_.emplace_back(std::move(s));
            }
            // A channel the device did not report this time still gets its row.
            for (std::uint32_t c = 0; c < channel_count_; ++c) {
                if (!seen_[c]) {
                    batch_.emplace_back(make_sample(now, tag, c, Status::unavailable));
                }
            }
        }
    }
    queue_.push_all(batch_);
    busy_.store(false, std::memory_order_release);
}

void Sampler::try_reconnect(Clock::time_point now) {
    if (now < next_attempt_) {
        return;
    }
    auto err = device_->open();
    if (!err) {
        open_ = true;
        const double gap = lost_since_ ? seconds(now - *lost_since_) : 0.0;
        listener_.on_device_event(
            config_.device_index, EventLevel::info,
            fmt::format("device '{}' connected after {:.1f} s without readings", config_.device_id,
                        gap));
        listener_.on_device_state(config_.device_index, DeviceState::ok, "");
        lost_since_.reset();
        backoff_ = config_.backoff_min;
        last_error_.clear();
        return;
    }
    listener_.on_device_event(
        config_.device_index, EventLevel::warn,
        fmt::format("device '{}': reconnect failed ({}): {}; next attempt in {:.1f} s",
                    config_.device_id, drivers::api::to_string(err->kind), err->message,
                    seconds(backoff_)));
    next_attempt_ = now + backoff_;
    backoff_ = std::min(backoff_ * 2, config_.backoff_max);
}

// Repeated identical failures are logged once and counted, so a device failing at 10 Hz does
// not bury the events log.
void Sampler::report_error(const drivers::api::DeviceError& e) {
    const std::string text = fmt::format("{}: {}", drivers::api::to_string(e.kind), e.message);
    if (text == last_error_) {
        ++error_repeats_;
        return;
    }
    if (error_repeats_ > 0) {
        listener_.on_device_event(config_.device_index, EventLevel::warn,
                                  fmt::format("device '{}': previous error repeated {} more times",
                                              config_.device_id, error_repeats_));
    }
    last_error_ = text;
    error_repeats_ = 0;
    listener_.on_device_event(config_.device_index, EventLevel::warn,
                              fmt::format("device '{}': {}", config_.device_id, text));
}

void Sampler::clear_error() {
    if (last_error_.empty()) {
        return;
    }
    listener_.on_device_event(
        config_.device_index, EventLevel::info,
        fmt::format("device '{}': readings valid again (error repeated {} more times)",
                    config_.device_id, error_repeats_));
    last_error_.clear();
    error_repeats_ = 0;
}

}  // namespace wattbench::core::sampling
