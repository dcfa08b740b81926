#pragma once

#include <memory>

#include "drivers/api/device.hpp"
#include "drivers/eastron/model.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::eastron {

// An Eastron SDM meter on a Modbus RTU link: one block read per group of consecutive
// registers each poll. The meter has no identity query; the model comes from the profile.
class SdmDevice : public api::Device {
public:
    SdmDevice(Model model, std::uint8_t address, std::unique_ptr<transport::Transport> transport);
    ~SdmDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override { return model_.channels; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override;

private:
    // The block's floats, or the error that ended the poll.
    std::variant<std::vector<float>, api::DeviceError> read_block(const Block& block,
                                                                  transport::Deadline deadline);

    Model model_;
    std::uint8_t address_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
};

}  // namespace wattbench::drivers::eastron
