#pragma once

#include <memory>

#include "drivers/api/device.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::wattsup {

// A Watts up? PRO/.NET streaming records every `interval_s` seconds (external logging). Each
// poll takes the newest record that arrived since the last one, waiting for it until the
// poll's deadline.
class WattsupDevice : public api::Device {
public:
    WattsupDevice(int interval_s, std::unique_ptr<transport::Transport> transport);
    ~WattsupDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override;
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    std::optional<api::DeviceError> send(const std::string& packet);

    int interval_s_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    api::DeviceIdentity identity_;
    double last_power_ = -1.0;  // < 0: no record yet
};

}  // namespace wattbench::drivers::wattsup
