#include "app/core/sampling/sampler.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "app/core/sampling/guarded.hpp"

namespace wattbench::core::sampling {

using drivers::api::ChannelSpec;
using drivers::api::DeviceError;
using drivers::api::ErrorKind;
using drivers::api::Status;

namespace {
double seconds(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

// One call into the driver. What it throws comes back as its text: a driver that breaks its
// no-throw promise costs that call, never the sampler thread.
template <typename Call>
std::optional<std::string> device_call(Call&& call) noexcept {
    std::optional<std::string> thrown;
    run_guarded(std::forward<Call>(call), [&](std::string what) { thrown = std::move(what); });
    return thrown;
}

// Whether a reopened device's channel still means what the recorded index meant.
bool same_channel(const ChannelSpec& a, const ChannelSpec& b) {
    return a.name == b.name && a.unit == b.unit && a.quantity == b.quantity;
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
      open_(config_.opened),
      backoff_(config_.backoff_min),
      exception_backoff_(config_.backoff_min) {
    // A table that cannot be read here is read again before the first poll, where a throw is
    // reported like any other device fault.
    std::vector<ChannelSpec> table;
    if (!device_call([&] { table = device_->channels(); })) {
        channels_ = std::move(table);
    }
    channel_count_ = channels_.size();
    seen_.resize(channel_count_);
    if (!open_) {
        lost_since_ = config_.anchor.mono;
    }
}

Sampler::~Sampler() {
    request_stop();
    join();
    if (open_) {
        close_device();
    }
}

void Sampler::start() {
    thread_ = std::thread([this] {
        run_guarded([this] { run(); }, [this](const std::string& what) { thread_escaped(what); });
    });
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
        // Ticks that passed before this late wake-up (a stalled machine) are recorded as
        // missed first, stamped on their grid, so rows stay in time order.
        std::uint64_t missed = 0;
        while (grid_.tick(k + 1) <= now) {
            emit_missed(k);
            ++missed;
            ++k;
        }
        const StageTag tag = board_.current();
        run_guarded([&] { poll_tick(k, now, tag); },
                    [&](const std::string& what) { tick_escaped(now, tag, what); });
        ++done;

        // Ticks that passed while this poll ran are recorded as missed, not silently skipped:
        // a tick counts as missed once more than half a period has gone by since it was due.
        const auto after = clock_.now();
        std::uint64_t next = k + 1;
        while (grid_.tick(next) + config_.interval / 2 < after) {
            emit_missed(next);
            ++missed;
            ++next;
        }
        report_gap(missed, now, after);
        k = next;
    }
    report_unknown_total();
}

void Sampler::emit_missed(std::uint64_t tick) {
    const auto t = grid_.tick(tick);
    // The stage the tick was due in, not the one in force when the stall ended: a row due
    // before a window opened must not count in it.
    emit_all(t, board_.at(t), Status::unavailable);
    queue_.push_all(batch_);
    std::lock_guard lock(counters_mutex_);
    ++counters_.missed_ticks;
}

// A stall long enough to matter (a poll stuck in a driver, a machine that froze) is written
// down where a person looks, not only as unavailable rows: at least a second and three ticks.
void Sampler::report_gap(std::uint64_t missed, Clock::time_point woke, Clock::time_point after) {
    const auto span = config_.interval * static_cast<std::int64_t>(missed);
    if (missed < 3 || span < std::chrono::seconds(1)) {
        return;
    }
    listener_.on_device_event(
        config_.device_index, EventLevel::warn,
        fmt::format("device '{}': no reading for {:.1f} s, {} tick(s) missed (the poll took "
                    "{:.1f} s); recorded as unavailable",
                    config_.device_id, seconds(span), missed, seconds(after - woke)));
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

void Sampler::poll_tick(std::uint64_t k, Clock::time_point now, const StageTag& tag) {
    busy_generation_.store(tag.generation, std::memory_order_release);
    busy_.store(true, std::memory_order_release);

    Status gap = Status::unavailable;
    if (!open_) {
        gap = try_reconnect(now);
    }
    if (!open_) {
        emit_all(now, tag, gap);
    } else if (const auto thrown = channels_stale_ ? adopt_channels() : std::nullopt) {
        fail_by_exception(now, tag, "reading its channel table", *thrown);
    } else {
        poll_device(k, now, tag);
    }
    queue_.push_all(batch_);
    busy_.store(false, std::memory_order_release);
}

void Sampler::poll_device(std::uint64_t k, Clock::time_point now, const StageTag& tag) {
    drivers::api::PollResult result;
    const auto thrown = device_call([&] { result = device_->poll(grid_.tick(k + 1)); });
    {
        std::lock_guard lock(counters_mutex_);
        ++counters_.polls;
        if (thrown || result.error) {
            ++counters_.failed_polls;
        }
    }
    if (thrown) {
        fail_by_exception(now, tag, "poll", *thrown);
        return;
    }
    exception_backoff_ = config_.backoff_min;
    for (const auto& n : result.notices) {
        listener_.on_device_notice(config_.device_index, tag, n);
    }
    if (!result.error) {
        queue_readings(result, now, tag);
        return;
    }
    const auto kind = result.error->kind;
    const Status st =
        (kind == ErrorKind::protocol || kind == ErrorKind::config || kind == ErrorKind::auth)
            ? Status::error
            : Status::unavailable;
    emit_all(now, tag, st);
    report_error(*result.error);
    if (kind == ErrorKind::link_lost || kind == ErrorKind::unreachable) {
        lose_device(now, result.error->message, false);
    }
}

void Sampler::queue_readings(drivers::api::PollResult& result, Clock::time_point now,
                             const StageTag& tag) {
    clear_error();
    std::fill(seen_.begin(), seen_.end(), false);
    std::uint64_t unknown = 0;
    std::size_t example = 0;
    for (auto& r : result.readings) {
        if (r.channel >= channel_count_) {
            ++unknown;
            example = r.channel;
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
    if (unknown > 0) {
        count_unknown_channels(unknown, example);
    }
}

// An exception out of the driver leaves it in a state nobody chose: it may have skipped its
// own cleanup or left half an answer in a socket buffer, so that the next exchange would read
// garbage. Unlike a protocol error, where the driver itself judged the link still good, the
// only known state to go back to is closed, so the device is reopened with backoff (growing
// while every reopened device throws again). The tick's rows say `error`: the device was
// there, what it did could not be used.
void Sampler::fail_by_exception(Clock::time_point now, const StageTag& tag, const char* call,
                                const std::string& what) {
    emit_all(now, tag, Status::error);
    const std::string message = fmt::format("{} threw an exception: {}", call, what);
    report_error(DeviceError{ErrorKind::protocol, message});
    lose_device(now, message, true);
}

void Sampler::lose_device(Clock::time_point now, const std::string& why, bool by_exception) {
    if (const auto thrown = close_device()) {
        // The rows of this tick already written say why; that closing failed as well only
        // makes them errors and goes to the log. The device counts as closed either way.
        for (auto& item : batch_) {
            if (auto* s = std::get_if<record::Sample>(&item)) {
                s->status = Status::error;
                s->value = 0.0;
                s->text.clear();
            }
        }
        report_error(DeviceError{ErrorKind::protocol, "close threw an exception: " + *thrown});
    }
    open_ = false;
    lost_since_ = now;
    lost_by_exception_ = by_exception;
    if (by_exception) {
        backoff_ = exception_backoff_;
        exception_backoff_ = std::min(exception_backoff_ * 2, config_.backoff_max);
    } else {
        backoff_ = config_.backoff_min;
    }
    next_attempt_ = now + backoff_;
    listener_.on_device_state(config_.device_index, DeviceState::reconnecting, why);
}

std::optional<std::string> Sampler::close_device() noexcept {
    return device_call([&] { device_->close(); });
}

// Returns the status for this tick's rows while the device stays closed: `error` when open()
// threw, so that a broken driver is not recorded as an absent device.
Status Sampler::try_reconnect(Clock::time_point now) {
    if (now < next_attempt_) {
        return Status::unavailable;
    }
    std::optional<DeviceError> err;
    Status gap = Status::unavailable;
    if (const auto thrown = device_call([&] { err = device_->open(); })) {
        // The throw may have skipped the driver's own cleanup of a half-done open.
        close_device();
        err = DeviceError{ErrorKind::unreachable, "open threw an exception: " + *thrown};
        gap = Status::error;
    }
    if (!err) {
        open_ = true;
        channels_stale_ = true;
        const double lost_for = lost_since_ ? seconds(now - *lost_since_) : 0.0;
        listener_.on_device_event(
            config_.device_index, EventLevel::info,
            fmt::format("device '{}' connected after {:.1f} s without readings", config_.device_id,
                        lost_for));
        listener_.on_device_state(config_.device_index, DeviceState::ok, "");
        lost_since_.reset();
        backoff_ = config_.backoff_min;
        // A throwing poll after each reopen is one fault, counted as it repeats; the first
        // good poll logs how often it happened.
        if (!lost_by_exception_) {
            last_error_.clear();
        }
        return Status::unavailable;
    }
    listener_.on_device_event(
        config_.device_index, EventLevel::warn,
        fmt::format("device '{}': reconnect failed ({}): {}; next attempt in {:.1f} s",
                    config_.device_id, drivers::api::to_string(err->kind), err->message,
                    seconds(backoff_)));
    next_attempt_ = now + backoff_;
    backoff_ = std::min(backoff_ * 2, config_.backoff_max);
    return gap;
}

// After each open: a driver that learns its channels on open (IPMI) may now have more than it
// had when the run was prepared. The recorder hears of them through the queue before the first
// reading of a new channel, since this sampler queues everything in order.
//
// Recorded samples and the recorder's catalog use the old indices, so a table that renumbers
// or replaces them cannot be followed mid-run: when the old entries are not the start of the
// new table, it is logged and only the old indices are kept. Readings of indices past them
// are then dropped and counted; those within them are taken to mean what they meant.
std::optional<std::string> Sampler::adopt_channels() {
    std::vector<ChannelSpec> table;
    if (auto thrown = device_call([&] { table = device_->channels(); })) {
        return thrown;
    }
    const std::size_t known = channel_count_;
    const bool extends =
        table.size() >= known &&
        std::equal(channels_.begin(), channels_.begin() + known, table.begin(), same_channel);
    if (!extends) {
        listener_.on_device_event(
            config_.device_index, EventLevel::warn,
            fmt::format("device '{}': its channel table changed on reopen ({} channels, was {}); "
                        "keeping the {} channels of the first one",
                        config_.device_id, table.size(), known, known));
    } else if (table.size() > known) {
        queue_.push(ChannelsDiscovered{config_.device_index, table});
        listener_.on_device_event(config_.device_index, EventLevel::info,
                                  fmt::format("device '{}': {} channels known after open (was {})",
                                              config_.device_id, table.size(), known));
        channels_ = std::move(table);
        channel_count_ = channels_.size();
        seen_.resize(channel_count_);
    }
    channels_stale_ = false;
    return std::nullopt;
}

// The first reading of a channel the table lacks is logged at once, later ones are only
// counted (and their number logged when the sampler stops): a driver that reports such a
// channel on every poll must not fill the log.
void Sampler::count_unknown_channels(std::uint64_t n, std::size_t example) {
    std::uint64_t total = 0;
    {
        std::lock_guard lock(counters_mutex_);
        counters_.unknown_channel_readings += n;
        total = counters_.unknown_channel_readings;
    }
    if (unknown_reported_ > 0) {
        return;
    }
    unknown_reported_ = total;
    listener_.on_device_event(
        config_.device_index, EventLevel::warn,
        fmt::format("device '{}': a reading of channel {}, which its table of {} channels does not "
                    "have; dropped (later ones are counted)",
                    config_.device_id, example, channel_count_));
}

void Sampler::report_unknown_total() {
    const auto total = counters().unknown_channel_readings;
    if (total <= unknown_reported_) {
        return;
    }
    listener_.on_device_event(
        config_.device_index, EventLevel::warn,
        fmt::format("device '{}': {} readings in all of channels not in its table were dropped",
                    config_.device_id, total));
    unknown_reported_ = total;
}

// What escaped a tick (a listener, the queue) is not the device's doing, but it cost the tick
// its readings: the tick still leaves its rows, as errors, and the next tick goes on.
void Sampler::tick_escaped(Clock::time_point now, const StageTag& tag,
                           const std::string& what) noexcept {
    try {
        batch_.clear();
        emit_all(now, tag, Status::error);
        queue_.push_all(batch_);
    } catch (...) {
        batch_.clear();
    }
    busy_.store(false, std::memory_order_release);
    try {
        report_error(
            DeviceError{ErrorKind::protocol, "unexpected exception in its sampler: " + what});
    } catch (...) {
        // The listener itself is what throws; there is nowhere left to say it.
    }
}

void Sampler::thread_escaped(const std::string& what) noexcept {
    busy_.store(false, std::memory_order_release);
    try {
        listener_.on_device_event(
            config_.device_index, EventLevel::error,
            fmt::format("device '{}': sampler stopped by an unexpected exception: {}; no more "
                        "readings from it in this run",
                        config_.device_id, what));
        listener_.on_device_state(config_.device_index, DeviceState::failed, what);
    } catch (...) {
        // The listener itself is what throws; there is nowhere left to say it.
    }
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
