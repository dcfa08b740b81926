#pragma once

#include <string>
#include <variant>

#include "drivers/common/frame_assembler.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::transport {

// Reads line- or frame-oriented answers from a transport, keeping bytes that arrived after
// one answer for the next. Errors: `timeout` when nothing complete came before the deadline,
// `link_lost` when the transport broke.
class LineReader {
public:
    explicit LineReader(Transport& transport) : transport_(transport) {}

    std::variant<std::string, api::DeviceError> read_line(Deadline deadline,
                                                          char terminator = '\n');
    std::variant<std::vector<std::uint8_t>, api::DeviceError> read_frame(
        const common::Scanner& scanner, Deadline deadline);
    // Forgets buffered bytes and whatever the transport holds (after a timeout, late answers
    // must not be taken for the next one).
    void reset();

private:
    std::optional<api::DeviceError> fill(Deadline deadline);
    Transport& transport_;
    common::FrameAssembler assembler_;
};

}  // namespace wattbench::drivers::transport
