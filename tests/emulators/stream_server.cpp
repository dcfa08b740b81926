#include "tests/emulators/stream_server.hpp"

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pty.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace wattbench::tests::emulators {

StreamServer::StreamServer(Kind kind, Handler handler) : kind_(kind), handler_(std::move(handler)) {
    if (kind_ == Kind::pty) {
        char tmpl[] = "/tmp/wb-emu-XXXXXX";
        if (!::mkdtemp(tmpl)) {
            throw std::runtime_error("mkdtemp failed");
        }
        dir_ = tmpl;
        link_path_ = dir_ + "/tty";
        open_pty();
    } else {
        listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        int one = 1;
        ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
            ::listen(listen_fd_, 4) != 0) {
            throw std::runtime_error("cannot listen on loopback");
        }
        socklen_t len = sizeof a;
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len);
        port_ = ntohs(a.sin_port);
    }
    thread_ = std::thread([this] { run(); });
}

StreamServer::~StreamServer() {
    stop_ = true;
    thread_.join();
    close_link();
    if (listen_fd_ >= 0) {
        ::close(listen_fd_);
    }
    if (!dir_.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
}

std::string StreamServer::connection(const std::string& serial_query) const {
    if (kind_ == Kind::pty) {
        return "serial://" + link_path_ + serial_query;
    }
    return "tcp://127.0.0.1:" + std::to_string(port_);
}

void StreamServer::open_pty() {
    int master = -1;
    int slave = -1;
    char name[128];
    if (::openpty(&master, &slave, name, nullptr, nullptr) != 0) {
        throw std::runtime_error("openpty failed");
    }
    termios t{};
    ::tcgetattr(slave, &t);
    ::cfmakeraw(&t);
    ::tcsetattr(slave, TCSANOW, &t);
    ::fcntl(master, F_SETFL, ::fcntl(master, F_GETFL) | O_NONBLOCK);
    const std::string tmp = link_path_ + ".new";
    ::unlink(tmp.c_str());
    if (::symlink(name, tmp.c_str()) != 0 || ::rename(tmp.c_str(), link_path_.c_str()) != 0) {
        throw std::runtime_error("cannot link the pty");
    }
    link_fd_ = master;
    slave_fd_ = slave;
    ++connections_;
}

void StreamServer::close_link() {
    if (link_fd_ >= 0) {
        ::close(link_fd_);
        link_fd_ = -1;
    }
    if (slave_fd_ >= 0) {
        ::close(slave_fd_);
        slave_fd_ = -1;
    }
    input_.clear();
}

void StreamServer::drop(std::chrono::milliseconds down_for) {
    std::lock_guard lock(mutex_);
    down_until_ = std::chrono::steady_clock::now() + down_for;
    drop_now_ = true;
}

void StreamServer::run() {
    while (!stop_) {
        bool down = false;
        {
            std::lock_guard lock(mutex_);
            if (drop_now_) {
                drop_now_ = false;
                close_link();
                if (kind_ == Kind::pty) {
                    ::unlink(link_path_.c_str());
                }
            }
            down = std::chrono::steady_clock::now() < down_until_;
        }
        if (kind_ == Kind::pty && link_fd_ < 0 && !down) {
            open_pty();
        }
        pollfd fds[2];
        nfds_t n = 0;
        if (link_fd_ >= 0) {
            fds[n++] = {link_fd_, POLLIN, 0};
        }
        if (listen_fd_ >= 0) {
            fds[n++] = {listen_fd_, POLLIN, 0};
        }
        std::function<std::string()> ticker;
        {
            std::lock_guard lock(mutex_);
            ticker = ticker_;
        }
        if (ticker && link_fd_ >= 0 && !silent) {
            send_out(link_fd_, ticker());
        }
        if (::poll(fds, n, 10) <= 0) {
            continue;
        }
        for (nfds_t i = 0; i < n; ++i) {
            if (!fds[i].revents) {
                continue;
            }
            if (fds[i].fd == listen_fd_) {
                int c = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
                if (c >= 0 && (down || link_fd_ >= 0)) {
                    ::close(c);  // down, or one client at a time like a serial bridge
                } else if (c >= 0) {
                    link_fd_ = c;
                    input_.clear();
                    ++connections_;
                }
            } else if (fds[i].fd == link_fd_) {
                serve(link_fd_);
            }
        }
    }
}

void StreamServer::serve(int fd) {
    char buf[512];
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) {
        if (kind_ == Kind::tcp && (n == 0 || errno != EAGAIN)) {
            ::close(link_fd_);
            link_fd_ = -1;
            input_.clear();
        }
        return;
    }
    if (silent) {
        return;
    }
    input_.append(buf, static_cast<std::size_t>(n));
    send_out(fd, handler_(input_));
}

void StreamServer::send_out(int fd, std::string out) {
    if (out.empty()) {
        return;
    }
    if (garbage) {
        out = std::string("\xff\xfe\x01#@!garbage\x7f\r\n", 16) + out;
    }
    std::size_t done = 0;
    // Nobody reading (a pty between sessions) must not wedge the emulator: give up after ~200 ms.
    for (int waits = 0; done < out.size() && waits < 200;) {
        ssize_t w = kind_ == Kind::tcp
                        ? ::send(fd, out.data() + done, out.size() - done, MSG_NOSIGNAL)
                        : ::write(fd, out.data() + done, out.size() - done);
        if (w > 0) {
            done += static_cast<std::size_t>(w);
        } else if (w < 0 && errno != EAGAIN) {
            return;
        } else {
            ::usleep(1000);
            ++waits;
        }
    }
}

}  // namespace wattbench::tests::emulators
