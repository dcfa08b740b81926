#include "drivers/tondaj/codec.hpp"

#include <fmt/format.h>

namespace wattbench::drivers::tondaj {

common::Scan scan_init_reply(std::span<const std::uint8_t> b) {
    for (std::size_t i = 0; i + 1 < b.size(); ++i) {
        if (b[i] == kInitReply[0] && b[i + 1] == kInitReply[1]) {
            return {i, 2};
        }
    }
    // Keep a trailing 05: its 0D may be on its way.
    return {b.empty() || b.back() != kInitReply[0] ? b.size() : b.size() - 1, 0};
}

common::Scan scan_reply(std::span<const std::uint8_t> b) {
    for (std::size_t i = 0; i + kReplySize <= b.size(); ++i) {
        if (b[i + 2] == 0x01 && b[i + 3] == 0x0D) {
            return {i, kReplySize};
        }
    }
    // The last three bytes may start a reply whose rest is still on its way.
    return {b.size() > kReplySize - 1 ? b.size() - (kReplySize - 1) : 0, 0};
}

std::variant<Level, std::string> decode_reply(std::span<const std::uint8_t> f) {
    if (f.size() != kReplySize || f[2] != 0x01 || f[3] != 0x0D) {
        return std::string("not an `AA BB 01 0D` reply");
    }
    Level l;
    l.weighting = (f[0] & 0x80) != 0 ? sound::Weighting::c : sound::Weighting::a;
    l.time = (f[0] & 0x08) != 0 ? sound::TimeWeighting::slow : sound::TimeWeighting::fast;
    l.db = ((f[0] & 0x07) << 8 | f[1]) / 10.0;
    return l;
}

}  // namespace wattbench::drivers::tondaj
