#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>

#include "drivers/sound/level_range.hpp"
#include "drivers/sound/settings.hpp"

namespace wattbench::drivers::gm1356 {

// Pure codec for the Benetech GM1356 (USB HID 64bd:74e3): 8-byte reports, OUT on endpoint
// 0x02, IN on 0x81.

constexpr std::uint8_t kOutEndpoint = 0x02;
constexpr std::uint8_t kInEndpoint = 0x81;
constexpr std::size_t kReportSize = 8;
using Report = std::array<std::uint8_t, kReportSize>;

// Range codes in the low nibble of the flags byte: 0 30–130, 2 50–100, 3 60–110, 4 80–130 dB.
std::optional<sound::LevelRange> range_bounds(int code);
// "30-130", "50-100", "60-110", "80-130" → code.
std::optional<int> range_code(std::string_view text);

struct Settings {
    sound::Weighting weighting = sound::Weighting::a;
    sound::TimeWeighting time = sound::TimeWeighting::fast;
    bool max_hold = false;
    int range = 0;

    bool operator==(const Settings&) const = default;
};

// 0x40 fast, 0x20 max hold, 0x10 dBC, low nibble range.
std::uint8_t flags_byte(const Settings& s);
Settings settings_from(std::uint8_t flags);

// `B3 r r r 00 00 00 00`: the meter ignores a request identical to the one before, so the
// caller varies the three bytes.
Report level_request(std::uint8_t r1, std::uint8_t r2, std::uint8_t r3);
// `56 <flags|range> 00 00 00 00 00 00`, acknowledged by a report starting 0xC4.
Report configure_request(const Settings& s);
bool is_configure_ack(std::span<const std::uint8_t> report);

struct Level {
    double db = 0.0;
    Settings settings;
};

// Bytes 0–1 big-endian tenths of dB, byte 2 flags. Needs at least 3 bytes; an acknowledgement
// (0xC4…) is not a level.
std::variant<Level, std::string> decode_level(std::span<const std::uint8_t> report);

}  // namespace wattbench::drivers::gm1356
