#include "app/metrics/metrics_server.hpp"

#include <arpa/inet.h>
#include <dirent.h>
#include <event2/buffer.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <string_view>
#include <thread>

namespace wattbench::metrics {

namespace {

constexpr std::string_view kAllow = "GET, HEAD";
constexpr std::size_t kMaxHeaderBytes = 32 * 1024;
constexpr std::size_t kMaxBodyBytes = 4 * 1024;

void reply(evhttp_request* req, int status, const char* reason, std::string_view body,
           std::string_view content_type, bool allow = false) {
    evkeyvalq* headers = evhttp_request_get_output_headers(req);
    evhttp_add_header(headers, "Content-Type", std::string(content_type).c_str());
    if (allow) {
        evhttp_add_header(headers, "Allow", std::string(kAllow).c_str());
    }
    evbuffer* b = evbuffer_new();
    if (b == nullptr || evbuffer_add(b, body.data(), body.size()) != 0) {
        if (b != nullptr) {
            evbuffer_free(b);
        }
        evhttp_send_error(req, 500, "out of memory");
        return;
    }
    evhttp_send_reply(req, status, reason, b);
    evbuffer_free(b);
}

std::string errno_text(int e) {
    return std::strerror(e);
}

}  // namespace

// libevent state. The event loop runs on its own thread; the destructor stops it from the
// owner's thread through an event (libevent allows that once evthread_use_pthreads() has run),
// not event_base_loopbreak, which the loop forgets if it has not started yet.
struct MetricsServer::Loop {
    const Render* render = nullptr;
    unsigned connection_limit = 0;
    int listen_fd = -1;
    std::uint16_t port = 0;
    event_base* base = nullptr;
    evhttp* http = nullptr;
    evconnlistener* listener = nullptr;
    bool listener_bound = false;  // then evhttp_free frees it
    event* stop = nullptr;
    event* recheck = nullptr;
    std::thread thread;

    ~Loop() {
        if (thread.joinable()) {
            event_active(stop, EV_READ, 0);
            thread.join();
        }
        for (event* e : {stop, recheck}) {
            if (e != nullptr) {
                event_free(e);
            }
        }
        if (listener != nullptr && !listener_bound) {
            evconnlistener_free(listener);
        }
        if (http != nullptr) {
            evhttp_free(http);
        }
        if (base != nullptr) {
            event_base_free(base);
        }
    }

    static void on_stop(evutil_socket_t, short, void* base) {
        event_base_loopbreak(static_cast<event_base*>(base));
    }

    // The connections evhttp holds: this process's sockets bound to the served port, the
    // listening one aside. evhttp 2.1 neither limits connections nor says when it closes one,
    // and a dozen getsockname calls once per connection cost less than tracking its insides.
    unsigned open_connections() const {
        unsigned n = 0;
        DIR* dir = ::opendir("/proc/self/fd");
        if (dir == nullptr) {
            return 0;
        }
        while (const dirent* d = ::readdir(dir)) {
            const int fd = std::atoi(d->d_name);
            if (fd == listen_fd || d->d_name[0] < '0' || d->d_name[0] > '9') {
                continue;
            }
            sockaddr_storage ss{};
            socklen_t len = sizeof(ss);
            if (::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len) != 0) {
                continue;
            }
            const auto* in4 = reinterpret_cast<const sockaddr_in*>(&ss);
            const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&ss);
            if ((ss.ss_family == AF_INET && ntohs(in4->sin_port) == port) ||
                (ss.ss_family == AF_INET6 && ntohs(in6->sin6_port) == port)) {
                ++n;
            }
        }
        ::closedir(dir);
        return n;
    }

    void wait_for_room() {
        const timeval tenth{0, 100 * 1000};
        evconnlistener_disable(listener);
        event_add(recheck, &tenth);
    }

    // Called by evhttp for each connection it accepts, the new socket already open: at the
    // limit the listener stops accepting (libevent checks after each accept), and further
    // clients wait in the kernel's backlog until one closes.
    static bufferevent* on_connection(event_base*, void* self) {
        auto& loop = *static_cast<Loop*>(self);
        if (loop.open_connections() >= loop.connection_limit) {
            loop.wait_for_room();
        }
        return nullptr;  // evhttp makes its usual socket bufferevent
    }

    static void on_recheck(evutil_socket_t, short, void* self) {
        auto& loop = *static_cast<Loop*>(self);
        if (loop.open_connections() < loop.connection_limit) {
            evconnlistener_enable(loop.listener);
        } else {
            loop.wait_for_room();
        }
    }

    static void on_request(evhttp_request* req, void* self) {
        const auto& render = *static_cast<Loop*>(self)->render;
        const evhttp_uri* uri = evhttp_request_get_evhttp_uri(req);
        const char* raw_path = uri != nullptr ? evhttp_uri_get_path(uri) : nullptr;
        const std::string_view path = raw_path != nullptr ? raw_path : "";
        const auto method = evhttp_request_get_command(req);
        // The path first: /other with any method is not found, /metrics with POST not allowed.
        if (path != "/metrics") {
            reply(req, 404, "Not Found", "not found: only /metrics is served\n",
                  "text/plain; charset=utf-8");
            return;
        }
        if (method != EVHTTP_REQ_GET && method != EVHTTP_REQ_HEAD) {
            reply(req, 405, "Method Not Allowed", "only GET /metrics\n",
                  "text/plain; charset=utf-8", true);
            return;
        }
        const char* accept = evhttp_find_header(evhttp_request_get_input_headers(req), "Accept");
        try {
            const Format format = negotiate(accept != nullptr ? accept : "");
            reply(req, 200, "OK", render(format),
                  format == Format::openmetrics ? kOpenMetricsContentType : kTextContentType);
        } catch (const std::exception&) {
            evhttp_send_error(req, 500, "out of memory");  // this scrape lost, not the run
        }
    }
};

