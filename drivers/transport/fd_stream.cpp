#include "drivers/transport/fd_stream.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace wattbench::drivers::transport {
namespace {

int millis_until(Deadline deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
        return 0;
    }
    return left.count() > 60000 ? 60000 : static_cast<int>(left.count());
}

api::DeviceError lost(const std::string& name, const std::string& why) {
    return api::DeviceError{api::ErrorKind::link_lost, name + ": " + why};
}

}  // namespace

ReadResult FdStream::read(std::span<std::uint8_t> buffer, Deadline deadline,
                          const std::string& name) {
    if (fd_ < 0) {
        return {0, lost(name, "not open")};
    }
    for (;;) {
        ssize_t n = ::read(fd_, buffer.data(), buffer.size());
        if (n > 0) {
            return {static_cast<std::size_t>(n), std::nullopt};
        }
        if (n == 0 && zero_is_eof_) {
            return {0, lost(name, "closed by the other end")};
        }
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            // A pty whose master went away reads EIO: the cable was pulled, in effect.
            return {0, lost(name, std::strerror(errno))};
        }
        int wait = millis_until(deadline);
        if (wait == 0) {
            return {0, std::nullopt};
        }
        pollfd p{fd_, POLLIN, 0};
        int r = ::poll(&p, 1, wait);
        if (r < 0 && errno != EINTR) {
            return {0, lost(name, std::strerror(errno))};
        }
        if (r > 0 && (p.revents & (POLLERR | POLLNVAL))) {
            return {0, lost(name, "error on the link")};
        }
        if (r > 0 && !zero_is_eof_ && (p.revents & POLLHUP) && !(p.revents & POLLIN)) {
            return {0, lost(name, "hung up")};
        }
        // POLLHUP falls through to read(), which reports EOF or EIO after draining any data.
    }
}

std::optional<api::DeviceError> FdStream::write(std::span<const std::uint8_t> bytes,
                                                Deadline deadline, const std::string& name) {
    if (fd_ < 0) {
        return lost(name, "not open");
    }
    std::size_t done = 0;
    while (done < bytes.size()) {
        // A socket whose peer went away must fail the write, not raise SIGPIPE and kill the
        // whole run.
        ssize_t n = zero_is_eof_
                        ? ::send(fd_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL)
                        : ::write(fd_, bytes.data() + done, bytes.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            return lost(name, std::strerror(errno));
        }
        int wait = millis_until(deadline);
        if (wait == 0) {
            return api::DeviceError{api::ErrorKind::timeout, name + ": write timed out"};
        }
        pollfd p{fd_, POLLOUT, 0};
        int r = ::poll(&p, 1, wait);
        if (r > 0 && (p.revents & (POLLERR | POLLHUP | POLLNVAL))) {
            return lost(name, "link closed while writing");
        }
    }
    return std::nullopt;
}

void FdStream::discard_input() {
    if (fd_ < 0) {
        return;
    }
    std::uint8_t scratch[512];
    while (::read(fd_, scratch, sizeof scratch) > 0) {
    }
}

}  // namespace wattbench::drivers::transport
