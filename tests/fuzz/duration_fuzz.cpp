#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/core/profile/duration.hpp"

// Besides surviving any input, whatever parses must format to a form that parses back to the
// same value and stays within the documented one-year cap.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::core::profile;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = parse_duration(text);
    if (!parsed) {
        return 0;
    }
    if (parsed->count() < 0 || *parsed > std::chrono::hours(24 * 365)) {
        std::abort();
    }
    const auto again = parse_duration(format_duration(*parsed));
    if (!again || *again != *parsed) {
        std::abort();
    }
    return 0;
}
