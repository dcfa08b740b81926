#include <cstddef>
#include <cstdint>
#include <string_view>

#include "drivers/usb/replay_script.hpp"

// Arbitrary text as a replay fixture: parsed or refused with a located message, never a crash.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::usb;
    auto r = parse_replay_script(std::string_view(reinterpret_cast<const char*>(data), size),
                                 "fuzz.usbreplay");
    if (auto* steps = std::get_if<std::vector<ReplayStep>>(&r)) {
        for (const auto& s : *steps) {
            describe(s);
        }
    }
    return 0;
}
