#pragma once

#include <memory>

#include "drivers/api/device.hpp"
#include "drivers/chroma/settings.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::chroma {

// A Chroma 66202/66203/66204 over any byte transport: identifies the meter, selects its
// channel, sets and reads back the ranges, restarts the energy integration, then asks
// `FETCh? V,I,W,VA,VAR,PF,FREQ,ENEG` once per poll. The meter's -1/-2/-3 answers become
// unavailable/unavailable + `range_change`/overrange readings.
class ChromaDevice : public api::Device {
public:
    ChromaDevice(Settings settings, std::unique_ptr<transport::Transport> transport);
    ~ChromaDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override;
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    std::optional<api::DeviceError> send(const std::string& command, transport::Deadline deadline);
    std::optional<std::string> query(const std::string& query, transport::Deadline deadline);
    std::optional<api::DeviceError> identify(transport::Deadline deadline);
    void read_back_ranges(transport::Deadline deadline, api::PollResult* result);
    api::Notice settings_notice() const;
    bool any_auto() const { return !settings_.voltage_range || !settings_.current_range; }

    Settings settings_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    api::DeviceIdentity identity_;
    std::optional<double> volts_in_use_;
    std::optional<double> amps_in_use_;
    std::string integrator_state_;
    std::vector<api::Notice> notices_;  // for the next poll's result
};

}  // namespace wattbench::drivers::chroma
