#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "drivers/transport/connection.hpp"

// Any text either parses or yields a config error that quotes it; parsed endpoints are sane.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto r = transport::parse_connection(text);
    if (auto* e = std::get_if<api::DeviceError>(&r)) {
        if (e->kind != api::ErrorKind::config) {
            std::abort();
        }
        return 0;
    }
    const auto& ep = std::get<transport::Endpoint>(r);
    if (const auto* s = std::get_if<transport::SerialEndpoint>(&ep)) {
        if (s->path.empty() || s->path.front() != '/' || s->settings.baud <= 0 ||
            s->settings.data_bits < 5 || s->settings.data_bits > 8) {
            std::abort();
        }
    } else if (const auto* t = std::get_if<transport::TcpEndpoint>(&ep)) {
        if (t->port == 0 || t->host.empty()) {
            std::abort();
        }
    }
    transport::describe(ep);
    return 0;
}
