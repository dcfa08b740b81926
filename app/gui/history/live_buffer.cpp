#include "app/gui/history/live_buffer.hpp"

#include <algorithm>

namespace wattbench::gui::history {

bool Batch::empty() const {
    return !started && !catalog && samples.empty() && stages.empty() && devices.empty() &&
           phases.empty() && events.empty() && prompts.empty() && withdrawn_prompts.empty() &&
           !finished && dropped_samples == 0;
}

double utc_seconds(std::chrono::system_clock::time_point tp) {
    return std::chrono::duration<double>(tp.time_since_epoch()).count();
}

LiveBuffer::LiveBuffer(std::size_t max_pending_samples)
    : max_pending_(std::max<std::size_t>(max_pending_samples, 1)) {}

void LiveBuffer::set_wake(std::function<void()> wake) {
    std::lock_guard lock(mutex_);
    wake_ = std::move(wake);
}

template <typename F>
void LiveBuffer::update(F&& f) {
    std::function<void()> wake;
    {
        std::lock_guard lock(mutex_);
        f(pending_);
        if (!woken_) {
            woken_ = true;
            wake = wake_;
        }
    }
    if (wake) {
        wake();
    }
}

Batch LiveBuffer::drain() {
    Batch out;
    std::lock_guard lock(mutex_);
    std::swap(out, pending_);
    // Keep the capacity for the next burst instead of reallocating it every tick.
    pending_.samples.reserve(out.samples.capacity());
    woken_ = false;
    return out;
}

void LiveBuffer::on_started(const core::record::Catalog& catalog) {
    update([&](Batch& b) { b.started = catalog; });
}

void LiveBuffer::on_catalog_changed(const core::record::Catalog& catalog) {
    update([&](Batch& b) { b.catalog = catalog; });
}

void LiveBuffer::on_readings(std::span<const core::record::Sample> samples) {
    update([&](Batch& b) {
        for (const auto& s : samples) {
            LiveSample l;
            l.t = utc_seconds(s.utc);
            l.device = s.device;
            l.channel = s.channel;
            l.phase = s.phase;
            l.stage = s.stage;
            l.status = s.status;
            l.value = s.value;
            l.text = s.text;
            b.samples.push_back(std::move(l));
        }
        if (b.samples.size() > max_pending_) {
            const auto excess = b.samples.size() - max_pending_;
            b.samples.erase(b.samples.begin(),
                            b.samples.begin() + static_cast<std::ptrdiff_t>(excess));
            b.dropped_samples += excess;
        }
    });
}

void LiveBuffer::on_stage(const core::engine::StageChange& change) {
    // The engine stamps stages with the monotonic clock; the charts run on UTC.
    const auto age = std::chrono::steady_clock::now() - change.since;
    const double t =
        utc_seconds(std::chrono::system_clock::now() -
                    std::chrono::duration_cast<std::chrono::system_clock::duration>(age));
    update([&](Batch& b) { b.stages.push_back({change, t}); });
}

void LiveBuffer::on_device_state(const core::engine::DeviceStateChange& change) {
    update([&](Batch& b) { b.devices.push_back(change); });
}

void LiveBuffer::on_phase_finished(const core::engine::PhaseFinished& result) {
    update([&](Batch& b) { b.phases.push_back(result); });
}

void LiveBuffer::on_event(const core::engine::EngineEvent& event) {
    update([&](Batch& b) { b.events.push_back(event); });
}

void LiveBuffer::on_finished(const core::engine::RunFinished& result) {
    update([&](Batch& b) { b.finished = result; });
}

void LiveBuffer::on_prompt(const core::engine::PromptRequest& request) {
    update([&](Batch& b) { b.prompts.push_back(request); });
}

void LiveBuffer::on_prompt_withdrawn(std::uint64_t id) {
    update([&](Batch& b) { b.withdrawn_prompts.push_back(id); });
}

}  // namespace wattbench::gui::history
