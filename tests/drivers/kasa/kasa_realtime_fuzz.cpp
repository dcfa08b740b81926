#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "drivers/kasa/realtime.hpp"

// JSON a plug may answer: parsing never throws, and an answer that maps gives values only.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::kasa;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto got = parse_realtime(text);
    if (auto* v = std::get_if<wattbench::drivers::http::PlugValues>(&got)) {
        if (!v->any()) {
            __builtin_trap();
        }
    }
    (void)parse_sysinfo(text);
    return 0;
}
