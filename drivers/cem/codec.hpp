#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>

#include "drivers/common/frame_assembler.hpp"
#include "drivers/sound/level_range.hpp"
#include "drivers/sound/settings.hpp"

namespace wattbench::drivers::cem {

// Pure codec for the CEM DT-8852 / DT-885x stream (9600 8N1): once set up the meter sends
// ~20 packets a second, each `A5 <token> [payload]`. Status tokens say what the following
// measurements mean; a 0x0D token carries a level.

constexpr std::uint8_t kStart = 0xA5;

enum Token : std::uint8_t {
    time_fast = 0x02,
    time_slow = 0x03,
    hold_max = 0x04,
    hold_min = 0x05,
    clock = 0x06,  // 3 bytes
    range_over = 0x07,
    range_under = 0x08,
    store_full = 0x09,
    recording_on = 0x0A,
    readout = 0x0B,  // 1 byte
    bargraph = 0x0C,
    measurement = 0x0D,  // 2 BCD bytes
    hold_none = 0x0E,
    battery_low = 0x0F,
    range_ok = 0x11,
    store_ok = 0x19,
    recording_off = 0x1A,
    weighting_a = 0x1B,  // 1 byte
    weighting_c = 0x1C,  // 1 byte
    battery_ok = 0x1F,
    range_30_80 = 0x30,
    range_30_130 = 0x40,
    range_50_100 = 0x4B,
    range_80_130 = 0x4C,
};

// Commands: single bytes, never acknowledged; the status tokens show whether they took.
constexpr std::uint8_t kToggleWeighting = 0x99;
constexpr std::uint8_t kToggleTimeWeighting = 0x77;

// Payload bytes after the token; nullopt for a token not known.
std::optional<std::size_t> payload_length(std::uint8_t token);

// Frames: `A5 <token> <payload>`. Bytes before an A5 are noise (0xFF is sent while the meter is
// in hold); an unknown token is cut as a 2-byte frame and whatever follows it is skipped as
// noise up to the next A5.
common::Scan scan_packet(std::span<const std::uint8_t> bytes);

// `05 34` → 53.4 dB; nullopt when a nibble is not a decimal digit.
std::optional<double> decode_bcd(std::uint8_t high, std::uint8_t low);

// What the stream has said so far.
struct State {
    std::optional<sound::Weighting> weighting;
    std::optional<sound::TimeWeighting> time;
    std::optional<sound::LevelRange> range;
    bool over = false;
    bool under = false;
    bool hold = false;  // max or min hold: the number is not the current level
};

// Applies one frame to `state`. Returns the level when the frame is a measurement, nothing for
// status frames, and an error text for a frame that is not well formed.
std::variant<std::optional<double>, std::string> apply_packet(State& state,
                                                              std::span<const std::uint8_t> frame);

}  // namespace wattbench::drivers::cem
