#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"
#include "drivers/yokogawa/wt_settings.hpp"

namespace wattbench::drivers::yokogawa {

// A WT500/WT1800/WT5000 (plain lines) or WT3000/WT1600 (framed Ethernet, through FramedLink)
// analyzer: identifies it, sets the items of every element read, the ranges, the update rate
// and the integrator on open, then reads all items with one `:NUM:NORM:VAL?` per tick. While
// a range is on auto it is read back every poll and a switch is reported as a Notice.
class WtDevice : public api::Device {
public:
    WtDevice(WtSettings settings, std::unique_ptr<transport::Transport> transport);
    ~WtDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    std::optional<api::DeviceError> send_all(const std::vector<std::string>& commands,
                                             transport::Deadline deadline);
    std::optional<double> query_number(const std::string& query, transport::Deadline deadline);
    std::optional<api::DeviceError> identify(transport::Deadline deadline);
    void read_back_ranges(transport::Deadline deadline, api::PollResult* result);
    api::Notice settings_notice() const;
    bool any_auto() const { return !settings_.voltage_range || !settings_.current_range; }

    WtSettings settings_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    api::DeviceIdentity identity_;
    std::vector<api::ChannelSpec> channels_;
    std::size_t item_count_ = 0;
    std::vector<int> range_elements_;                   // elements with a range of their own
    std::vector<std::optional<double>> ranges_in_use_;  // V, A per element in range_elements_
    std::vector<api::Notice> notices_;
};

}  // namespace wattbench::drivers::yokogawa
