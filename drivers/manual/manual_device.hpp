#pragma once

#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/user_reading.hpp"
#include "drivers/manual/settings.hpp"

namespace wattbench::drivers::manual {

// A meter read by a person (e.g. Voltcraft Energy Check 3000). It has channels but no data
// interface: the engine does not poll it (Device::user_read()) and records the operator's
// answers instead, so samples.csv holds only real readings, not a row of `unavailable` per
// tick. poll() exists for the Device contract and reports every channel unavailable.
class ManualDevice final : public api::Device, public api::UserReadDevice {
public:
    ManualDevice(std::string id, Settings settings);

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override { return std::nullopt; }
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override {}
    api::DeviceIdentity identity() const override;
    api::UserReadDevice* user_read() override { return this; }

    Question question() const override;

private:
    std::string id_;
    Settings settings_;
    std::vector<api::ChannelSpec> channels_;
};

}  // namespace wattbench::drivers::manual
