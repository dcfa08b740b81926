#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "drivers/common/frame_assembler.hpp"
#include "drivers/eastron/codec.hpp"

// Arbitrary bytes through the frame assembler with the SDM scanner and decoder: a frame it
// cuts must decode to exactly count/2 floats or an error text, never crash or overrun.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    if (size < 2) {
        return 0;
    }
    const std::uint8_t address = data[0];
    const std::uint16_t count = static_cast<std::uint16_t>((data[1] % 40) * 2 + 2);
    common::FrameAssembler frames(512);
    frames.push(std::span<const std::uint8_t>(data + 2, size - 2));
    auto scanner = [&](std::span<const std::uint8_t> b) {
        return eastron::scan_response(b, address, count);
    };
    while (auto f = frames.next(scanner)) {
        auto r = eastron::decode_response(*f, address, count);
        if (auto* v = std::get_if<std::vector<float>>(&r)) {
            if (v->size() != count / 2u) {
                std::abort();
            }
        }
    }
    eastron::decode_response(std::span<const std::uint8_t>(data, size), address, count);
    return 0;
}
