#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <variant>

#include "drivers/gm1356/codec.hpp"

// Arbitrary reports through the level decoder: a level is 0…200 dB and its flags byte encodes
// back to the one received (bit 7 means nothing and is dropped).
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::gm1356;
    const std::span<const std::uint8_t> report(data, size);
    is_configure_ack(report);
    auto level = decode_level(report);
    if (auto* l = std::get_if<Level>(&level)) {
        if (!(l->db >= 0.0 && l->db <= 200.0) || flags_byte(l->settings) != (data[2] & 0x7F) ||
            is_configure_ack(report)) {
            std::abort();
        }
        range_bounds(l->settings.range);
    }
    return 0;
}
