#pragma once

#include <memory>

#include "drivers/api/device.hpp"
#include "drivers/tondaj/codec.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::tondaj {

// An SL-814 polled once per grid tick. open() sends the init command and reads one level to
// check the meter's weighting (and time weighting, when the profile names one) against the
// profile: the meter cannot be switched remotely, so a mismatch is a config error telling the
// user which button to press.
class TondajDevice : public api::Device {
public:
    TondajDevice(sound::Settings settings, std::unique_ptr<transport::Transport> transport);
    ~TondajDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return {"Tondaj", "SL-814", "", ""}; }

private:
    std::variant<Level, api::DeviceError> read_level(
        std::chrono::steady_clock::time_point deadline);

    sound::Settings settings_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    std::vector<api::ChannelSpec> channels_;
    bool announce_ = false;  // the settings notice goes out with the first poll after open
};

}  // namespace wattbench::drivers::tondaj
