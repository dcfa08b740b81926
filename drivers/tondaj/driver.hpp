#pragma once

#include <memory>

#include "drivers/sound/sound_meter_device.hpp"
#include "drivers/tondaj/codec.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::tondaj {

// An SL-814 polled once per grid tick. open() sends the init command and reads one level to
// check the meter's weighting (and time weighting, when the profile names one) against the
// profile: the meter cannot be switched remotely, so a mismatch is a config error telling the
// user which button to press.
class TondajDevice : public sound::SoundMeterDevice<transport::Transport> {
public:
    TondajDevice(sound::Settings settings, std::unique_ptr<transport::Transport> transport);

    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    api::DeviceIdentity identity() const override { return {"Tondaj", "SL-814", "", ""}; }

private:
    std::variant<Level, api::DeviceError> read_level(
        std::chrono::steady_clock::time_point deadline);

    transport::LineReader reader_;
};

}  // namespace wattbench::drivers::tondaj
