#pragma once

#include <cstdint>
#include <span>

namespace wattbench::drivers::common {

// CRC-16/MODBUS: reflected polynomial 0xA001, init 0xFFFF, no final xor. On the wire the low
// byte goes first. Check value of "123456789" is 0x4B37.
std::uint16_t crc16_modbus(std::span<const std::uint8_t> bytes);

}  // namespace wattbench::drivers::common
