#include <cstddef>
#include <cstdint>
#include <string_view>

#include "drivers/zes/codec.hpp"

// Whatever a serial line or socket delivers goes through parse_line and parse_identity; neither
// may crash, hang or read out of bounds on any bytes.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::zes;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)parse_line(text, item_count(false));
    (void)parse_line(text, item_count(true));
    (void)parse_identity(*find_model("zes-lmg95"), text);
    (void)parse_identity(*find_model("zes-lmg600"), text);
    return 0;
}
