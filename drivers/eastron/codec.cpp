#include "drivers/eastron/codec.hpp"

#include <bit>

#include "drivers/common/byte_reader.hpp"
#include "drivers/common/crc16_modbus.hpp"

namespace wattbench::drivers::eastron {
namespace {

constexpr std::uint8_t read_input = 0x04;

bool crc_ok(std::span<const std::uint8_t> frame) {
    if (frame.size() < 4) {
        return false;
    }
    const auto crc = common::crc16_modbus(frame.first(frame.size() - 2));
    return frame[frame.size() - 2] == (crc & 0xFF) && frame[frame.size() - 1] == (crc >> 8);
}

}  // namespace

std::vector<std::uint8_t> read_request(std::uint8_t address, std::uint16_t first,
                                       std::uint16_t count) {
    std::vector<std::uint8_t> f{address,
                                read_input,
                                static_cast<std::uint8_t>(first >> 8),
                                static_cast<std::uint8_t>(first & 0xFF),
                                static_cast<std::uint8_t>(count >> 8),
                                static_cast<std::uint8_t>(count & 0xFF)};
    const auto crc = common::crc16_modbus(f);
    f.push_back(static_cast<std::uint8_t>(crc & 0xFF));
    f.push_back(static_cast<std::uint8_t>(crc >> 8));
    return f;
}

common::Scan scan_response(std::span<const std::uint8_t> b, std::uint8_t address,
                           std::uint16_t count) {
    const std::size_t normal = 5 + 2 * static_cast<std::size_t>(count);
    for (std::size_t i = 0; i < b.size(); ++i) {
        if (b[i] != address) {
            continue;
        }
        const auto rest = b.subspan(i);
        if (rest.size() < 2) {
            return {i, 0};
        }
        std::size_t len = 0;
        if (rest[1] == read_input) {
            if (rest.size() >= 3 && rest[2] != 2 * count) {
                continue;
            }
            len = normal;
        } else if (rest[1] == (read_input | 0x80)) {
            len = 5;
        } else {
            continue;
        }
        if (rest.size() < len) {
            return {i, 0};  // may still complete; noise is skipped once it cannot
        }
        if (crc_ok(rest.first(len))) {
            return {i, len};
        }
    }
    return {b.size(), 0};
}

std::variant<std::vector<float>, std::string> decode_response(std::span<const std::uint8_t> f,
                                                              std::uint8_t address,
                                                              std::uint16_t count) {
    if (!crc_ok(f)) {
        return std::string("CRC mismatch");
    }
    if (f[0] != address) {
        return "answer from address " + std::to_string(f[0]) + ", asked " + std::to_string(address);
    }
    if (f[1] == (read_input | 0x80) && f.size() == 5) {
        return "Modbus exception " + std::to_string(f[2]) + " (" + exception_text(f[2]) + ")";
    }
    if (f[1] != read_input) {
        return "unexpected function code " + std::to_string(f[1]);
    }
    if (f.size() != 5 + 2 * static_cast<std::size_t>(count) || f[2] != 2 * count) {
        return "answer of " + std::to_string(f.size()) + " bytes for " + std::to_string(count) +
               " registers";
    }
    common::ByteReader r(f.subspan(3, 2 * static_cast<std::size_t>(count)));
    std::vector<float> out;
    while (auto v = r.be_f32()) {
        out.push_back(*v);
    }
    return out;
}

std::vector<std::uint8_t> encode_float(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    return {static_cast<std::uint8_t>(bits >> 24), static_cast<std::uint8_t>(bits >> 16),
            static_cast<std::uint8_t>(bits >> 8), static_cast<std::uint8_t>(bits)};
}

const char* exception_text(std::uint8_t code) {
    switch (code) {
        case 1:
            return "illegal function";
        case 2:
            return "illegal data address";
        case 3:
            return "illegal data value";
        case 4:
            return "slave device failure";
        default:
            return "unknown exception";
    }
}

}  // namespace wattbench::drivers::eastron
