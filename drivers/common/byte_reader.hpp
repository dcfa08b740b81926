#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace wattbench::drivers::common {

// Reads big-endian fields from a byte span without ever reading past its end: each getter
// returns nullopt once the span is exhausted, so codecs cannot overrun a short frame.
class ByteReader {
public:
    explicit ByteReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

    std::size_t remaining() const { return bytes_.size() - pos_; }
    std::size_t position() const { return pos_; }

    std::optional<std::uint8_t> u8() {
        if (remaining() < 1) {
            return std::nullopt;
        }
        return bytes_[pos_++];
    }
    std::optional<std::uint16_t> be_u16() {
        auto v = be(2);
        return v ? std::optional<std::uint16_t>(static_cast<std::uint16_t>(*v)) : std::nullopt;
    }
    std::optional<std::uint32_t> be_u24() { return be(3); }
    std::optional<std::uint32_t> be_u32() { return be(4); }
    std::optional<float> be_f32() {
        auto v = be(4);
        return v ? std::optional<float>(std::bit_cast<float>(*v)) : std::nullopt;
    }
    bool skip(std::size_t n) {
        if (remaining() < n) {
            return false;
        }
        pos_ += n;
        return true;
    }

private:
    std::optional<std::uint32_t> be(std::size_t n) {
        if (remaining() < n) {
            return std::nullopt;
        }
        std::uint32_t v = 0;
        for (std::size_t i = 0; i < n; ++i) {
            v = (v << 8) | bytes_[pos_ + i];
        }
        pos_ += n;
        return v;
    }

    std::span<const std::uint8_t> bytes_;
    std::size_t pos_ = 0;
};

}  // namespace wattbench::drivers::common
