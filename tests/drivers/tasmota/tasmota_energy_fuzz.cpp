#include <cstddef>
#include <cstdint>
#include <string_view>

#include "drivers/tasmota/energy_parse.hpp"

// Any answer a device may give, for every channel index: parsing never throws.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::tasmota;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (int channel = 0; channel < 3; ++channel) {
        (void)parse_energy(text, channel);
    }
    (void)parse_identity(text);
    (void)needs_password(text);
    return 0;
}
