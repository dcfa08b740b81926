#include "drivers/transport/usbtmc_control.hpp"

namespace wattbench::drivers::transport {
namespace {

// bmRequestType: device-to-host, class, recipient interface (0xA1) or endpoint (0xA2).
constexpr std::uint8_t kToInterface = 0xA1;
constexpr std::uint8_t kToEndpoint = 0xA2;

}  // namespace

usb::SetupPacket usbtmc_setup(UsbtmcRequest request, std::uint8_t target, std::uint8_t tag) {
    usb::SetupPacket s;
    s.request = static_cast<std::uint8_t>(request);
    s.index = target;
    switch (request) {
        case UsbtmcRequest::initiate_abort_bulk_out:
        case UsbtmcRequest::initiate_abort_bulk_in:
            s.request_type = kToEndpoint;
            s.value = tag;
            s.length = 2;
            break;
        case UsbtmcRequest::check_abort_bulk_out_status:
        case UsbtmcRequest::check_abort_bulk_in_status:
            s.request_type = kToEndpoint;
            s.length = 8;
            break;
        case UsbtmcRequest::initiate_clear:
            s.request_type = kToInterface;
            s.length = 1;
            break;
        case UsbtmcRequest::check_clear_status:
            s.request_type = kToInterface;
            s.length = 2;
            break;
        case UsbtmcRequest::get_capabilities:
            s.request_type = kToInterface;
            s.length = 0x18;
            break;
    }
    return s;
}

std::optional<UsbtmcControlReply> decode_usbtmc_reply(UsbtmcRequest request,
                                                      std::span<const std::uint8_t> reply) {
    if (reply.size() < usbtmc_setup(request, 0).length) {
        return std::nullopt;
    }
    UsbtmcControlReply r;
    r.status = reply[0];
    switch (request) {
        case UsbtmcRequest::check_abort_bulk_in_status:
        case UsbtmcRequest::check_clear_status:
            r.fifo_has_data = (reply[1] & 0x01) != 0;
            break;
        default:
            break;
    }
    if (request == UsbtmcRequest::check_abort_bulk_in_status ||
        request == UsbtmcRequest::check_abort_bulk_out_status) {
        for (int i = 0; i < 4; ++i) {
            r.bytes |= static_cast<std::uint32_t>(reply[4 + i]) << (8 * i);
        }
    }
    return r;
}

}  // namespace wattbench::drivers::transport
