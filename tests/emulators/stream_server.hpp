#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace wattbench::tests::emulators {

// Serves an instrument emulator over a pseudo-terminal (through a stable symlink, as socat
// does, so a dropped link can come back under the same name) or a loopback TCP listener.
// `Handler` consumes what it can from the received bytes and returns the bytes to send back.
class StreamServer {
public:
    using Handler = std::function<std::string(std::string& input)>;
    enum class Kind { pty, tcp };

    StreamServer(Kind kind, Handler handler);
    ~StreamServer();
    StreamServer(const StreamServer&) = delete;
    StreamServer& operator=(const StreamServer&) = delete;

    // `serial:///tmp/…/tty?baud=…` or `tcp://127.0.0.1:PORT`.
    std::string connection(const std::string& serial_query = "") const;

    // Faults. Silence: input is read and dropped. Garbage: noise bytes go out before every
    // answer. Drop: the link breaks now and refuses the instrument for `down_for`.
    std::atomic<bool> silent{false};
    std::atomic<bool> garbage{false};
    void drop(std::chrono::milliseconds down_for);

    int connections() const { return connections_.load(); }

    // Called every ~10 ms while a link is up, for instruments that talk unprompted (streamed
    // records); must be set before the instrument is used.
    void set_ticker(std::function<std::string()> ticker) {
        std::lock_guard lock(mutex_);
        ticker_ = std::move(ticker);
    }

private:
    void run();
    void open_pty();
    void close_link();
    void serve(int fd);
    void send_out(int fd, std::string out);

    Kind kind_;
    Handler handler_;
    std::function<std::string()> ticker_;
    std::string dir_;
    std::string link_path_;
    std::uint16_t port_ = 0;
    int listen_fd_ = -1;
    int link_fd_ = -1;   // pty master or accepted socket
    int slave_fd_ = -1;  // kept open so the master never reads EIO while nobody is attached
    std::string input_;
    std::mutex mutex_;
    std::chrono::steady_clock::time_point down_until_{};
    bool drop_now_ = false;
    std::atomic<int> connections_{0};
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

}  // namespace wattbench::tests::emulators
