#include "drivers/yokogawa/block_frame.hpp"

#include <algorithm>

namespace wattbench::drivers::yokogawa {
namespace {

constexpr std::uint32_t last_flag = 0x80000000u;
// One block carries at most what the two length bytes of the documented header can say.
constexpr std::size_t max_block = 0xFFFF;

void put_header(std::vector<std::uint8_t>& out, std::size_t length, bool last) {
    const std::uint32_t h = static_cast<std::uint32_t>(length) | (last ? last_flag : 0u);
    out.push_back(static_cast<std::uint8_t>(h >> 24));
    out.push_back(static_cast<std::uint8_t>(h >> 16));
    out.push_back(static_cast<std::uint8_t>(h >> 8));
    out.push_back(static_cast<std::uint8_t>(h));
}

}  // namespace

std::vector<std::uint8_t> encode_block(std::string_view message) {
    std::vector<std::uint8_t> out;
    out.reserve(message.size() + 4);
    do {
        const std::size_t n = std::min(message.size(), max_block);
        put_header(out, n, n == message.size());
        out.insert(out.end(), message.begin(), message.begin() + static_cast<std::ptrdiff_t>(n));
        message.remove_prefix(n);
    } while (!message.empty());
    return out;
}

void BlockDecoder::reset() {
    state_ = State::start;
    header_have_ = 0;
    remaining_ = 0;
    last_ = false;
    last_char_ = '\n';
}

std::string BlockDecoder::feed(std::span<const std::uint8_t> bytes) {
    std::string out;
    std::size_t i = 0;
    auto end_message = [&] {
        if (last_char_ != '\n') {
            out.push_back('\n');
            last_char_ = '\n';
        }
        state_ = State::start;
    };
    while (i < bytes.size()) {
        const std::uint8_t b = bytes[i];
        switch (state_) {
            case State::start:
                // A header's first byte is 0x00 or 0x80 (lengths stay below 16 MiB); text
                // never starts with either.
                if (b == 0x00 || b == 0x80) {
                    state_ = State::header;
                    header_have_ = 0;
                } else {
                    state_ = State::text;
                }
                break;
            case State::header:
                header_[header_have_++] = b;
                ++i;
                if (header_have_ == 4) {
                    const std::uint32_t h = (std::uint32_t{header_[0]} << 24) |
                                            (std::uint32_t{header_[1]} << 16) |
                                            (std::uint32_t{header_[2]} << 8) | header_[3];
                    last_ = (h & last_flag) != 0;
                    remaining_ = h & ~last_flag;
                    state_ = State::payload;
                    if (remaining_ == 0) {
                        if (last_) {
                            end_message();
                        } else {
                            state_ = State::start;
                        }
                    }
                }
                break;
            case State::payload: {
                const std::size_t n = std::min<std::size_t>(remaining_, bytes.size() - i);
                out.append(reinterpret_cast<const char*>(bytes.data() + i), n);
                last_char_ = static_cast<char>(bytes[i + n - 1]);
                i += n;
                remaining_ -= static_cast<std::uint32_t>(n);
                if (remaining_ == 0) {
                    if (last_) {
                        end_message();
                    } else {
                        state_ = State::start;
                    }
                }
                break;
            }
            case State::text:
                out.push_back(static_cast<char>(b));
                last_char_ = static_cast<char>(b);
                ++i;
                if (b == '\n') {
                    state_ = State::start;
                }
                break;
        }
    }
    return out;
}

}  // namespace wattbench::drivers::yokogawa
