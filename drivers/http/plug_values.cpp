#include "drivers/http/plug_values.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace wattbench::drivers::http {

namespace {

constexpr std::size_t kAbsent = static_cast<std::size_t>(-1);
constexpr auto kDeadlineMargin = std::chrono::milliseconds(20);

std::string wh(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", v);
    return text;
}

}  // namespace

bool PlugValues::any() const {
    for (const auto& v : value) {
        if (v) {
            return true;
        }
    }
    return false;
}

void PlugChannels::fix(const PlugValues& first) {
    const auto all = common::wattmeter_channels();
    channels_.clear();
    position_.fill(kAbsent);
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (first.value[i]) {
            position_[i] = channels_.size();
            channels_.push_back(all[i]);
        }
    }
    fixed_ = true;
}

void PlugChannels::map(const PlugValues& v, api::PollResult& out) {
    for (std::size_t i = 0; i < common::channel_count; ++i) {
        if (position_[i] == kAbsent || !v.value[i]) {
            continue;
        }
        const double x = *v.value[i];
        if (!std::isfinite(x)) {
            out.readings.push_back({position_[i], 0.0, api::Status::error, {}});
            continue;
        }
        out.readings.push_back({position_[i], x, api::Status::ok, {}});
    }
    if (const auto& e = v.value[common::energy]; e && std::isfinite(*e)) {
        if (last_energy_ && *e < *last_energy_) {
            api::Notice n;
            n.warning = true;
            n.message = device_ + ": the energy counter went backwards (" + wh(*last_energy_) +
                        " Wh to " + wh(*e) + " Wh): the plug restarted or its counter was reset";
            n.phase_flag = "energy_counter_reset";
            out.notices.push_back(std::move(n));
        }
        last_energy_ = *e;
    }
    interval_.observe(out.readings, std::chrono::steady_clock::now(), out.notices);
}

void PlugChannels::deliver(std::variant<PlugValues, api::DeviceError> got, api::PollResult& out) {
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        out.error = std::move(*e);
        if (out.error->kind == api::ErrorKind::unreachable) {
            out.error->kind = api::ErrorKind::link_lost;
        }
        return;
    }
    map(std::get<PlugValues>(got), out);
}

std::chrono::milliseconds request_budget(std::chrono::steady_clock::time_point deadline,
                                         int timeout_ms) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now()) -
                      kDeadlineMargin;
    return std::clamp(left, std::chrono::milliseconds(1), std::chrono::milliseconds(timeout_ms));
}

}  // namespace wattbench::drivers::http
