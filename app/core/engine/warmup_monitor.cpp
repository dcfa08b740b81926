#include "app/core/engine/warmup_monitor.hpp"

#include <algorithm>

namespace wattbench::core::engine {

void WarmupMonitor::arm(std::int32_t phase, const std::vector<WarmupChannel>& channels,
                        std::optional<CpuChannel> cpu, double cpu_span_s, double cpu_from_s) {
    std::lock_guard lock(mutex_);
    phase_ = phase;
    entries_.clear();
    for (const auto& c : channels) {
        entries_.push_back({c, stats::SteadyStateDetector(c.rule)});
    }
    stable_ = false;
    cpu_ = cpu;
    cpu_span_s_ = cpu_span_s;
    cpu_from_s_ = cpu_from_s;
    cpu_readings_.clear();
    armed_.store(phase, std::memory_order_release);
}

void WarmupMonitor::disarm() {
    std::lock_guard lock(mutex_);
    armed_.store(-1, std::memory_order_release);
    phase_ = -1;
}

bool WarmupMonitor::observe(const record::Sample& s) {
    if (s.stage != phases::Stage::warmup || s.phase < 0 ||
        s.phase != armed_.load(std::memory_order_acquire) || s.status != drivers::api::Status::ok) {
        return false;
    }
    std::lock_guard lock(mutex_);
    if (s.phase != phase_) {
        return false;
    }
    if (cpu_ && s.device == cpu_->device && s.channel == cpu_->channel &&
        s.elapsed_s >= cpu_from_s_) {
        cpu_readings_.emplace_back(s.elapsed_s, s.value);
        while (cpu_readings_.front().first < s.elapsed_s - cpu_span_s_) {
            cpu_readings_.pop_front();
        }
    }
    bool watched = false;
    for (auto& e : entries_) {
        if (e.channel.device == s.device && e.channel.channel == s.channel) {
            e.detector.add(s.elapsed_s, s.value);
            watched = true;
        }
    }
    if (!watched) {
        return false;
    }
    const bool now =
        !entries_.empty() && std::all_of(entries_.begin(), entries_.end(),
                                         [](const Entry& e) { return e.detector.stable(); });
    const bool became = now && !stable_;
    stable_ = now;
    return became;
}

bool WarmupMonitor::stable() const {
    std::lock_guard lock(mutex_);
    return stable_;
}

std::vector<WarmupChannelState> WarmupMonitor::states() const {
    std::lock_guard lock(mutex_);
    std::vector<WarmupChannelState> out;
    for (const auto& e : entries_) {
        out.push_back({e.channel.name, e.channel.unit, e.detector.status()});
    }
    return out;
}

std::optional<double> WarmupMonitor::cpu_mean() const {
    std::lock_guard lock(mutex_);
    if (cpu_readings_.empty()) {
        return std::nullopt;
    }
    double sum = 0.0;
    for (const auto& r : cpu_readings_) {
        sum += r.second;
    }
    return sum / static_cast<double>(cpu_readings_.size());
}

}  // namespace wattbench::core::engine
