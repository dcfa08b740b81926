#pragma once

#include <functional>
#include <memory>
#include <string>
#include <variant>

#include "app/metrics/exposition.hpp"
#include "app/metrics/listen_address.hpp"

namespace wattbench::metrics {

// GET /metrics over libevent's evhttp, on one thread of its own: non-blocking sockets, at most
// Limits::connections at once and Limits::timeout_seconds of silence per connection, so a client
// that connects and never reads (or never finishes its request) costs a socket for a while and
// nothing else; the run never waits for a scrape. Other methods get 405 with Allow, other
// paths 404; a request line or headers over 32 KiB get evhttp's 400 and the connection closed.
class MetricsServer {
public:
    struct Limits {
        unsigned connections = 32;
        unsigned timeout_seconds = 10;
    };

    using Render = std::function<std::string(Format)>;

    // Binds before returning, so a port in use is an error the caller reports before its run
    // starts: "cannot listen on 127.0.0.1:9877: Address already in use".
    static std::variant<std::unique_ptr<MetricsServer>, std::string> start(
        const ListenAddress& address, Render render, Limits limits);
    static std::variant<std::unique_ptr<MetricsServer>, std::string> start(
        const ListenAddress& address, Render render) {
        return start(address, std::move(render), Limits{});
    }

    ~MetricsServer();
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    // The address actually bound (the port the system chose when asked for port 0).
    const ListenAddress& address() const { return address_; }
    std::string url() const { return "http://" + address_.text() + "/metrics"; }

private:
    MetricsServer(ListenAddress address, Render render);

    struct Loop;

    ListenAddress address_;
    Render render_;
    std::unique_ptr<Loop> loop_;
};

}  // namespace wattbench::metrics
