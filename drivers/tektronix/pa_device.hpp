#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/tektronix/codec.hpp"
#include "drivers/tektronix/settings.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::tektronix {

// A PA1000 or PA3000 (element 1) over TCP or serial. Open identifies the meter, sends each
// configuration command on its own line with the manuals' pause between them and takes the
// answer the meter gives to every message over Ethernet (none is waited for beyond the pause
// on serial), learns the value order from :FRF?, and reads the ranges back. A poll waits for
// the new-data bit (:DSR?) and reads :FRD?. A refused selection loses its channel, a refused
// integrator the energy channel; a refused fixed range refuses the open.
class PaDevice : public api::Device, public api::RangingDevice {
public:
    PaDevice(Settings settings, std::unique_ptr<transport::Transport> transport);
    ~PaDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

    api::RangingDevice* ranging() override { return settings_.calibrate ? this : nullptr; }
    void request_ranging(api::RangingStep step) override;
    bool ranging_pending() const override { return ranging_pending_.load(); }

private:
    using Deadline = transport::Deadline;
    std::optional<api::DeviceError> send(const std::string& line, Deadline deadline);
    // A configuration command: the pause, the command, then its answer if one comes.
    std::variant<Reply, api::DeviceError> configure(const std::string& command);
    // The first non-empty answer line; nullopt on timeout, refusal or a broken link (`error`).
    std::optional<std::string> query(const std::string& command, Deadline deadline,
                                     std::optional<api::DeviceError>* error = nullptr);
    std::optional<api::DeviceError> set_ranges(bool at_open);
    void read_back_ranges(Deadline deadline, api::PollResult* result);
    void learn_order(Deadline deadline);
    bool wait_for_new_data(Deadline deadline);
    std::optional<api::DeviceError> carry_out_ranging(api::PollResult& result);
    api::Notice settings_notice() const;
    bool any_auto() const { return !volts_ || !amps_; }
    bool is_tcp() const;

    Settings settings_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    api::DeviceIdentity identity_;
    std::vector<api::ChannelSpec> channels_;

    std::vector<Item> selected_;  // accepted by the meter
    std::vector<Item> order_;     // the order :FRD? returns them in
    bool labelled_ = false;       // order_ from :FRF? rather than the documented display order
    bool handshake_ = false;      // :DSE 2 accepted
    bool integrating_ = false;
    std::chrono::steady_clock::time_point last_config_{};

    RangeCode volts_;
    RangeCode amps_;
    std::optional<double> volts_in_use_;
    std::optional<double> amps_in_use_;
    std::vector<api::Notice> notices_;

    bool observing_ = false;
    double max_volts_ = 0.0;
    double max_amps_ = 0.0;
    std::atomic<int> ranging_request_{-1};
    std::atomic<bool> ranging_pending_{false};
};

}  // namespace wattbench::drivers::tektronix
