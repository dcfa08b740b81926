#include <algorithm>
#include <cmath>

#include "drivers/scpi_analyzer/analyzer_device.hpp"
#include "drivers/scpi_analyzer/analyzer_timing.hpp"

// Reading one answer per poll and turning it into values.
namespace wattbench::drivers::scpi_analyzer {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

api::PollResult AnalyzerDevice::read_values(Deadline deadline, api::PollResult result) {
    std::optional<std::string> garbage;
    std::optional<Answer> newest;
    for (;;) {
        // Streaming: take every answer already here, keep the newest, then stop at once.
        auto line = read_line(newest ? Clock::now() : deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (newest && e->kind == api::ErrorKind::timeout) {
                break;
            }
            if (!garbage && e->kind == api::ErrorKind::timeout && dialect_.quirks.streaming &&
                dialect_.quirks.stall_is_link_lost && stalled()) {
                // Closed, so that core's reopen arms the stream again.
                transport_->close();
                result.error = api::DeviceError{api::ErrorKind::link_lost,
                                                transport_->name() + ": the value stream stopped"};
                return result;
            }
            if (garbage && e->kind == api::ErrorKind::timeout) {
                result.error = api::DeviceError{api::ErrorKind::protocol,
                                                transport_->name() + ": " + *garbage};
            } else {
                result.error = *e;
            }
            return result;
        }
        auto values =
            parse_answer(dialect_, answered_, std::get<std::string>(line), order_, stream_ranges_);
        if (auto* r = std::get_if<Answer>(&values)) {
            newest = std::move(*r);
            if (!dialect_.quirks.streaming) {
                break;
            }
            continue;
        }
        // Noise on the line: keep listening until the deadline for the real answer.
        garbage = std::get<std::string>(values);
    }
    last_answer_at_ = Clock::now();
    if (stream_ranges_) {
        note_ranges(newest->volts_in_use, newest->amps_in_use, &result);
    }
    result.readings.resize(plan_.slots.size());
    for (std::size_t i = 0; i < result.readings.size(); ++i) {
        result.readings[i] = {i, 0.0, api::Status::unavailable, ""};
    }
    for (std::size_t k = 0; k < newest->readings.size(); ++k) {
        const std::size_t i = answered_index_[k];
        if (energy_refused_ && plan_.slots[i].item == Item::energy) {
            continue;
        }
        result.readings[i] = std::move(newest->readings[k]);
        result.readings[i].channel = i;
    }
    // One notice per flag, however many fields carried it (Chroma: -2 in every field).
    std::vector<std::string> flags;
    for (const auto& flag : newest->phase_flags) {
        if (std::find(flags.begin(), flags.end(), flag) == flags.end()) {
            flags.push_back(flag);
            result.notices.push_back({true, "the meter marked a reading with " + flag, flag, {}});
        }
    }
    return result;
}

api::PollResult AnalyzerDevice::poll(Clock::time_point deadline) {
    auto result = api::start_poll(notices_, transport_->is_open());
    if (result.error) {
        return result;
    }
    deadline = std::min(deadline, Clock::now() + answer_timeout);
    if (auto e = carry_out_ranging(result, deadline)) {
        result.error = e;
        return result;
    }
    if (!dialect_.quirks.streaming) {
        // A late answer to an earlier query must never be taken for this one.
        reader_.reset();
        if (auto e = commands(dialect_.before_read, deadline)) {
            result.error = e;
            return result;
        }
        if (auto e = wait_ready(deadline)) {
            result.error = e;
            return result;
        }
        if (auto e = send(read_query_, deadline)) {
            result.error = e;
            return result;
        }
    }
    result = read_values(deadline, std::move(result));
    if (result.error) {
        return result;
    }
    if (ranges_.observing()) {
        for (std::size_t i = 0; i < plan_.slots.size() && i < result.readings.size(); ++i) {
            const auto& r = result.readings[i];
            if (r.status != api::Status::ok || plan_.slots[i].element == sigma) {
                continue;
            }
            if (plan_.slots[i].item == Item::voltage) {
                ranges_.observe_volts(std::fabs(r.value));
            } else if (plan_.slots[i].item == Item::current) {
                ranges_.observe_amps(std::fabs(r.value));
            }
        }
    }
    for (auto& n : notices_) {
        result.notices.push_back(std::move(n));
    }
    notices_.clear();
    if (ranges_.any_auto() && !dialect_.quirks.streaming) {
        // Auto-ranging may switch at any update: read the ranges back so that a switch inside
        // an averaging window flags it (SPEC forbids auto-ranging there).
        read_back_ranges(deadline, &result);
    }
    return result;
}

}  // namespace wattbench::drivers::scpi_analyzer
