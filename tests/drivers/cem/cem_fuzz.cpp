#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <variant>

#include "drivers/cem/codec.hpp"
#include "drivers/common/frame_assembler.hpp"

// An arbitrary stream through the packet scanner and the state machine: every frame starts
// with A5, known tokens come with exactly their payload, levels are 0…999.9 dB.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    common::FrameAssembler frames(256);
    frames.push(std::span<const std::uint8_t>(data, size));
    const common::Scanner scanner = [](std::span<const std::uint8_t> b) {
        return cem::scan_packet(b);
    };
    cem::State state;
    while (auto f = frames.next(scanner)) {
        if (f->size() < 2 || f->front() != cem::kStart) {
            std::abort();
        }
        const auto payload = cem::payload_length((*f)[1]);
        if (payload && f->size() != 2 + *payload) {
            std::abort();
        }
        auto r = cem::apply_packet(state, *f);
        if (auto* level = std::get_if<std::optional<double>>(&r); level && *level) {
            if (!(**level >= 0.0 && **level <= 999.9)) {
                std::abort();
            }
        }
    }
    return 0;
}
