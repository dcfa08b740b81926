#include "drivers/gm1356/codec.hpp"

#include <fmt/format.h>

namespace wattbench::drivers::gm1356 {

std::optional<sound::LevelRange> range_bounds(int code) {
    switch (code) {
        case 0:
            return sound::LevelRange{30, 130};
        case 2:
            return sound::LevelRange{50, 100};
        case 3:
            return sound::LevelRange{60, 110};
        case 4:
            return sound::LevelRange{80, 130};
        default:
            return std::nullopt;
    }
}

std::optional<int> range_code(std::string_view text) {
    for (const int code : {0, 2, 3, 4}) {
        const auto r = *range_bounds(code);
        if (text == fmt::format("{:g}-{:g}", r.low, r.high)) {
            return code;
        }
    }
    return std::nullopt;
}

std::uint8_t flags_byte(const Settings& s) {
    return static_cast<std::uint8_t>(
        (s.time == sound::TimeWeighting::fast ? 0x40 : 0) | (s.max_hold ? 0x20 : 0) |
        (s.weighting == sound::Weighting::c ? 0x10 : 0) | (s.range & 0x0F));
}

Settings settings_from(std::uint8_t flags) {
    Settings s;
    s.time = (flags & 0x40) != 0 ? sound::TimeWeighting::fast : sound::TimeWeighting::slow;
    s.max_hold = (flags & 0x20) != 0;
    s.weighting = (flags & 0x10) != 0 ? sound::Weighting::c : sound::Weighting::a;
    s.range = flags & 0x0F;
    return s;
}

Report level_request(std::uint8_t r1, std::uint8_t r2, std::uint8_t r3) {
    return Report{0xB3, r1, r2, r3, 0, 0, 0, 0};
}

Report configure_request(const Settings& s) {
    return Report{0x56, flags_byte(s), 0, 0, 0, 0, 0, 0};
}

bool is_configure_ack(std::span<const std::uint8_t> report) {
    return !report.empty() && report[0] == 0xC4;
}

std::variant<Level, std::string> decode_level(std::span<const std::uint8_t> r) {
    if (r.size() < 3) {
        return fmt::format("report of {} byte(s), expected 8", r.size());
    }
    if (is_configure_ack(r)) {
        return std::string("a configuration acknowledgement, not a level");
    }
    const int tenths = r[0] << 8 | r[1];
    if (tenths > 2000) {
        return fmt::format("{:02X} {:02X} = {:.1f} dB is no sound level", r[0], r[1],
                           tenths / 10.0);
    }
    return Level{tenths / 10.0, settings_from(r[2])};
}

}  // namespace wattbench::drivers::gm1356
