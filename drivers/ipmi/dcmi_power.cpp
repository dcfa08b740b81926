#include "drivers/ipmi/dcmi_power.hpp"

#include <cstdio>

namespace wattbench::drivers::ipmi {

namespace {

constexpr std::uint8_t kCommand = 0x02;
constexpr std::uint8_t kGroupExtension = 0xDC;
constexpr std::size_t kResponseSize = 20;

std::uint16_t u16(const std::uint8_t* p) {
    return static_cast<std::uint16_t>(p[0] | p[1] << 8);
}

std::uint32_t u32(const std::uint8_t* p) {
    return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
           static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

}  // namespace

std::vector<std::uint8_t> dcmi_power_request() {
    return {kCommand, kGroupExtension, 0x01, 0, 0};
}

std::variant<DcmiPower, std::string> parse_dcmi_power(const std::uint8_t* b, std::size_t n) {
    if (n < 2) {
        return std::string("short DCMI response");
    }
    if (b[0] != kCommand) {
        return std::string("DCMI response to another command");
    }
    if (b[1] != 0) {
        char text[64];
        std::snprintf(text, sizeof text, "DCMI power reading refused (completion code 0x%02X)",
                      b[1]);
        return std::string(text);
    }
    if (n < kResponseSize) {
        return std::string("short DCMI power reading");
    }
    if (b[2] != kGroupExtension) {
        return std::string("DCMI response without the DCMI group extension");
    }
    DcmiPower p;
    p.current_w = u16(b + 3);
    p.minimum_w = u16(b + 5);
    p.maximum_w = u16(b + 7);
    p.average_w = u16(b + 9);
    p.timestamp = u32(b + 11);
    p.period_ms = u32(b + 15);
    p.active = (b[19] & 0x40) != 0;
    return p;
}

}  // namespace wattbench::drivers::ipmi
