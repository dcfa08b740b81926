#include "drivers/transport/make_transport.hpp"

#include "drivers/transport/serial_transport.hpp"
#include "drivers/transport/tcp_transport.hpp"
#include "drivers/transport/usbtmc_libusb_link.hpp"
#include "drivers/transport/usbtmc_transport.hpp"

namespace wattbench::drivers::transport {

std::unique_ptr<Transport> make_transport(const Endpoint& endpoint) {
    if (const auto* s = std::get_if<SerialEndpoint>(&endpoint)) {
        return std::make_unique<SerialTransport>(*s);
    }
    if (const auto* u = std::get_if<UsbtmcEndpoint>(&endpoint)) {
        return std::make_unique<UsbtmcTransport>(std::make_unique<LibusbUsbtmcLink>(*u));
    }
    return std::make_unique<TcpTransport>(std::get<TcpEndpoint>(endpoint));
}

}  // namespace wattbench::drivers::transport
