#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/core/remote/remote_load_line.hpp"

// Arbitrary bytes, split at newlines, through the parser of the remote load stream. Every line
// either parses or names an offset inside it; what parses formats to a line that parses again
// as the same kind (when it fits the line limit).
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::core::remote;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        auto r = parse_remote_line(line);
        if (auto* e = std::get_if<RemoteLineError>(&r)) {
            if (e->offset > line.size() || e->message.empty()) {
                std::abort();
            }
            continue;
        }
        const auto& parsed = std::get<RemoteLine>(r);
        const std::string again = format_remote_line(parsed);
        if (again.empty() || again.back() != '\n') {
            std::abort();
        }
        if (again.size() - 1 > remote_max_line) {
            continue;
        }
        auto back = parse_remote_line(std::string_view(again).substr(0, again.size() - 1));
        const auto* b = std::get_if<RemoteLine>(&back);
        if (!b || b->index() != parsed.index()) {
            std::abort();
        }
    }
    return 0;
}
