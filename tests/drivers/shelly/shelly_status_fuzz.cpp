#include <cstddef>
#include <cstdint>
#include <string_view>

#include "drivers/shelly/status_parse.hpp"

// Any answer a device may give: parsing never throws, and what maps carries some value.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const auto& got : {shelly::parse_rpc_status(text), shelly::parse_gen1_meter(text, 0)}) {
        if (auto* v = std::get_if<http::PlugValues>(&got); v && !v->any()) {
            const bool gen1_invalid = text.find("is_valid") != std::string_view::npos;
            if (!gen1_invalid) {
                __builtin_trap();
            }
        }
    }
    (void)shelly::parse_device_info(text);
    return 0;
}
