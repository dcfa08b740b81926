#include <cstddef>
#include <cstdint>
#include <string_view>

#include "drivers/chroma/dialect.hpp"
#include "drivers/chroma/models.hpp"
#include "drivers/scpi_analyzer/codec.hpp"

// Whatever a serial line or socket delivers goes through the dialect's identity and value
// parsers, the shared answer parser and the range read-back; none may crash, hang or read out
// of bounds on any bytes.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)chroma::parse_identity(text);
    for (auto item : scpi_analyzer::all_items) {
        (void)chroma::parse_value(text, item);
    }
    for (const auto& m : chroma::models()) {
        static const scpi_analyzer::Settings settings;
        const auto plan = scpi_analyzer::make_plan(m, settings);
        const auto order = m.dialect->answer_order(plan.spellings);
        (void)scpi_analyzer::parse_answer(*m.dialect, plan, text, order, false);
        (void)scpi_analyzer::parse_range_answer(m, true, text);
    }
    return 0;
}
