#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wattbench::drivers::yokogawa {

// The WT3000/WT1600 Ethernet framing (analyzers.md §6 [S46]): every message travels in blocks
// with a 4-byte big-endian header, bit 31 set on the last block of a message, the low 31 bits
// the block's length (`0x80 0x00 <len_hi> <len_lo>` for one block of at most 64 KiB).

// One message as one block (longer messages as several, only the last flagged).
std::vector<std::uint8_t> encode_block(std::string_view message);

// Turns the meter's byte stream back into text lines. Tolerant where the facts are not: a
// message that starts with anything but a header is taken as plain text up to its LF (the
// sources disagree on whether answers and the login prompt are framed), and a framed message
// that does not end in LF gets one, so a line reader sees one line per message. An empty last
// block (what the WT1600 may send for a set command) yields nothing.
class BlockDecoder {
public:
    std::string feed(std::span<const std::uint8_t> bytes);
    void reset();

private:
    enum class State { start, header, payload, text };
    State state_ = State::start;
    std::uint8_t header_[4] = {};
    std::size_t header_have_ = 0;
    std::uint32_t remaining_ = 0;
    bool last_ = false;
    char last_char_ = '\n';
};

}  // namespace wattbench::drivers::yokogawa
