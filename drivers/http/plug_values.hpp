#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/common/update_interval.hpp"
#include "drivers/common/wattmeter_channels.hpp"

namespace wattbench::drivers::http {

// One answer of a smart plug: each wattmeter quantity it reported, in the channel's unit (W,
// VA, 1, V, A, Hz, Wh); nullopt for what this answer did not contain or marked invalid.
struct PlugValues {
    std::array<std::optional<double>, common::channel_count> value{};

    bool any() const;
};

// What smart-plug drivers (shelly, tasmota, kasa) share: the channel table fixed by the first
// answer (a plug that never reports a quantity gets no channel for it), and the readings of
// later answers. An energy counter lower than the one before (the plug restarted, or its counter
// was reset) is a warning and a phase flag, so a window's energy is not taken across it. The
// plug's own update interval is observed, recorded and its stale readings flagged
// (common::UpdateInterval).
class PlugChannels {
public:
    explicit PlugChannels(std::string device) : device_(std::move(device)) {}

    bool fixed() const { return fixed_; }
    // Keeps the channels `first` has values for, in wattmeter order; later answers keep them.
    void fix(const PlugValues& first);
    const std::vector<api::ChannelSpec>& channels() const { return channels_; }

    // The settings the driver reported for the manifest; the update interval's notice adds to
    // them.
    void keep_settings(const common::UpdateInterval::Settings& s) { interval_.keep_settings(s); }

    // Readings of the fixed channels `v` has values for (the others stay unavailable), a
    // notice when the energy counter went backwards, and the update interval's notices.
    void map(const PlugValues& v, api::PollResult& out);
    // A poll's outcome: the readings, or the error (`unreachable` becomes `link_lost`: the
    // device was open, so core closes and reopens it).
    void deliver(std::variant<PlugValues, api::DeviceError> got, api::PollResult& out);

private:
    std::string device_;
    bool fixed_ = false;
    std::vector<api::ChannelSpec> channels_;
    std::array<std::size_t, common::channel_count> position_{};
    std::optional<double> last_energy_;
    common::UpdateInterval interval_{"the plug"};
};

// The time one poll's request may take: until shortly before the sampler's deadline (so an
// abandoned request ends in time), at most `timeout_ms`, at least 1 ms.
std::chrono::milliseconds request_budget(std::chrono::steady_clock::time_point deadline,
                                         int timeout_ms);

}  // namespace wattbench::drivers::http
