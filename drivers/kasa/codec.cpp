#include "drivers/kasa/codec.hpp"

namespace wattbench::drivers::kasa {

namespace {

constexpr std::uint8_t kFirstKey = 171;

}  // namespace

std::vector<std::uint8_t> encrypt(std::string_view plain) {
    std::vector<std::uint8_t> out;
    out.reserve(plain.size());
    std::uint8_t key = kFirstKey;
    for (const char p : plain) {
        key = static_cast<std::uint8_t>(key ^ static_cast<std::uint8_t>(p));
        out.push_back(key);
    }
    return out;
}

std::string decrypt(std::span<const std::uint8_t> cipher) {
    std::string out;
    out.reserve(cipher.size());
    std::uint8_t key = kFirstKey;
    for (const std::uint8_t c : cipher) {
        out.push_back(static_cast<char>(key ^ c));
        key = c;
    }
    return out;
}

std::vector<std::uint8_t> frame(std::string_view json) {
    const auto n = static_cast<std::uint32_t>(json.size());
    std::vector<std::uint8_t> out{static_cast<std::uint8_t>(n >> 24),
                                  static_cast<std::uint8_t>(n >> 16),
                                  static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n)};
    const auto body = encrypt(json);
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

std::optional<std::size_t> FrameReader::length() const {
    if (buffer_.size() < 4) {
        return std::nullopt;
    }
    return (std::size_t{buffer_[0]} << 24) | (std::size_t{buffer_[1]} << 16) |
           (std::size_t{buffer_[2]} << 8) | std::size_t{buffer_[3]};
}

FrameReader::State FrameReader::add(std::span<const std::uint8_t> bytes) {
    buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
    const auto n = length();
    if (!n) {
        return State::incomplete;
    }
    if (*n > kMaxFrame) {
        return State::invalid;
    }
    return buffer_.size() >= 4 + *n ? State::complete : State::incomplete;
}

std::string FrameReader::plain() const {
    const auto n = length().value_or(0);
    if (buffer_.size() < 4 + n) {
        return {};
    }
    return decrypt(std::span(buffer_).subspan(4, n));
}

}  // namespace wattbench::drivers::kasa
