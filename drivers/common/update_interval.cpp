#include "drivers/common/update_interval.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace wattbench::drivers::common {

namespace {

// Three significant digits: timing at the poll grid is no finer.
std::string seconds(double s) {
    std::array<char, 32> text{};
    const auto end =
        std::to_chars(text.data(), text.data() + text.size(), s, std::chars_format::general, 3).ptr;
    return {text.data(), end};
}

}  // namespace

void UpdateInterval::observe(const std::vector<api::Reading>& readings, Clock::time_point at,
                             std::vector<api::Notice>& notices) {
    std::vector<std::pair<std::size_t, double>> now;
    for (const auto& r : readings) {
        if (r.status == api::Status::ok) {
            now.emplace_back(r.channel, r.value);
        }
    }
    if (now.empty()) {
        return;  // a poll without values says nothing about the meter's refreshes
    }
    std::sort(now.begin(), now.end());
    if (last_.empty()) {
        last_ = std::move(now);
        return;
    }
    if (now != last_) {
        if (last_change_) {
            const double gap = std::chrono::duration<double>(at - *last_change_).count();
            if (stale_) {
                notices.push_back(
                    {false, "the readings change again after " + seconds(gap) + " s", {}, {}});
                stale_ = false;
            } else if (!interval_s_) {
                gaps_s_.push_back(gap);
            }
        }
        last_change_ = at;
        last_ = std::move(now);
        if (!interval_s_ && gaps_s_.size() >= changes_needed) {
            std::nth_element(gaps_s_.begin(), gaps_s_.begin() + gaps_s_.size() / 2, gaps_s_.end());
            interval_s_ = gaps_s_[gaps_s_.size() / 2];
            gaps_s_.clear();
            api::Notice n;
            n.message = meter_ + " refreshes its readings about every " + seconds(*interval_s_) +
                        " s (as seen at this poll rate); polls between refreshes repeat the "
                        "same values";
            n.settings = settings_;
            n.settings["update_interval_s"] = *interval_s_;
            notices.push_back(std::move(n));
        }
        return;
    }
    if (!interval_s_ || !last_change_) {
        return;
    }
    const double unchanged = std::chrono::duration<double>(at - *last_change_).count();
    if (unchanged <= stale_after_intervals * *interval_s_) {
        return;
    }
    api::Notice n;
    n.phase_flag = "stale";
    if (!stale_) {
        n.warning = true;
        n.message = "the readings have not changed for " + seconds(unchanged) +
                    " s, more than twice " + meter_ + "'s update interval of " +
                    seconds(*interval_s_) + " s (stale: it may have stopped refreshing)";
        stale_ = true;
    }
    notices.push_back(std::move(n));
}

}  // namespace wattbench::drivers::common
