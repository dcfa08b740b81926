#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "drivers/transport/usbtmc_link.hpp"

namespace wattbench::drivers::transport {

// A USBTMC instrument on the far side of UsbtmcLink, written from USBTMC 1.0: it collects
// DEV_DEP_MSG_OUT transfers until EOM, hands the message to `answer`, and sends the reply when
// asked with REQUEST_DEV_DEP_MSG_IN, honouring the request's size. The class requests answer
// as §4.2.1 says. Faults are switches a test flips between exchanges.
class FakeUsbtmcInstrument : public UsbtmcLink {
public:
    using Answer = std::function<std::string(const std::string& message)>;
    explicit FakeUsbtmcInstrument(Answer answer) : answer_(std::move(answer)) {}

    // Faults.
    std::size_t max_transfer_data = 0;  // > 0: at most this many data bytes per DEV_DEP_MSG_IN
    std::size_t bulk_chunk = 0;  // > 0: the host's reads return at most this much of a transfer
    bool no_eom = false;                // the last transfer of a reply lacks EOM
    bool silent = false;                // requests are taken, no reply comes (bulk-IN times out)
    bool refuse_out = false;            // bulk-OUT times out
    bool garbage_next = false;          // the next bulk-IN carries bytes that are no header
    bool stale_next = false;            // the next reply first sends one with a wrong bTag
    int pending_checks = 1;             // CHECK_ABORT_*/CHECK_CLEAR answer PENDING this often
    void unplug();                      // everything fails with link_lost, open() finds nothing
    void plug() { plugged_ = true; }

    // What the host did.
    std::vector<std::string> messages;  // each complete message received
    std::vector<std::string> requests;  // class requests: "INITIATE_ABORT_BULK_IN tag 5"
    std::vector<std::uint8_t> tags;     // every bulk-OUT header's bTag, in order
    std::vector<std::uint8_t> halts;    // endpoints whose halt was cleared
    int opens = 0;

    std::optional<api::DeviceError> open() override;
    void close() override { open_ = false; }
    bool is_open() const override { return open_; }
    std::optional<api::DeviceError> bulk_out(std::span<const std::uint8_t> data,
                                             std::chrono::milliseconds timeout) override;
    usb::TransferResult bulk_in(std::size_t length, std::chrono::milliseconds timeout) override;
    usb::TransferResult control_in(const usb::SetupPacket& setup,
                                   std::chrono::milliseconds timeout) override;
    void clear_halt(std::uint8_t endpoint) override { halts.push_back(endpoint); }
    UsbtmcInterface interface() const override { return {0, 0x01, 0x82, 64}; }
    usb::UsbDeviceStrings strings() const override { return {"WATTBENCH", "USBTMC-FAKE", "F0001"}; }
    std::string name() const override { return "usbtmc://1234:5678/F0001"; }

private:
    std::optional<api::DeviceError> gone();
    void queue_transfer(std::uint8_t tag, std::uint32_t max_size);
    usb::Bytes check_reply(std::uint8_t length, bool fifo);

    Answer answer_;
    bool plugged_ = true;
    bool open_ = false;
    std::string incoming_;                     // message so far, until EOM
    std::string reply_;                        // answer not sent yet
    std::deque<usb::Bytes> in_fifo_;           // bulk-IN data the host has not read
    std::optional<std::uint8_t> request_tag_;  // a request the device could not serve yet
    std::uint32_t request_size_ = 0;
    int checks_left_ = 0;
};

}  // namespace wattbench::drivers::transport
