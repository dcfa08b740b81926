#include "drivers/transport/serial_transport.hpp"

#include <fcntl.h>
#include <libserialport.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace wattbench::drivers::transport {
namespace {

speed_t speed_of(int baud) {
    switch (baud) {
        case 1200:
            return B1200;
        case 2400:
            return B2400;
        case 4800:
            return B4800;
        case 9600:
            return B9600;
        case 19200:
            return B19200;
        case 38400:
            return B38400;
        case 57600:
            return B57600;
        case 115200:
            return B115200;
        case 230400:
            return B230400;
        case 460800:
            return B460800;
        case 921600:
            return B921600;
        default:
            return B0;
    }
}

// Unix98 pty slaves have majors 136..143 (Documentation/admin-guide/devices.txt).
bool is_pseudo_terminal(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) {
        return false;
    }
    const unsigned m = major(st.st_rdev);
    return m >= 136 && m <= 143;
}

bool set_nonblocking(int fd) {
    int flags = ::fcntl(fd, F_GETFL);
    return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

}  // namespace

std::optional<api::DeviceError> SerialTransport::open() {
    close();
    const auto& path = endpoint_.path;
    const bool maybe_real =
        path.rfind("/dev/", 0) == 0 && path.rfind("/dev/pts/", 0) != 0 && path != "/dev/ptmx";
    if (maybe_real && !open_libserialport()) {
        return std::nullopt;
    }
    return open_termios();
}

std::optional<api::DeviceError> SerialTransport::open_libserialport() {
    const auto& s = endpoint_.settings;
    if (sp_get_port_by_name(endpoint_.path.c_str(), &port_) != SP_OK) {
        port_ = nullptr;
        return api::DeviceError{api::ErrorKind::unreachable, "not a libserialport port"};
    }
    const sp_parity parity = s.parity == Parity::none  ? SP_PARITY_NONE
                             : s.parity == Parity::odd ? SP_PARITY_ODD
                                                       : SP_PARITY_EVEN;
    int fd = -1;
    if (sp_open(port_, SP_MODE_READ_WRITE) != SP_OK || sp_set_baudrate(port_, s.baud) != SP_OK ||
        sp_set_bits(port_, s.data_bits) != SP_OK || sp_set_parity(port_, parity) != SP_OK ||
        sp_set_stopbits(port_, s.stop_bits) != SP_OK ||
        sp_set_flowcontrol(port_, SP_FLOWCONTROL_NONE) != SP_OK ||
        sp_get_port_handle(port_, &fd) != SP_OK || !set_nonblocking(fd)) {
        // Ports libserialport cannot drive (a pty behind a /dev/ symlink fails its modem-line
        // ioctl) still work through termios.
        sp_close(port_);
        sp_free_port(port_);
        port_ = nullptr;
        return api::DeviceError{api::ErrorKind::unreachable, "libserialport could not open"};
    }
    stream_.attach(fd, false);
    return std::nullopt;
}

std::optional<api::DeviceError> SerialTransport::open_termios() {
    const auto& s = endpoint_.settings;
    const auto& path = endpoint_.path;
    int fd = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "cannot open " + path + ": " + std::strerror(errno)};
    }
    if (::isatty(fd)) {
        termios t{};
        if (::tcgetattr(fd, &t) != 0) {
            ::close(fd);
            return api::DeviceError{api::ErrorKind::unreachable, "cannot read settings of " + path +
                                                                     ": " + std::strerror(errno)};
        }
        const speed_t speed = speed_of(s.baud);
        if (speed == B0) {
            ::close(fd);
            return api::DeviceError{api::ErrorKind::config,
                                    path + ": baud " + std::to_string(s.baud) +
                                        " is not a standard rate this port supports"};
        }
        ::cfmakeraw(&t);
        ::cfsetispeed(&t, speed);
        ::cfsetospeed(&t, speed);
        t.c_cflag &= ~(CSIZE | PARENB | PARODD | CSTOPB | CRTSCTS);
        t.c_cflag |= CLOCAL | CREAD;
        t.c_cflag |= s.data_bits == 5 ? CS5 : s.data_bits == 6 ? CS6 : s.data_bits == 7 ? CS7 : CS8;
        if (s.parity != Parity::none) {
            t.c_cflag |= PARENB | (s.parity == Parity::odd ? PARODD : 0);
        }
        if (s.stop_bits == 2) {
            t.c_cflag |= CSTOPB;
        }
        if (is_pseudo_terminal(fd)) {
            // A pty moves bytes, not bits: Linux forces CS8 without parity on it, and some
            // kernels refuse a request that still asks for parity (EINVAL on the second open
            // of an 8E1 pty), so an emulator's pty is configured as what it really is.
            t.c_cflag &= ~(CSIZE | PARENB | PARODD);
            t.c_cflag |= CS8;
        }
        t.c_iflag &= ~(IXON | IXOFF | IXANY);
        t.c_cc[VMIN] = 0;
        t.c_cc[VTIME] = 0;
        if (::tcsetattr(fd, TCSANOW, &t) != 0) {
            ::close(fd);
            return api::DeviceError{api::ErrorKind::unreachable,
                                    "cannot configure " + path + ": " + std::strerror(errno)};
        }
    }
    own_fd_ = fd;
    stream_.attach(fd, false);
    return std::nullopt;
}

ReadResult SerialTransport::read(std::span<std::uint8_t> buffer, Deadline deadline) {
    return stream_.read(buffer, deadline, endpoint_.path);
}

std::optional<api::DeviceError> SerialTransport::write(std::span<const std::uint8_t> bytes,
                                                       Deadline deadline) {
    return stream_.write(bytes, deadline, endpoint_.path);
}

void SerialTransport::discard_input() {
    if (own_fd_ >= 0 && ::isatty(own_fd_)) {
        ::tcflush(own_fd_, TCIFLUSH);
    }
    stream_.discard_input();
}

void SerialTransport::close() {
    if (port_) {
        sp_close(port_);
        sp_free_port(port_);
        port_ = nullptr;
    }
    if (own_fd_ >= 0) {
        ::close(own_fd_);
        own_fd_ = -1;
    }
    stream_.attach(-1, false);
}

}  // namespace wattbench::drivers::transport
