#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "drivers/usb/setup_packet.hpp"

namespace wattbench::drivers::transport {

// USBTMC 1.0 class requests (§4.2.1) that abort a stuck transfer or clear the device. Each is a
// control IN transfer; the reply's first byte is a USBTMC_status. Pure.
enum class UsbtmcRequest : std::uint8_t {
    initiate_abort_bulk_out = 1,
    check_abort_bulk_out_status = 2,
    initiate_abort_bulk_in = 3,
    check_abort_bulk_in_status = 4,
    initiate_clear = 5,
    check_clear_status = 6,
    get_capabilities = 7,
};

enum class UsbtmcStatus : std::uint8_t {
    success = 0x01,
    pending = 0x02,
    failed = 0x80,
    transfer_not_in_progress = 0x81,
    split_not_in_progress = 0x82,
    split_in_progress = 0x83,
};

// The aborts address an endpoint and name the transfer's bTag; clear addresses the interface.
usb::SetupPacket usbtmc_setup(UsbtmcRequest request, std::uint8_t endpoint_or_interface,
                              std::uint8_t tag = 0);

struct UsbtmcControlReply {
    std::uint8_t status = 0;     // a UsbtmcStatus, or whatever the device sent
    bool fifo_has_data = false;  // CHECK_ABORT_BULK_IN / CHECK_CLEAR: read bulk-IN, then ask again
    std::uint32_t bytes = 0;     // CHECK_ABORT_*: NBYTES_TXD / NBYTES_RXD
};

// nullopt when the reply is shorter than the request's layout (a broken device).
std::optional<UsbtmcControlReply> decode_usbtmc_reply(UsbtmcRequest request,
                                                      std::span<const std::uint8_t> reply);

}  // namespace wattbench::drivers::transport
