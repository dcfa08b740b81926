#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <variant>

#include "drivers/common/frame_assembler.hpp"
#include "drivers/sound/level_range.hpp"
#include "drivers/sound/settings.hpp"

namespace wattbench::drivers::tondaj {

// Pure codec for the Tondaj SL-814 (9600 8E1), polled: an init command once, then one request
// per reading. The meter cannot be configured remotely; its settings are only read.

constexpr std::array<std::uint8_t, 3> kInitRequest{0x10, 0x04, 0x0D};
constexpr std::array<std::uint8_t, 2> kInitReply{0x05, 0x0D};
constexpr std::array<std::uint8_t, 3> kPollRequest{0x30, 0x00, 0x0D};
constexpr std::size_t kReplySize = 4;

// The meter's measuring range, 30–130 dB: a value outside it is out of range.
constexpr sound::LevelRange kRange{30.0, 130.0};

// `05 0D` anywhere in the bytes; what precedes it is noise.
common::Scan scan_init_reply(std::span<const std::uint8_t> bytes);
// `AA BB 01 0D`; what precedes it is noise.
common::Scan scan_reply(std::span<const std::uint8_t> bytes);

struct Level {
    double db = 0.0;
    sound::Weighting weighting = sound::Weighting::a;
    sound::TimeWeighting time = sound::TimeWeighting::fast;
};

// byte 0 bit 7: 0 A, 1 C; bit 3: 0 fast, 1 slow; bits 2:0 and byte 1: 11-bit tenths of dB.
std::variant<Level, std::string> decode_reply(std::span<const std::uint8_t> frame);

}  // namespace wattbench::drivers::tondaj
