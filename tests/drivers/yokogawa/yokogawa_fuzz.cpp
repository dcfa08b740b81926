#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "drivers/common/frame_assembler.hpp"
#include "drivers/yokogawa/channels.hpp"
#include "drivers/yokogawa/codec.hpp"

// Feeds arbitrary bytes through the line assembler into both dialects' answer parsers, the
// single-number parser and the identity parser. Whatever parses must give one reading per channel, each in its own slot,
// and ok readings must be finite and below the overrange mark.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    common::FrameAssembler lines(256);
    lines.push(std::span<const std::uint8_t>(data, size));
    lines.push(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>("\n"), 1));
    while (auto line = lines.next_line()) {
        // Range read-back and :STAT:EESR? answers: a number, never an overrange mark.
        if (auto n = yokogawa::parse_number(*line)) {
            if (!std::isfinite(*n) || std::fabs(*n) >= 9.9e37) {
                std::abort();
            }
        }
        for (auto d : {yokogawa::Dialect::wt300, yokogawa::Dialect::wt200}) {
            yokogawa::parse_identity(d, *line);
            auto r = yokogawa::parse_values(d, *line);
            if (auto* v = std::get_if<std::vector<api::Reading>>(&r)) {
                if (v->size() != yokogawa::channel_count) {
                    std::abort();
                }
                for (std::size_t i = 0; i < v->size(); ++i) {
                    const auto& x = (*v)[i];
                    if (x.channel != i) {
                        std::abort();
                    }
                    if (x.status == api::Status::ok &&
                        (!std::isfinite(x.value) || std::fabs(x.value) >= 9.9e37)) {
                        std::abort();
                    }
                }
            }
        }
    }
    if (lines.buffered() > 256) {
        std::abort();
    }
    return 0;
}
