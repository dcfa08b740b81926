#pragma once

#include "drivers/transport/connection.hpp"
#include "drivers/transport/fd_stream.hpp"
#include "drivers/transport/transport.hpp"

struct sp_port;

namespace wattbench::drivers::transport {

// A serial port. Real ports go through libserialport (which knows USB adapters' quirks);
// pseudo-terminals, socat/ser2net links and paths outside /dev, which libserialport refuses,
// are opened with plain termios. Either way the I/O runs on the port's file descriptor.
class SerialTransport : public Transport {
public:
    explicit SerialTransport(SerialEndpoint endpoint) : endpoint_(std::move(endpoint)) {}
    ~SerialTransport() override { close(); }

    std::optional<api::DeviceError> open() override;
    ReadResult read(std::span<std::uint8_t> buffer, Deadline deadline) override;
    std::optional<api::DeviceError> write(std::span<const std::uint8_t> bytes,
                                          Deadline deadline) override;
    void discard_input() override;
    void close() override;
    bool is_open() const override { return stream_.fd() >= 0; }
    std::string name() const override { return endpoint_.path; }

    // True when the open port went through libserialport rather than termios.
    bool via_libserialport() const { return port_ != nullptr; }

private:
    std::optional<api::DeviceError> open_libserialport();
    std::optional<api::DeviceError> open_termios();

    SerialEndpoint endpoint_;
    FdStream stream_;
    sp_port* port_ = nullptr;
    int own_fd_ = -1;
};

}  // namespace wattbench::drivers::transport
