#include "drivers/wensn/codec.hpp"

#include <array>

#include <fmt/format.h>

namespace wattbench::drivers::wensn {
namespace {

constexpr std::uint8_t kVendorIn = 0xC0;
constexpr std::uint16_t kLength = 200;

constexpr std::array<std::array<int, 2>, kRangeCount> kRanges{
    {{30, 80}, {40, 90}, {50, 100}, {60, 110}, {70, 120}, {80, 130}, {30, 130}}};

usb::SetupPacket request(std::uint8_t b_request, std::uint16_t value) {
    return usb::SetupPacket{kVendorIn, b_request, value, 0, kLength};
}

}  // namespace

sound::LevelRange range_bounds(int index) {
    const auto& r = kRanges[static_cast<std::size_t>(index)];
    return {static_cast<double>(r[0]), static_cast<double>(r[1])};
}

std::optional<int> range_index(std::string_view text) {
    for (int i = 0; i < kRangeCount; ++i) {
        const auto& r = kRanges[static_cast<std::size_t>(i)];
        if (text == fmt::format("{}-{}", r[0], r[1])) {
            return i;
        }
    }
    return std::nullopt;
}

usb::SetupPacket read_level_request() {
    return request(4, 0);
}
usb::SetupPacket read_mode_request() {
    return request(2, 0);
}

usb::SetupPacket set_mode_request(const Mode& m) {
    const auto value = static_cast<std::uint16_t>(
        (m.range & 7) | (m.weighting == sound::Weighting::c ? 1 : 0) << 3 |
        (m.time == sound::TimeWeighting::slow ? 1 : 0) << 4 | (m.max_hold ? 1 : 0) << 5);
    return request(3, value);
}

std::variant<Level, std::string> decode_level(std::span<const std::uint8_t> b) {
    if (b.size() < 2) {
        return fmt::format("level answer of {} byte(s), expected 2", b.size());
    }
    Level l;
    l.db = (b[0] + (b[1] & 3) * 256) * 0.1 + 30.0;
    l.mode.range = (b[1] >> 2) & 7;
    if (l.mode.range >= kRangeCount) {
        return fmt::format("byte 1 = {:02X}: range code 7 does not exist", b[1]);
    }
    l.mode.weighting = (b[1] & 0x20) != 0 ? sound::Weighting::c : sound::Weighting::a;
    l.mode.time = (b[1] & 0x40) != 0 ? sound::TimeWeighting::slow : sound::TimeWeighting::fast;
    return l;
}

std::variant<Mode, std::string> decode_mode(std::span<const std::uint8_t> b) {
    if (b.empty()) {
        return std::string("empty mode answer, expected 1 byte");
    }
    Mode m;
    m.range = b[0] & 7;
    if (m.range >= kRangeCount) {
        return fmt::format("mode byte {:02X}: range code 7 does not exist", b[0]);
    }
    m.weighting = (b[0] & 0x08) != 0 ? sound::Weighting::c : sound::Weighting::a;
    m.time = (b[0] & 0x10) != 0 ? sound::TimeWeighting::slow : sound::TimeWeighting::fast;
    m.max_hold = (b[0] & 0x20) != 0;
    return m;
}

}  // namespace wattbench::drivers::wensn
