#pragma once

#include <functional>
#include <memory>

#include "drivers/cem/codec.hpp"
#include "drivers/sound/sound_meter_device.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::cem {

// A DT-885x streaming ~20 measurements a second. open() waits for the stream and its status
// tokens, then toggles weighting (0x99) and time weighting (0x77) until the tokens show the
// profile's settings. Each poll takes the newest measurement since the last one, waiting for
// one until the poll's deadline.
class CemDevice : public sound::SoundMeterDevice<transport::Transport> {
public:
    CemDevice(sound::Settings settings, std::unique_ptr<transport::Transport> transport);

    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    api::DeviceIdentity identity() const override { return {"CEM", "DT-885x", "", ""}; }

private:
    // Reads frames until `done` holds or `deadline`; counts measurements seen.
    std::optional<api::DeviceError> read_until(const std::function<bool()>& done,
                                               std::chrono::steady_clock::time_point deadline);
    std::optional<api::DeviceError> toggle_until(std::uint8_t command,
                                                 const std::function<bool()>& done,
                                                 const char* what);

    transport::LineReader reader_;
    State state_;
    int measurements_ = 0;
    std::string unverified_;  // settings the stream never reported, so never checked
};

}  // namespace wattbench::drivers::cem
