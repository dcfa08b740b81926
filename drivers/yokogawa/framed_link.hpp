#pragma once

#include <memory>
#include <string>

#include "drivers/transport/transport.hpp"
#include "drivers/yokogawa/block_frame.hpp"

namespace wattbench::drivers::yokogawa {

// The WT3000/WT1600 Ethernet link over a raw TCP transport: logs in on open (the meter
// prompts for a user name, then a password: `anonymous` and an empty one), then frames
// every LF-terminated command the driver writes as one block and hands back the meter's
// blocks as text lines. The driver above it speaks plain lines and never sees a header.
class FramedLink : public transport::Transport {
public:
    explicit FramedLink(std::unique_ptr<transport::Transport> inner) : inner_(std::move(inner)) {}

    // Errors: the inner transport's; `config` when the meter refuses the login.
    std::optional<api::DeviceError> open() override;
    transport::ReadResult read(std::span<std::uint8_t> buffer,
                               transport::Deadline deadline) override;
    std::optional<api::DeviceError> write(std::span<const std::uint8_t> bytes,
                                          transport::Deadline deadline) override;
    void discard_input() override;
    void close() override { inner_->close(); }
    bool is_open() const override { return inner_->is_open(); }
    std::string name() const override { return inner_->name(); }

    // What the meter said during the last login (prompts and its verdict), for error texts.
    const std::string& login_transcript() const { return transcript_; }

private:
    std::optional<api::DeviceError> send_message(const std::string& message,
                                                 transport::Deadline deadline);
    // Text that arrived before `deadline`, waiting at most until the first line is complete
    // or the deadline passes; link errors are returned as such.
    std::optional<api::DeviceError> collect(std::string& text, transport::Deadline deadline);

    std::unique_ptr<transport::Transport> inner_;
    BlockDecoder decoder_;
    std::string pending_;  // decoded text not handed out yet
    std::string transcript_;
};

}  // namespace wattbench::drivers::yokogawa
