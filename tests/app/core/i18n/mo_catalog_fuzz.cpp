// Any bytes given to the .mo reader give a catalog or a refusal, never a crash or a read
// outside them (ASan), and every message found is a plain lookup that cannot fail.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "app/core/i18n/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const auto result = wattbench::core::i18n::Catalog::parse(bytes);
    if (const auto* catalog = std::get_if<wattbench::core::i18n::Catalog>(&result)) {
        (void)catalog->find("Power [W]");
        (void)catalog->find_plural("{} phase", "{} phases", 2);
    }
    return 0;
}
