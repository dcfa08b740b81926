#include <cstddef>
#include <cstdint>
#include <string_view>

#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/zes/dialect.hpp"
#include "drivers/zes/models.hpp"

// Whatever a serial line or socket delivers goes through the dialect's identity and value
// parsers and the shared answer parser (with and without the streamed ranges); none may crash,
// hang or read out of bounds on any bytes.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)zes::parse_identity(text);
    (void)zes::parse_value(text);
    for (const auto& m : zes::models()) {
        static const scpi_analyzer::Settings settings;
        const auto plan = scpi_analyzer::make_plan(m, settings);
        const auto order = m.dialect->answer_order(plan.spellings);
        (void)scpi_analyzer::parse_answer(*m.dialect, plan, text, order, false);
        (void)scpi_analyzer::parse_answer(*m.dialect, plan, text, order, true);
    }
    return 0;
}
