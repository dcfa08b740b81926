#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>

#include "drivers/sound/level_range.hpp"
#include "drivers/sound/settings.hpp"
#include "drivers/usb/setup_packet.hpp"

namespace wattbench::drivers::wensn {

// Pure codec for the Wensn WS1361/WS1381 USB sound level meters: vendor control transfers IN
// (bmRequestType 0xC0, wLength 200). bRequest 4 reads the level, 2 the mode byte, 3 sets the
// mode from wValue (the answer carries nothing wattbench uses).

// Range index 0…6: 30–80, 40–90, 50–100, 60–110, 70–120, 80–130, 30–130 dB.
constexpr int kRangeCount = 7;
sound::LevelRange range_bounds(int index);
// "30-80" … "30-130" → index; nullopt for anything else.
std::optional<int> range_index(std::string_view text);

struct Mode {
    int range = 0;  // 0…6
    sound::Weighting weighting = sound::Weighting::a;
    sound::TimeWeighting time = sound::TimeWeighting::fast;
    bool max_hold = false;

    bool operator==(const Mode&) const = default;
};

struct Level {
    double db = 0.0;
    Mode mode;  // range, weighting and time weighting as the level packet reports them
};

usb::SetupPacket read_level_request();  // C0 04 0000 0000 00C8
usb::SetupPacket read_mode_request();   // C0 02 0000 0000 00C8
// C0 03 <range | A/C<<3 | speed<<4 | max<<5> 0000 00C8
usb::SetupPacket set_mode_request(const Mode& mode);

// Two bytes: dB = (b0 + (b1 & 3)·256)·0.1 + 30; b1 bits 4:2 range, bit 5 C, bit 6 slow.
std::variant<Level, std::string> decode_level(std::span<const std::uint8_t> bytes);
// One byte: bits 2:0 range, bit 3 C, bit 4 slow, bit 5 max hold.
std::variant<Mode, std::string> decode_mode(std::span<const std::uint8_t> bytes);

}  // namespace wattbench::drivers::wensn
