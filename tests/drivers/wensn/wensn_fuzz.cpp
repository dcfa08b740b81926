#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <variant>

#include "drivers/wensn/codec.hpp"

// Arbitrary answers through the level and mode decoders: a decoded level lies on the meter's
// scale (30.0 … 132.3 dB) and its range and mode encode back to the byte they came from.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::wensn;
    const std::span<const std::uint8_t> bytes(data, size);
    auto level = decode_level(bytes);
    if (auto* l = std::get_if<Level>(&level)) {
        if (!(l->db >= 30.0 && l->db <= 132.31) || l->mode.range < 0 ||
            l->mode.range >= kRangeCount) {
            std::abort();
        }
    }
    auto mode = decode_mode(bytes);
    if (auto* m = std::get_if<Mode>(&mode)) {
        if (set_mode_request(*m).value != (data[0] & 0x3F)) {
            std::abort();
        }
    }
    return 0;
}
