#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "app/core/engine/observer.hpp"

namespace wattbench::bench {

// Counts, per device, the rows of its key channel that a sampler wrote for ticks it missed
// (its thread woke or its poll returned more than half a period late). Those rows carry the
// tick's own time, exactly on the device's grid; rows of a poll carry the poll's time, which is
// never exactly on it. Also learns the run's time origin, so outages injected on the engine's
// clock can be placed on the elapsed_s axis of samples.csv.
class MissedTicks final : public core::engine::Observer {
public:
    struct Tally {
        std::uint64_t total = 0;
        std::uint64_t longest_run = 0;                   // consecutive missed ticks
        std::map<std::string, std::uint64_t> in_window;  // phase → missed ticks in its window
    };

    explicit MissedTicks(std::map<std::string, std::string> key_channels)
        : key_channels_(std::move(key_channels)) {}

    void on_started(const core::record::Catalog& catalog) override {
        std::lock_guard lock(mutex_);
        phases_ = catalog.phase_names;
        for (std::uint32_t d = 0; d < catalog.devices.size(); ++d) {
            const auto& dev = catalog.devices[d];
            const auto key = key_channels_.find(dev.device_id);
            for (std::uint32_t c = 0; key != key_channels_.end() && c < dev.channels.size(); ++c) {
                if (dev.channels[c].name == key->second) {
                    followed_[d] = {dev.device_id, c, dev.interval, 0};
                }
            }
        }
    }

    void on_readings(std::span<const core::record::Sample> samples) override {
        std::lock_guard lock(mutex_);
        for (const auto& s : samples) {
            if (!anchor_known_) {
                anchor_ = s.mono - std::chrono::duration_cast<std::chrono::nanoseconds>(
                                       std::chrono::duration<double>(s.elapsed_s));
                anchor_known_ = true;
            }
            const auto f = followed_.find(s.device);
            if (f == followed_.end() || s.channel != f->second.channel ||
                s.status != drivers::api::Status::unavailable) {
                continue;
            }
            const auto since = (s.mono - anchor_).count();
            const auto period = f->second.interval.count();
            const auto off = ((since % period) + period) % period;
            if (off > kOnGrid_ns && off < period - kOnGrid_ns) {
                continue;
            }
            const auto tick = static_cast<std::uint64_t>((since + period / 2) / period);
            auto& t = tallies_[f->second.id];
            ++t.total;
            f->second.run = tick == f->second.last_tick + 1 ? f->second.run + 1 : 1;
            f->second.last_tick = tick;
            t.longest_run = std::max(t.longest_run, f->second.run);
            if (s.stage == core::phases::Stage::window && s.phase >= 0 &&
                static_cast<std::size_t>(s.phase) < phases_.size()) {
                ++t.in_window[phases_[static_cast<std::size_t>(s.phase)]];
            }
        }
    }

    bool anchor_known() const {
        std::lock_guard lock(mutex_);
        return anchor_known_;
    }
    std::chrono::steady_clock::time_point anchor() const {
        std::lock_guard lock(mutex_);
        return anchor_;
    }
    Tally tally(const std::string& device) const {
        std::lock_guard lock(mutex_);
        const auto it = tallies_.find(device);
        return it == tallies_.end() ? Tally{} : it->second;
    }

private:
    // The origin is recovered from a double of seconds; a poll is never this close to a tick.
    static constexpr std::int64_t kOnGrid_ns = 1000;

    struct Followed {
        std::string id;
        std::uint32_t channel = 0;
        std::chrono::nanoseconds interval{1};
        std::uint64_t run = 0;
        std::uint64_t last_tick = UINT64_MAX - 1;
    };

    std::map<std::string, std::string> key_channels_;
    mutable std::mutex mutex_;
    std::vector<std::string> phases_;
    std::map<std::uint32_t, Followed> followed_;
    std::map<std::string, Tally> tallies_;
    bool anchor_known_ = false;
    std::chrono::steady_clock::time_point anchor_{};
};

}  // namespace wattbench::bench
