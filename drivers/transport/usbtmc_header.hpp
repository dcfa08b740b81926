#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace wattbench::drivers::transport {

// Bulk transfer headers of USBTMC 1.0 (§3.2): 12 bytes, little-endian sizes, data padded with
// zeros to a multiple of 4. Pure: no I/O, so byte-vector tests and the fuzzer reach all of it.
inline constexpr std::size_t kUsbtmcHeaderSize = 12;

enum class UsbtmcMsgId : std::uint8_t {
    dev_dep_msg_out = 1,
    request_dev_dep_msg_in = 2,  // bulk-OUT; the device's DEV_DEP_MSG_IN reply has the same ID
    vendor_specific_out = 126,
    request_vendor_specific_in = 127,
};

// bTag runs 1..255 and skips 0, which the spec reserves.
std::uint8_t next_usbtmc_tag(std::uint8_t tag);

// One DEV_DEP_MSG_OUT transfer carrying `data`; `eom` marks the message's last transfer.
std::vector<std::uint8_t> encode_dev_dep_msg_out(std::uint8_t tag,
                                                 std::span<const std::uint8_t> data, bool eom);

// REQUEST_DEV_DEP_MSG_IN: the device may answer with at most `max_size` bytes, ending the
// transfer early at `term_char` when one is given.
std::array<std::uint8_t, kUsbtmcHeaderSize> encode_request_dev_dep_msg_in(
    std::uint8_t tag, std::uint32_t max_size, std::optional<std::uint8_t> term_char = {});

// A DEV_DEP_MSG_IN transfer as a device sends it (fakes and emulators).
std::vector<std::uint8_t> encode_dev_dep_msg_in(std::uint8_t tag,
                                                std::span<const std::uint8_t> data, bool eom);

// What a header says; which fields mean something depends on `id`.
struct UsbtmcHeader {
    std::uint8_t id = 0;
    std::uint8_t tag = 0;
    std::uint32_t transfer_size = 0;
    bool eom = false;        // DEV_DEP_MSG_OUT / _IN: last transfer of the message
    bool term_char = false;  // REQUEST: TermCharEnabled; DEV_DEP_MSG_IN: ended at TermChar
    std::uint8_t term_char_value = 0;
};

// The header at the start of a bulk-IN transfer, which must be a DEV_DEP_MSG_IN; the error says
// what is wrong ("3 bytes, shorter than a header", "bTag 5 with inverse 0x00").
std::variant<UsbtmcHeader, std::string> decode_dev_dep_msg_in(std::span<const std::uint8_t> bytes);

// False once the first bytes of a header that has not fully arrived show it is no
// DEV_DEP_MSG_IN (wrong MsgID, bTag inverse wrong), so garbage is not waited on.
bool could_be_dev_dep_msg_in(std::span<const std::uint8_t> first_bytes);

// The header at the start of a bulk-OUT transfer (what a device sees; fakes and the fuzzer).
std::variant<UsbtmcHeader, std::string> decode_bulk_out_header(std::span<const std::uint8_t> bytes);

}  // namespace wattbench::drivers::transport
