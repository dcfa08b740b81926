#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "drivers/yokogawa/block_frame.hpp"
#include "drivers/yokogawa/wt_codec.hpp"

// Takes the input as bytes from a WT3000's socket, fed to the block decoder in two pieces
// (split where the first byte says), and every decoded line as a numeric answer of 1…24
// items and as a single number. Decoding the encoding of a line gives the line back. Ok
// readings must be finite, and nothing may throw.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::yokogawa;
    using wattbench::drivers::api::Reading;
    using wattbench::drivers::api::Status;
    if (size == 0) {
        return 0;
    }
    const std::span<const std::uint8_t> all(data, size);
    const std::size_t cut = std::min<std::size_t>(data[0], size);
    BlockDecoder decoder;
    std::string text = decoder.feed(all.first(cut));
    text += decoder.feed(all.subspan(cut));
    std::size_t start = 0;
    while (start < text.size()) {
        auto lf = text.find('\n', start);
        const std::string line = text.substr(start, lf == std::string::npos ? lf : lf - start);
        start = lf == std::string::npos ? text.size() : lf + 1;
        auto values = parse_wt_values(line, 1 + data[0] % 24);
        if (auto* r = std::get_if<std::vector<Reading>>(&values)) {
            for (const auto& x : *r) {
                if (x.status == Status::ok && !std::isfinite(x.value)) {
                    __builtin_trap();
                }
            }
        }
        if (auto v = parse_wt_number(line); v && !std::isfinite(*v)) {
            __builtin_trap();
        }
        if (!line.empty()) {
            BlockDecoder round;
            if (round.feed(encode_block(line)) != line + "\n") {
                __builtin_trap();
            }
        }
    }
    return 0;
}
