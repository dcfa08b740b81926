#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "drivers/common/frame_assembler.hpp"

namespace wattbench::drivers::eastron {

// Pure Modbus RTU codec for Eastron meters: function 0x04 (read input registers), each value
// an IEEE-754 float32 in two registers, high word first; CRC-16/MODBUS low byte first.

std::vector<std::uint8_t> read_request(std::uint8_t address, std::uint16_t first_register,
                                       std::uint16_t register_count);

// Finds the answer to a read_request() in received bytes by length and CRC (over a pty or a
// socket there are no inter-frame pauses to go by): a normal answer of 5 + 2·count bytes or a
// 5-byte exception, from `address`. Bytes before a frame that checks out are noise to skip.
common::Scan scan_response(std::span<const std::uint8_t> bytes, std::uint8_t address,
                           std::uint16_t register_count);

// Decodes a frame found by scan_response(): `count / 2` floats, or an error text (exception
// code and meaning, CRC, address or length mismatch).
std::variant<std::vector<float>, std::string> decode_response(std::span<const std::uint8_t> frame,
                                                              std::uint8_t address,
                                                              std::uint16_t register_count);

// The float as it travels in two registers (big-endian, high word first).
std::vector<std::uint8_t> encode_float(float value);

const char* exception_text(std::uint8_t code);

}  // namespace wattbench::drivers::eastron
