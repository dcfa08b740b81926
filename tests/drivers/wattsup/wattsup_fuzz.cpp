#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "drivers/common/frame_assembler.hpp"
#include "drivers/wattsup/codec.hpp"

// Arbitrary bytes through the packet scanner, parser and record/version decoders. Every cut
// frame starts with '#' and ends with ';'; decoded records have one reading per channel slot.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    common::FrameAssembler frames(1024);
    frames.push(std::span<const std::uint8_t>(data, size));
    auto scanner = [](std::span<const std::uint8_t> b) { return wattsup::scan_packet(b); };
    while (auto f = frames.next(scanner)) {
        if (f->empty() || f->front() != '#' || f->back() != ';') {
            std::abort();
        }
        auto p = wattsup::parse_packet(*f);
        if (auto* packet = std::get_if<wattsup::Packet>(&p)) {
            wattsup::decode_version(*packet);
            auto r = wattsup::decode_record(*packet);
            if (auto* v = std::get_if<std::vector<api::Reading>>(&r)) {
                for (std::size_t i = 0; i < v->size(); ++i) {
                    if ((*v)[i].channel != i) {
                        std::abort();
                    }
                }
            }
        }
    }
    return 0;
}
