#include "tests/emulators/sdm_emulator.hpp"

#include <cstring>

namespace wattbench::tests::emulators {
namespace {

std::uint16_t crc16(const std::string& s) {
    std::uint16_t crc = 0xFFFF;
    for (unsigned char c : s) {
        crc ^= c;
        for (int i = 0; i < 8; ++i) {
            crc = (crc & 1) ? static_cast<std::uint16_t>((crc >> 1) ^ 0xA001)
                            : static_cast<std::uint16_t>(crc >> 1);
        }
    }
    return crc;
}

std::string with_crc(std::string s) {
    const auto c = crc16(s);
    s.push_back(static_cast<char>(c & 0xFF));
    s.push_back(static_cast<char>(c >> 8));
    return s;
}

}  // namespace

SdmEmulator::SdmEmulator(std::uint8_t address) : address_(address) {
    // An SDM630's idea of a small server on L1 (single-phase models use the same registers).
    set(0x0000, 230.2f);
    set(0x0002, 231.0f);
    set(0x0004, 229.5f);
    set(0x0006, 0.435f);
    set(0x0008, 0.0f);
    set(0x000A, 0.0f);
    set(0x000C, 87.5f);
    set(0x000E, 0.0f);
    set(0x0010, 0.0f);
    set(0x0012, 100.1f);
    set(0x0018, 48.0f);
    set(0x001E, 0.874f);
    set(0x0034, 87.5f);
    set(0x0038, 100.1f);
    set(0x003E, 0.874f);
    set(0x0046, 50.0f);
    set(0x0048, 1.234f);
    set(0x004A, 0.0f);
    set(0x0156, 1.234f);
}

void SdmEmulator::set(std::uint16_t reg, float value) {
    std::lock_guard lock(mutex_);
    registers_[reg] = value;
}

std::string SdmEmulator::answer(std::uint16_t first, std::uint16_t count) {
    std::string out{static_cast<char>(address_), 0x04};
    if (exception != 0) {
        out[1] = static_cast<char>(0x84);
        out.push_back(static_cast<char>(exception.load()));
        return with_crc(out);
    }
    if (count == 0 || count > 80 || (first % 2) || (count % 2)) {
        out[1] = static_cast<char>(0x84);
        out.push_back(3);
        return with_crc(out);
    }
    out.push_back(static_cast<char>(2 * count));
    std::lock_guard lock(mutex_);
    for (std::uint16_t r = first; r < first + count; r += 2) {
        // Registers the meter does not have read as 0 within a block, as on real meters;
        // a block starting on one is refused.
        auto it = registers_.find(r);
        if (r == first && it == registers_.end()) {
            out = std::string{static_cast<char>(address_), static_cast<char>(0x84), 2};
            return with_crc(out);
        }
        const float v = it == registers_.end() ? 0.0f : it->second;
        std::uint32_t bits = 0;
        std::memcpy(&bits, &v, 4);
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.push_back(static_cast<char>((bits >> shift) & 0xFF));
        }
    }
    return with_crc(out);
}

std::string SdmEmulator::handle(std::string& in) {
    std::string out;
    while (in.size() >= 8) {
        const std::string frame = in.substr(0, 8);
        const auto c = crc16(frame.substr(0, 6));
        const bool ok = static_cast<std::uint8_t>(frame[0]) == address_ && frame[1] == 0x04 &&
                        static_cast<std::uint8_t>(frame[6]) == (c & 0xFF) &&
                        static_cast<std::uint8_t>(frame[7]) == (c >> 8);
        if (!ok) {
            in.erase(0, 1);  // resynchronise byte by byte, as a listening slave would
            continue;
        }
        in.erase(0, 8);
        ++requests_;
        auto u16 = [&](int i) {
            return static_cast<std::uint16_t>((static_cast<std::uint8_t>(frame[i]) << 8) |
                                              static_cast<std::uint8_t>(frame[i + 1]));
        };
        std::string a = answer(u16(2), u16(4));
        if (bad_crc) {
            a.back() = static_cast<char>(a.back() ^ 0x55);
        }
        out += a;
    }
    return out;
}

}  // namespace wattbench::tests::emulators
