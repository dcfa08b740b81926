#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::transport {

// Deadline-bounded read/write on a non-blocking file descriptor, shared by the serial
// (both libserialport and termios hand us an fd) and TCP transports so their I/O behaves
// identically.
class FdStream {
public:
    // `zero_is_eof`: a socket's read() of 0 means the peer closed; a tty's (VMIN 0) only means
    // no data yet, and a hang-up shows as POLLHUP or EIO instead.
    void attach(int fd, bool zero_is_eof) {
        fd_ = fd;
        zero_is_eof_ = zero_is_eof;
    }
    int fd() const { return fd_; }
    ReadResult read(std::span<std::uint8_t> buffer, Deadline deadline, const std::string& name);
    std::optional<api::DeviceError> write(std::span<const std::uint8_t> bytes, Deadline deadline,
                                          const std::string& name);
    void discard_input();

private:
    int fd_ = -1;
    bool zero_is_eof_ = true;
};

}  // namespace wattbench::drivers::transport
