#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "drivers/usb/replay_script.hpp"
#include "drivers/usb/usb_transport.hpp"

namespace wattbench::drivers::usb {

// Plays a recorded USB session back (format: drivers/usb/README.md). Each transfer the driver
// makes must be the fixture's next step; it then gets the recorded answer: bytes, a timeout, a
// stall, or a disconnect (the transport closes and the next open() takes the next `open`
// step, so unplug → reconnect can be replayed). A transfer that differs from the next step is
// answered with a protocol error and listed in mismatches(), without consuming the step. Past
// the end of the fixture the device is gone: transfers fail with link_lost and open() with
// unreachable.
class ReplayTransport : public UsbTransport {
public:
    ReplayTransport(std::vector<ReplayStep> steps, std::string name);
    // Reads the fixture at the first open(), so a factory can make one without I/O; a bad
    // fixture is then a config error naming FILE:LINE.
    explicit ReplayTransport(std::string path);
    // Reads and parses a fixture file; errors name FILE:LINE.
    static std::variant<std::unique_ptr<ReplayTransport>, std::string> from_file(
        const std::string& path);

    std::optional<api::DeviceError> open() override;
    void close() override { open_ = false; }
    bool is_open() const override { return open_; }
    TransferResult control_in(const SetupPacket& setup, std::chrono::milliseconds timeout) override;
    std::optional<api::DeviceError> control_out(const SetupPacket& setup,
                                                std::span<const std::uint8_t> data,
                                                std::chrono::milliseconds timeout) override;
    TransferResult interrupt_in(std::uint8_t endpoint, std::size_t length,
                                std::chrono::milliseconds timeout) override;
    std::optional<api::DeviceError> interrupt_out(std::uint8_t endpoint,
                                                  std::span<const std::uint8_t> data,
                                                  std::chrono::milliseconds timeout) override;
    UsbDeviceStrings strings() const override { return strings_; }
    std::string name() const override { return name_; }

    // Shared so a test can still read them after handing the transport to a driver.
    struct Record {
        std::vector<std::string> mismatches;  // "FILE:LINE: expected …, got …"
        std::size_t consumed = 0;             // steps played
        std::size_t total = 0;
        int opens = 0;                    // successful opens
        std::vector<std::string> played;  // each matched transfer as the driver made it
    };
    std::shared_ptr<const Record> record() const { return record_; }

private:
    // The next step if it is of `kind` and `matches` it; otherwise records the mismatch.
    const ReplayStep* take(ReplayStep::Kind kind, const std::string& got,
                           const std::function<bool(const ReplayStep&)>& matches,
                           std::optional<api::DeviceError>& error);
    std::optional<api::DeviceError> outcome_error(const ReplayStep& step, const std::string& what);
    // A transfer in: the step's reply, cut to `length` as the host's buffer would; or an OUT
    // transfer's outcome.
    TransferResult play_in(ReplayStep::Kind kind, const std::string& got,
                           const std::function<bool(const ReplayStep&)>& matches,
                           std::size_t length);
    std::optional<api::DeviceError> play_out(ReplayStep::Kind kind, const std::string& got,
                                             const std::function<bool(const ReplayStep&)>& matches);
    void skip_strings();

    std::string path_;  // not empty: still to be loaded
    std::vector<ReplayStep> steps_;
    std::size_t next_ = 0;
    std::string name_;
    bool open_ = false;
    UsbDeviceStrings strings_;
    std::shared_ptr<Record> record_ = std::make_shared<Record>();
};

}  // namespace wattbench::drivers::usb
