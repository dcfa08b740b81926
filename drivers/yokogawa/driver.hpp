#pragma once

#include <memory>

#include "drivers/api/device.hpp"
#include "drivers/common/range_state.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"
#include "drivers/yokogawa/settings.hpp"

namespace wattbench::drivers::yokogawa {

// A WT300- or WT200-family power meter over any byte transport: identifies and sets the
// meter up on open, then polls all items with one query per tick (once per completed update
// on the WT300 set). Ranges are fixed, auto, or calibrated from each warm-up (MLPerf rule);
// while a range is on auto it is read back every poll and a change is reported as a Notice.
class YokogawaDevice : public api::Device, public api::RangingDevice {
public:
    YokogawaDevice(Settings settings, std::unique_ptr<transport::Transport> transport);
    ~YokogawaDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override;
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

    api::RangingDevice* ranging() override { return settings_.calibrate ? this : nullptr; }
    void request_ranging(api::RangingStep step) override { ranges_.request(step); }
    bool ranging_pending() const override { return ranges_.pending(); }

private:
    std::optional<api::DeviceError> send(const std::string& command, transport::Deadline deadline);
    std::optional<api::DeviceError> send_all(const std::vector<std::string>& commands,
                                             transport::Deadline deadline);
    // One answer line that parses as a number; skips noise lines until the deadline.
    std::optional<double> query_number(const std::string& query, transport::Deadline deadline,
                                       std::optional<api::DeviceError>* link_error = nullptr);
    std::optional<std::string> query_text(const std::string& query, transport::Deadline deadline);
    std::optional<api::DeviceError> carry_out_ranging(api::PollResult& result,
                                                      transport::Deadline deadline);
    void read_back_ranges(transport::Deadline deadline, api::PollResult* result);
    api::Notice settings_notice() const;

    Settings settings_;
    common::RangeState ranges_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    api::DeviceIdentity identity_;
    std::vector<api::ChannelSpec> channels_;

    std::string mode_;  // measuring mode read back on open (RMS, VMEAN, DC)
    int crest_factor_in_use_ = 0;
    std::vector<api::Notice> notices_;  // for the next poll's result
};

}  // namespace wattbench::drivers::yokogawa
