#include "drivers/transport/tcp_transport.hpp"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace wattbench::drivers::transport {
namespace {

// Connects one resolved address within the timeout; returns the socket or -1 with errno set.
int connect_one(const addrinfo* ai, std::chrono::milliseconds timeout) {
    int fd =
        ::socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) {
        return -1;
    }
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        if (errno != EINPROGRESS) {
            int e = errno;
            ::close(fd);
            errno = e;
            return -1;
        }
        pollfd p{fd, POLLOUT, 0};
        int r = ::poll(&p, 1, static_cast<int>(timeout.count()));
        int err = 0;
        socklen_t len = sizeof err;
        if (r <= 0) {
            ::close(fd);
            errno = ETIMEDOUT;
            return -1;
        }
        if (::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 || err != 0) {
            ::close(fd);
            errno = err ? err : EIO;
            return -1;
        }
    }
    // Requests are a few bytes each; waiting to coalesce them only adds latency.
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

}  // namespace

std::optional<api::DeviceError> TcpTransport::open() {
    close();
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* list = nullptr;
    const std::string port = std::to_string(endpoint_.port);
    int rc = ::getaddrinfo(endpoint_.host.c_str(), port.c_str(), &hints, &list);
    if (rc != 0) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                name() + ": cannot resolve host: " + ::gai_strerror(rc)};
    }
    int fd = -1;
    int last_errno = 0;
    for (addrinfo* ai = list; ai && fd < 0; ai = ai->ai_next) {
        fd = connect_one(ai, connect_timeout_);
        last_errno = errno;
    }
    ::freeaddrinfo(list);
    if (fd < 0) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                name() + ": cannot connect: " + std::strerror(last_errno)};
    }
    stream_.attach(fd, true);
    return std::nullopt;
}

ReadResult TcpTransport::read(std::span<std::uint8_t> buffer, Deadline deadline) {
    return stream_.read(buffer, deadline, name());
}

std::optional<api::DeviceError> TcpTransport::write(std::span<const std::uint8_t> bytes,
                                                    Deadline deadline) {
    return stream_.write(bytes, deadline, name());
}

void TcpTransport::close() {
    if (stream_.fd() >= 0) {
        ::close(stream_.fd());
        stream_.attach(-1, true);
    }
}

std::string TcpTransport::name() const {
    return "tcp://" + endpoint_.host + ":" + std::to_string(endpoint_.port);
}

}  // namespace wattbench::drivers::transport
