#include "app/gui/history/run_history.hpp"

#include <algorithm>

namespace wattbench::gui::history {

RunHistory::RunHistory(double recent_span_s, std::size_t overview_buckets)
    : span_(recent_span_s), overview_buckets_(overview_buckets) {}

void RunHistory::reset(const core::record::Catalog& catalog) {
    catalog_ = catalog;
    channels_.clear();
    channels_.resize(catalog_.devices.size());
    for (std::size_t d = 0; d < catalog_.devices.size(); ++d) {
        channels_[d].assign(catalog_.devices[d].channels.size(),
                            ChannelHistory(span_, overview_buckets_));
    }
    bands_.clear();
    first_t_ = 1.0;
    last_t_ = 0.0;
}

std::uint32_t RunHistory::add_channel(std::uint32_t device, const drivers::api::ChannelSpec& spec) {
    catalog_.devices.at(device).channels.push_back(spec);
    channels_.at(device).emplace_back(span_, overview_buckets_);
    return static_cast<std::uint32_t>(channels_[device].size() - 1);
}

void RunHistory::add(const LiveSample& s) {
    if (s.device >= channels_.size() || s.channel >= channels_[s.device].size()) {
        return;
    }
    if (empty()) {
        first_t_ = s.t;
        last_t_ = s.t;
    } else {
        first_t_ = std::min(first_t_, s.t);
        last_t_ = std::max(last_t_, s.t);
    }
    if (s.status != drivers::api::Status::ok) {
        return;
    }
    channels_[s.device][s.channel].add({s.t, s.value});
}

void RunHistory::close_open_band(double t) {
    if (bands_.empty() || !bands_.back().open()) {
        return;
    }
    auto& b = bands_.back();
    if (b.has_window() && std::isnan(b.window_end)) {
        b.window_end = t;
    }
    b.end = t;
}

void RunHistory::on_stage(std::int32_t phase, const std::string& name, core::phases::Stage stage,
                          double t) {
    using core::phases::Stage;
    const bool same = !bands_.empty() && bands_.back().open() && bands_.back().phase == phase;
    if (stage == Stage::between || phase < 0) {
        close_open_band(t);
        return;
    }
    if (!same) {
        close_open_band(t);
        chart_style::PhaseSpan b;
        b.phase = phase;
        b.name = name;
        b.start = t;
        bands_.push_back(std::move(b));
    }
    if (stage == Stage::window && !bands_.back().has_window()) {
        bands_.back().window_start = t;
    }
}

const ChannelHistory* RunHistory::channel(std::uint32_t device, std::uint32_t ch) const {
    if (device >= channels_.size() || ch >= channels_[device].size()) {
        return nullptr;
    }
    return &channels_[device][ch];
}

std::size_t RunHistory::stored_points() const {
    std::size_t n = 0;
    for (const auto& dev : channels_) {
        for (const auto& c : dev) {
            n += c.stored_points();
        }
    }
    return n;
}

}  // namespace wattbench::gui::history
