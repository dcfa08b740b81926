#include "drivers/usb/setup_packet.hpp"

#include <fmt/format.h>

namespace wattbench::drivers::usb {

std::string describe(const SetupPacket& s) {
    return fmt::format("{:02X} {:02X} {:04X} {:04X} {:04X}", s.request_type, s.request, s.value,
                       s.index, s.length);
}

}  // namespace wattbench::drivers::usb
