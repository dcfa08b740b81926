#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/metrics/listen_address.hpp"

// Besides surviving any input, whatever parses must print to a form that parses back the same.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::metrics;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = parse_listen_address(text);
    const auto* a = std::get_if<ListenAddress>(&parsed);
    if (a == nullptr) {
        return 0;
    }
    const auto again = parse_listen_address(a->text());
    const auto* b = std::get_if<ListenAddress>(&again);
    if (b == nullptr || b->host != a->host || b->port != a->port || b->ipv6 != a->ipv6) {
        std::abort();
    }
    return 0;
}
