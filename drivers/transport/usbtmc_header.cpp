#include "drivers/transport/usbtmc_header.hpp"

namespace wattbench::drivers::transport {
namespace {

constexpr std::uint8_t kEom = 0x01;
constexpr std::uint8_t kTermChar = 0x02;

void put_header(std::uint8_t* out, UsbtmcMsgId id, std::uint8_t tag, std::uint32_t size) {
    out[0] = static_cast<std::uint8_t>(id);
    out[1] = tag;
    out[2] = static_cast<std::uint8_t>(~tag);
    out[3] = 0;
    for (int i = 0; i < 4; ++i) {
        out[4 + i] = static_cast<std::uint8_t>(size >> (8 * i));
    }
}

std::vector<std::uint8_t> with_data(UsbtmcMsgId id, std::uint8_t tag,
                                    std::span<const std::uint8_t> data, bool eom) {
    std::vector<std::uint8_t> out((kUsbtmcHeaderSize + data.size() + 3) / 4 * 4, 0);
    put_header(out.data(), id, tag, static_cast<std::uint32_t>(data.size()));
    out[8] = eom ? kEom : 0;
    std::copy(data.begin(), data.end(), out.begin() + kUsbtmcHeaderSize);
    return out;
}

std::variant<UsbtmcHeader, std::string> decode_common(std::span<const std::uint8_t> b) {
    if (b.size() < kUsbtmcHeaderSize) {
        return std::to_string(b.size()) + " bytes, shorter than a USBTMC header";
    }
    UsbtmcHeader h;
    h.id = b[0];
    h.tag = b[1];
    if (static_cast<std::uint8_t>(~b[1]) != b[2]) {
        return "bTag " + std::to_string(b[1]) + " with inverse " + std::to_string(b[2]);
    }
    for (int i = 0; i < 4; ++i) {
        h.transfer_size |= static_cast<std::uint32_t>(b[4 + i]) << (8 * i);
    }
    return h;
}

}  // namespace

std::uint8_t next_usbtmc_tag(std::uint8_t tag) {
    return tag == 255 ? 1 : static_cast<std::uint8_t>(tag + 1);
}

std::vector<std::uint8_t> encode_dev_dep_msg_out(std::uint8_t tag,
                                                 std::span<const std::uint8_t> data, bool eom) {
    return with_data(UsbtmcMsgId::dev_dep_msg_out, tag, data, eom);
}

std::array<std::uint8_t, kUsbtmcHeaderSize> encode_request_dev_dep_msg_in(
    std::uint8_t tag, std::uint32_t max_size, std::optional<std::uint8_t> term_char) {
    std::array<std::uint8_t, kUsbtmcHeaderSize> out{};
    put_header(out.data(), UsbtmcMsgId::request_dev_dep_msg_in, tag, max_size);
    if (term_char) {
        out[8] = kTermChar;
        out[9] = *term_char;
    }
    return out;
}

std::vector<std::uint8_t> encode_dev_dep_msg_in(std::uint8_t tag,
                                                std::span<const std::uint8_t> data, bool eom) {
    return with_data(UsbtmcMsgId::request_dev_dep_msg_in, tag, data, eom);
}

std::variant<UsbtmcHeader, std::string> decode_dev_dep_msg_in(std::span<const std::uint8_t> bytes) {
    auto r = decode_common(bytes);
    if (auto* h = std::get_if<UsbtmcHeader>(&r)) {
        if (h->id != static_cast<std::uint8_t>(UsbtmcMsgId::request_dev_dep_msg_in)) {
            return "MsgID " + std::to_string(h->id) + " where DEV_DEP_MSG_IN (2) belongs";
        }
        h->eom = (bytes[8] & kEom) != 0;
        h->term_char = (bytes[8] & kTermChar) != 0;
    }
    return r;
}

bool could_be_dev_dep_msg_in(std::span<const std::uint8_t> b) {
    if (!b.empty() && b[0] != static_cast<std::uint8_t>(UsbtmcMsgId::request_dev_dep_msg_in)) {
        return false;
    }
    return b.size() < 3 || static_cast<std::uint8_t>(~b[1]) == b[2];
}

std::variant<UsbtmcHeader, std::string> decode_bulk_out_header(
    std::span<const std::uint8_t> bytes) {
    auto r = decode_common(bytes);
    if (auto* h = std::get_if<UsbtmcHeader>(&r)) {
        if (h->tag == 0) {
            return std::string("bTag 0 (reserved)");
        }
        switch (static_cast<UsbtmcMsgId>(h->id)) {
            case UsbtmcMsgId::dev_dep_msg_out:
                h->eom = (bytes[8] & kEom) != 0;
                break;
            case UsbtmcMsgId::request_dev_dep_msg_in:
                h->term_char = (bytes[8] & kTermChar) != 0;
                h->term_char_value = bytes[9];
                break;
            case UsbtmcMsgId::vendor_specific_out:
            case UsbtmcMsgId::request_vendor_specific_in:
                break;
            default:
                return "unknown MsgID " + std::to_string(h->id);
        }
    }
    return r;
}

}  // namespace wattbench::drivers::transport
