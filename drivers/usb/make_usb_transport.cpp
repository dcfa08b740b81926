#include "drivers/usb/make_usb_transport.hpp"

#include "drivers/usb/libusb_transport.hpp"
#include "drivers/usb/replay_transport.hpp"
#include "drivers/usb/usb_address.hpp"

namespace wattbench::drivers::usb {

std::variant<std::unique_ptr<UsbTransport>, api::DeviceError> make_usb_transport(
    std::string_view connection, int interface_number, std::string_view default_product) {
    constexpr std::string_view replay = "replay://";
    if (connection.substr(0, replay.size()) == replay) {
        const std::string path(connection.substr(replay.size()));
        if (path.empty() || path.front() != '/') {
            return api::DeviceError{api::ErrorKind::config,
                                    "connection '" + std::string(connection) +
                                        "': the fixture path must be absolute (replay:///…)"};
        }
        return std::unique_ptr<UsbTransport>(std::make_unique<ReplayTransport>(path));
    }
    auto address = parse_usb_address(connection);
    if (auto* e = std::get_if<api::DeviceError>(&address)) {
        return *e;
    }
    auto& a = std::get<UsbAddress>(address);
    if (a.product_string.empty()) {
        a.product_string = std::string(default_product);
    }
    return std::unique_ptr<UsbTransport>(
        std::make_unique<LibusbTransport>(std::move(a), interface_number));
}

}  // namespace wattbench::drivers::usb
