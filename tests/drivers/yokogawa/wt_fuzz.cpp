#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/yokogawa/block_frame.hpp"
#include "drivers/yokogawa/wt_models.hpp"

// Takes the input as bytes from a WT3000's socket, fed to the block decoder in two pieces
// (split where the first byte says), and every decoded line as a numeric answer of one of the
// WT models' plans (1…4 elements, with or without Σ, as the first byte says) through the
// dialect, and as a range answer. Decoding the encoding of a line gives the line back. Ok
// readings must be finite, and nothing may throw.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::yokogawa;
    namespace sa = wattbench::drivers::scpi_analyzer;
    using wattbench::drivers::api::Reading;
    using wattbench::drivers::api::Status;
    if (size == 0) {
        return 0;
    }
    const auto models = wt_models();
    const auto& model = models[data[0] % models.size()];
    sa::Settings settings;
    for (int e = 1; e <= 1 + data[0] % 4 && e <= model.elements; ++e) {
        settings.elements.push_back(e);
    }
    if (data[0] & 0x80) {
        settings.elements.push_back(sa::sigma);
    }
    const auto plan = sa::make_plan(model, settings);
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
        auto values = sa::parse_answer(*model.dialect, plan, line);
        if (auto* r = std::get_if<std::vector<Reading>>(&values)) {
            if (r->size() != plan.channels.size()) {
                __builtin_trap();
            }
            for (const auto& x : *r) {
                if (x.status == Status::ok && !std::isfinite(x.value)) {
                    __builtin_trap();
                }
            }
        }
        if (auto v = sa::parse_range_answer(model, true, line); v && !std::isfinite(*v)) {
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