MetricsServer::MetricsServer(ListenAddress address, Render render)
    : address_(std::move(address)), render_(std::move(render)) {}

MetricsServer::~MetricsServer() = default;

std::variant<std::unique_ptr<MetricsServer>, std::string> MetricsServer::start(
    const ListenAddress& address, Render render, Limits limits) {
    static std::once_flag threads_once;
    std::call_once(threads_once, [] { evthread_use_pthreads(); });
    std::unique_ptr<MetricsServer> server(new MetricsServer(address, std::move(render)));
    const auto fail = [&](const std::string& why) {
        return "cannot listen on " + address.text() + ": " + why;
    };
    // Our own socket, bound here, so that a bind error says why.
    sockaddr_storage ss{};
    socklen_t len = 0;
    if (address.ipv6) {
        auto* a = reinterpret_cast<sockaddr_in6*>(&ss);
        a->sin6_family = AF_INET6;
        a->sin6_port = htons(address.port);
        inet_pton(AF_INET6, address.host.c_str(), &a->sin6_addr);
        len = sizeof(*a);
    } else {
        auto* a = reinterpret_cast<sockaddr_in*>(&ss);
        a->sin_family = AF_INET;
        a->sin_port = htons(address.port);
        inet_pton(AF_INET, address.host.c_str(), &a->sin_addr);
        len = sizeof(*a);
    }
    const int fd = ::socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        return fail(errno_text(errno));
    }
    const int on = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
    if (address.ipv6) {
        ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof(on));
    }
    if (::bind(fd, reinterpret_cast<sockaddr*>(&ss), len) != 0 || ::listen(fd, 16) != 0) {
        const int e = errno;
        ::close(fd);
        return fail(errno_text(e));
    }
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len) == 0) {
        server->address_.port = ntohs(address.ipv6 ? reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port
                                                   : reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
    }
    auto loop = std::make_unique<Loop>();
    loop->render = &server->render_;
    loop->connection_limit = limits.connections;
    loop->base = event_base_new();
    loop->http = loop->base != nullptr ? evhttp_new(loop->base) : nullptr;
    if (loop->http == nullptr) {
        ::close(fd);
        return fail("libevent could not start");
    }
    evhttp_set_timeout(loop->http, static_cast<int>(limits.timeout_seconds));
    evhttp_set_max_headers_size(loop->http, kMaxHeaderBytes);
    evhttp_set_max_body_size(loop->http, kMaxBodyBytes);
    // Every method reaches on_request, so that each gets 405 and Allow rather than 501.
    evhttp_set_allowed_methods(loop->http, EVHTTP_REQ_GET | EVHTTP_REQ_POST | EVHTTP_REQ_HEAD |
                                               EVHTTP_REQ_PUT | EVHTTP_REQ_DELETE |
                                               EVHTTP_REQ_OPTIONS | EVHTTP_REQ_TRACE |
                                               EVHTTP_REQ_CONNECT | EVHTTP_REQ_PATCH);
    evhttp_set_gencb(loop->http, &Loop::on_request, loop.get());
    evhttp_set_bevcb(loop->http, &Loop::on_connection, loop.get());
    loop->listen_fd = fd;
    loop->port = server->address_.port;
    loop->listener = evconnlistener_new(loop->base, nullptr, nullptr, LEV_OPT_CLOSE_ON_FREE, 0, fd);
    if (loop->listener == nullptr) {
        ::close(fd);
        return fail("libevent could not listen");
    }
    loop->stop = event_new(loop->base, -1, 0, &Loop::on_stop, loop->base);
    loop->recheck = event_new(loop->base, -1, 0, &Loop::on_recheck, loop.get());
    if (loop->stop == nullptr || loop->recheck == nullptr) {
        return fail("libevent could not start");
    }
    loop->listener_bound = evhttp_bind_listener(loop->http, loop->listener) != nullptr;
    if (!loop->listener_bound) {
        return fail("libevent could not listen");
    }
    loop->thread = std::thread([base = loop->base] { event_base_dispatch(base); });
    server->loop_ = std::move(loop);
    return server;
}

}  // namespace wattbench::metrics
