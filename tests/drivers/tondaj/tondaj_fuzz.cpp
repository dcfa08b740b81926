#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <variant>

#include "drivers/common/frame_assembler.hpp"
#include "drivers/tondaj/codec.hpp"

// Arbitrary bytes through both scanners and the reply decoder: cut replies are 4 bytes ending
// 01 0D and decode to 0…204.7 dB.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    const std::span<const std::uint8_t> bytes(data, size);
    common::FrameAssembler replies(64);
    replies.push(bytes);
    const common::Scanner scanner = [](std::span<const std::uint8_t> b) {
        return tondaj::scan_reply(b);
    };
    while (auto f = replies.next(scanner)) {
        auto r = tondaj::decode_reply(*f);
        auto* l = std::get_if<tondaj::Level>(&r);
        if (!l || !(l->db >= 0.0 && l->db <= 204.7)) {
            std::abort();
        }
    }
    common::FrameAssembler inits(64);
    inits.push(bytes);
    const common::Scanner init_scanner = [](std::span<const std::uint8_t> b) {
        return tondaj::scan_init_reply(b);
    };
    while (auto f = inits.next(init_scanner)) {
        if (f->size() != 2 || (*f)[0] != 0x05 || (*f)[1] != 0x0D) {
            std::abort();
        }
    }
    return 0;
}
