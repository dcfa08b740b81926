#include "drivers/usb/usb_address.hpp"

#include <charconv>

#include <fmt/format.h>

namespace wattbench::drivers::usb {
namespace {

api::DeviceError bad(std::string_view text, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config,
                            "connection '" + std::string(text) + "': " + why};
}

bool parse_hex16(std::string_view s, std::uint16_t& out) {
    if (s.empty() || s.size() > 4) {
        return false;
    }
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out, 16);
    return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

std::string UsbAddress::id() const {
    return fmt::format("{:04x}:{:04x}", vendor, product);
}

std::variant<UsbAddress, api::DeviceError> parse_usb_address(std::string_view text) {
    constexpr std::string_view scheme = "usb://";
    if (text.substr(0, scheme.size()) != scheme) {
        return bad(text, "expected usb://VID:PID[?serial=…]");
    }
    std::string_view rest = text.substr(scheme.size());
    const auto q = rest.find('?');
    const std::string_view ids = rest.substr(0, q);
    const auto colon = ids.find(':');
    UsbAddress a;
    if (colon == std::string_view::npos || !parse_hex16(ids.substr(0, colon), a.vendor) ||
        !parse_hex16(ids.substr(colon + 1), a.product)) {
        return bad(text, "'" + std::string(ids) + "' is not VID:PID in hex (like 16c0:05dc)");
    }
    if (q == std::string_view::npos) {
        return a;
    }
    std::string_view query = rest.substr(q + 1);
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
        const auto eq = pair.find('=');
        if (eq == std::string_view::npos || eq + 1 == pair.size()) {
            return bad(text, "parameter '" + std::string(pair) + "' has no '=value'");
        }
        const std::string_view key = pair.substr(0, eq);
        const std::string value(pair.substr(eq + 1));
        if (key == "serial") {
            a.serial = value;
        } else if (key == "product") {
            a.product_string = value;
        } else {
            return bad(text,
                       "unknown parameter '" + std::string(key) + "' (known: serial, product)");
        }
    }
    return a;
}

}  // namespace wattbench::drivers::usb
