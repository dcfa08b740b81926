#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "drivers/transport/usbtmc_control.hpp"
#include "drivers/transport/usbtmc_header.hpp"

// Any bytes either decode or yield a reason; a decoded reply re-encodes to the same header, and
// class request replies never read past what arrived.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::transport;
    const std::span<const std::uint8_t> bytes(data, size);
    auto in = decode_dev_dep_msg_in(bytes);
    if (const auto* h = std::get_if<UsbtmcHeader>(&in)) {
        const std::size_t n = std::min<std::size_t>(h->transfer_size, size - kUsbtmcHeaderSize);
        const auto again =
            encode_dev_dep_msg_in(h->tag, bytes.subspan(kUsbtmcHeaderSize, n), h->eom);
        const auto back = std::get<UsbtmcHeader>(decode_dev_dep_msg_in(again));
        if (back.tag != h->tag || back.eom != h->eom || back.transfer_size != n ||
            again.size() % 4 != 0) {
            std::abort();
        }
    } else if (std::get<std::string>(in).empty()) {
        std::abort();
    }
    auto out = decode_bulk_out_header(bytes);
    if (const auto* h = std::get_if<UsbtmcHeader>(&out); h != nullptr && h->tag == 0) {
        std::abort();
    }
    for (int r = 1; r <= 7; ++r) {
        decode_usbtmc_reply(static_cast<UsbtmcRequest>(r), bytes);
    }
    return 0;
}
