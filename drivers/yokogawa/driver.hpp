#pragma once

#include <memory>

#include "drivers/api/device.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"
#include "drivers/yokogawa/settings.hpp"

namespace wattbench::drivers::yokogawa {

// A WT300- or WT200-family power meter over any byte transport: identifies and sets the
// meter up on open, then polls all items with one query per tick.
class YokogawaDevice : public api::Device {
public:
    YokogawaDevice(Settings settings, std::unique_ptr<transport::Transport> transport);
    ~YokogawaDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override;
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    std::optional<api::DeviceError> send(const std::string& command, transport::Deadline deadline);

    Settings settings_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    api::DeviceIdentity identity_;
    std::vector<api::ChannelSpec> channels_;
};

}  // namespace wattbench::drivers::yokogawa
