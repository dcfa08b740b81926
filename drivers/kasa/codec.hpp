#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wattbench::drivers::kasa {

// The Kasa "IOT" protocol's cipher: XOR autokey, first key 171, each cipher byte the next key.
std::vector<std::uint8_t> encrypt(std::string_view plain);
std::string decrypt(std::span<const std::uint8_t> cipher);

// A TCP frame: the plaintext's length as 4 bytes big-endian, then the cipher.
std::vector<std::uint8_t> frame(std::string_view json);

// Larger than any emeter or sysinfo answer; a longer header is garbage, not a frame.
inline constexpr std::size_t kMaxFrame = 64 * 1024;

// Collects one answer frame from the bytes as they arrive.
class FrameReader {
public:
    enum class State { incomplete, complete, invalid };

    // Appends bytes; `complete` once a whole frame is there, `invalid` for a length beyond
    // kMaxFrame (the stream is then out of step and must be reopened).
    State add(std::span<const std::uint8_t> bytes);
    // The frame's plaintext; valid after `complete`.
    std::string plain() const;
    void clear() { buffer_.clear(); }

private:
    std::optional<std::size_t> length() const;
    std::vector<std::uint8_t> buffer_;
};

}  // namespace wattbench::drivers::kasa
