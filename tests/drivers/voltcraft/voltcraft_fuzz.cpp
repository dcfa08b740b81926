#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "drivers/voltcraft/codec.hpp"

// Any bytes as a data file and as an INFO file: decoded records carry valid times and finite,
// non-negative values.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::voltcraft;
    const std::span<const std::uint8_t> bytes(data, size);
    auto r = decode_data_file(bytes);
    if (auto* v = std::get_if<std::vector<MinuteRecord>>(&r)) {
        for (const auto& m : *v) {
            if (m.time.month < 1 || m.time.month > 12 || m.time.minute > 59 || m.time.hour > 23 ||
                !(m.volts >= 0.0) || !(m.amps >= 0.0) || !std::isfinite(m.watts())) {
                std::abort();
            }
        }
    }
    decode_info_file(bytes);
    return 0;
}
