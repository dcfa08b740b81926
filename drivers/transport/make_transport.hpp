#pragma once

#include <memory>

#include "drivers/transport/connection.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::transport {

// The transport for a parsed connection string. No I/O until open().
std::unique_ptr<Transport> make_transport(const Endpoint& endpoint);

}  // namespace wattbench::drivers::transport
