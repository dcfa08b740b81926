#pragma once

#include <chrono>

#include "drivers/transport/connection.hpp"
#include "drivers/transport/fd_stream.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::transport {

// Raw bytes over a TCP socket: serial-over-network bridges (ser2net, socat) and instruments
// with a socket port.
class TcpTransport : public Transport {
public:
    explicit TcpTransport(TcpEndpoint endpoint,
                          std::chrono::milliseconds connect_timeout = std::chrono::seconds(3))
        : endpoint_(std::move(endpoint)), connect_timeout_(connect_timeout) {}
    ~TcpTransport() override { close(); }

    std::optional<api::DeviceError> open() override;
    ReadResult read(std::span<std::uint8_t> buffer, Deadline deadline) override;
    std::optional<api::DeviceError> write(std::span<const std::uint8_t> bytes,
                                          Deadline deadline) override;
    void discard_input() override { stream_.discard_input(); }
    void close() override;
    bool is_open() const override { return stream_.fd() >= 0; }
    std::string name() const override;

private:
    TcpEndpoint endpoint_;
    std::chrono::milliseconds connect_timeout_;
    FdStream stream_;
};

}  // namespace wattbench::drivers::transport
