#pragma once

#include <memory>

#include "drivers/api/device.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"
#include "drivers/zes/settings.hpp"

namespace wattbench::drivers::zes {

// A ZES LMG in the short language over any byte transport. Open identifies the meter, fixes
// (or frees) its ranges and reads them back, arms the value list and turns on `cont on`; from
// then the meter streams one line per measuring cycle, and each poll drains what arrived and
// keeps the newest complete line. A stream that stops is a lost link, so the sampler reopens.
class ZesDevice : public api::Device {
public:
    ZesDevice(Settings settings, std::unique_ptr<transport::Transport> transport);
    ~ZesDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override;
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    std::optional<api::DeviceError> send(const std::string& command, transport::Deadline deadline);
    // `<command>;*OPC?` and its `1`; false when the meter did not confirm in time.
    bool send_synced(const std::string& command, transport::Deadline deadline);
    std::optional<double> query_number(const std::string& query, transport::Deadline deadline);
    void read_ranges(transport::Deadline deadline);
    // The newest complete value line received by `deadline`; nullopt when none came.
    std::optional<std::string> newest_line(transport::Deadline deadline, std::string& garbage,
                                           std::optional<api::DeviceError>& link);
    api::Notice settings_notice() const;
    bool any_auto() const { return !settings_.voltage_range || !settings_.current_range; }

    Settings settings_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    api::DeviceIdentity identity_;
    std::vector<api::ChannelSpec> channels_;
    std::optional<double> volts_in_use_;
    std::optional<double> amps_in_use_;
    std::chrono::steady_clock::time_point last_line_at_{};
    std::vector<api::Notice> notices_;  // for the next poll's result
};

}  // namespace wattbench::drivers::zes
