#include <cstddef>
#include <cstdint>
#include <span>

#include "drivers/kasa/codec.hpp"
#include "drivers/kasa/realtime.hpp"

// Any bytes a socket may deliver, split at an input-chosen point: the frame reader must never
// read out of bounds, and what it decrypts must round-trip through the cipher.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::kasa;
    const std::span<const std::uint8_t> all(data, size);
    const std::size_t cut = size > 0 ? data[0] % (size + 1) : 0;
    FrameReader r;
    auto state = r.add(all.subspan(0, cut));
    if (state == FrameReader::State::incomplete) {
        state = r.add(all.subspan(cut));
    }
    if (state == FrameReader::State::complete) {
        const std::string plain = r.plain();
        if (decrypt(encrypt(plain)) != plain) {
            __builtin_trap();
        }
        (void)parse_realtime(plain);
        (void)parse_sysinfo(plain);
    }
    return 0;
}
