#include <cstddef>
#include <cstdint>
#include <string_view>

#include "drivers/chroma/codec.hpp"

// Whatever a serial line or socket delivers goes through parse_answer, parse_identity and
// parse_number; none may crash, hang or read out of bounds on any bytes.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::chroma;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)parse_answer(text, true);
    (void)parse_answer(text, false);
    (void)parse_identity(*find_model("chroma-66204"), text);
    (void)parse_number(text);
    return 0;
}
