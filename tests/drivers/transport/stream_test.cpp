#include <gtest/gtest.h>
#include <netinet/in.h>
#include <pty.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

#include <array>
#include <string>

#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/serial_transport.hpp"
#include "drivers/transport/tcp_transport.hpp"

namespace wattbench::drivers::transport {
namespace {

using namespace std::chrono_literals;

Deadline in(std::chrono::milliseconds ms) {
    return std::chrono::steady_clock::now() + ms;
}

std::span<const std::uint8_t> as_bytes(const std::string& s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

std::string read_all(int fd, std::size_t want) {
    std::string out;
    char buf[256];
    auto until = in(2000ms);
    while (out.size() < want && std::chrono::steady_clock::now() < until) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n > 0) {
            out.append(buf, static_cast<std::size_t>(n));
        } else {
            ::usleep(1000);
        }
    }
    return out;
}

struct Pty {
    int master = -1;
    int slave = -1;
    std::string path;
    Pty() {
        char name[128];
        EXPECT_EQ(::openpty(&master, &slave, name, nullptr, nullptr), 0);
        path = name;
    }
    ~Pty() {
        if (master >= 0) {
            ::close(master);
        }
        if (slave >= 0) {
            ::close(slave);
        }
    }
};

TEST(SerialTransport, TermiosFallbackOnAPty) {
    Pty pty;
    SerialTransport t(SerialEndpoint{pty.path, {9600, 8, Parity::none, 1}});
    ASSERT_EQ(t.open(), std::nullopt);
    EXPECT_TRUE(t.is_open());
    EXPECT_FALSE(t.via_libserialport());

    termios tio{};
    ASSERT_EQ(::tcgetattr(pty.slave, &tio), 0);
    EXPECT_EQ(::cfgetospeed(&tio), B9600);
    EXPECT_EQ(tio.c_cflag & CSIZE, static_cast<tcflag_t>(CS8));
    EXPECT_EQ(tio.c_lflag & ICANON, 0u);

    ASSERT_EQ(t.write(as_bytes("*IDN?\n"), in(1000ms)), std::nullopt);
    EXPECT_EQ(read_all(pty.master, 6), "*IDN?\n");

    const std::string answer = "YOKOGAWA,WT310,C2PH13047V,F1.03\r\n";
    ASSERT_EQ(::write(pty.master, answer.data(), answer.size()),
              static_cast<ssize_t>(answer.size()));
    LineReader lines(t);
    auto line = lines.read_line(in(1000ms));
    ASSERT_TRUE(std::holds_alternative<std::string>(line));
    EXPECT_EQ(std::get<std::string>(line), "YOKOGAWA,WT310,C2PH13047V,F1.03");
}

TEST(SerialTransport, ReadTimesOutAtTheDeadline) {
    Pty pty;
    SerialTransport t(SerialEndpoint{pty.path, {}});
    ASSERT_EQ(t.open(), std::nullopt);
    std::array<std::uint8_t, 16> buf{};
    auto start = std::chrono::steady_clock::now();
    auto r = t.read(buf, in(150ms));
    auto took = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(r.count, 0u);
    EXPECT_FALSE(r.error) << r.error->message;
    EXPECT_GE(took, 140ms);
    EXPECT_LT(took, 1000ms);
    LineReader lines(t);
    auto line = lines.read_line(in(50ms));
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(line));
    EXPECT_EQ(std::get<api::DeviceError>(line).kind, api::ErrorKind::timeout);
}

TEST(SerialTransport, ClosedMasterIsALostLink) {
    Pty pty;
    SerialTransport t(SerialEndpoint{pty.path, {}});
    ASSERT_EQ(t.open(), std::nullopt);
    ::close(pty.slave);
    pty.slave = -1;
    ::close(pty.master);
    pty.master = -1;
    std::array<std::uint8_t, 16> buf{};
    auto r = t.read(buf, in(1000ms));
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::link_lost);
}

TEST(SerialTransport, MissingPathIsUnreachable) {
    for (const char* path : {"/dev/ttyNOPE99", "/tmp/wattbench-no-such-tty"}) {
        SerialTransport t(SerialEndpoint{path, {}});
        auto e = t.open();
        ASSERT_TRUE(e) << path;
        EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
        EXPECT_NE(e->message.find(path), std::string::npos);
    }
}

TEST(SerialTransport, NonStandardBaudOnATtyIsAConfigError) {
    Pty pty;
    SerialTransport t(SerialEndpoint{pty.path, {12345, 8, Parity::none, 1}});
    auto e = t.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::config);
}

struct Listener {
    int fd = -1;
    std::uint16_t port = 0;
    Listener() {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
        EXPECT_EQ(::listen(fd, 4), 0);
        socklen_t len = sizeof a;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
        port = ntohs(a.sin_port);
    }
    ~Listener() { ::close(fd); }
};

TEST(TcpTransport, LoopbackRoundTripAndPeerClose) {
    Listener l;
    TcpTransport t(TcpEndpoint{"127.0.0.1", l.port});
    ASSERT_EQ(t.open(), std::nullopt);
    int peer = ::accept(l.fd, nullptr, nullptr);
    ASSERT_GE(peer, 0);

    ASSERT_EQ(t.write(as_bytes(":NUM:NORM:VAL?\n"), in(1000ms)), std::nullopt);
    EXPECT_EQ(read_all(peer, 15), ":NUM:NORM:VAL?\n");
    const std::string answer = "1.0E+00,2.0E+00\n";
    ::write(peer, answer.data(), answer.size());
    LineReader lines(t);
    auto line = lines.read_line(in(1000ms));
    ASSERT_TRUE(std::holds_alternative<std::string>(line));
    EXPECT_EQ(std::get<std::string>(line), "1.0E+00,2.0E+00");

    ::close(peer);
    std::array<std::uint8_t, 16> buf{};
    auto r = t.read(buf, in(1000ms));
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::link_lost);
}

TEST(TcpTransport, RefusedConnectionIsUnreachable) {
    std::uint16_t port = 0;
    {
        Listener l;
        port = l.port;
    }
    TcpTransport t(TcpEndpoint{"127.0.0.1", port});
    auto e = t.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
    EXPECT_NE(e->message.find("127.0.0.1"), std::string::npos);
}

TEST(TcpTransport, UnknownHostIsUnreachable) {
    TcpTransport t(TcpEndpoint{"no-such-host.invalid", 1});
    auto e = t.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
}

}  // namespace
}  // namespace wattbench::drivers::transport
