#include "app/metrics/metrics_server.hpp"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <string_view>

namespace wattbench::metrics {

namespace {

constexpr std::string_view kAllow = "GET, HEAD";

MHD_Result reply(MHD_Connection* connection, unsigned status, std::string_view body,
                 std::string_view content_type, bool allow = false) {
    MHD_Response* response = MHD_create_response_from_buffer(
        body.size(), const_cast<char*>(body.data()), MHD_RESPMEM_MUST_COPY);
    if (response == nullptr) {
        return MHD_NO;
    }
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE,
                            std::string(content_type).c_str());
    if (allow) {
        MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, std::string(kAllow).c_str());
    }
    const MHD_Result r = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return r;
}

MHD_Result answer(void* cls, MHD_Connection* connection, const char* url, const char* method,
                  const char* /*version*/, const char* /*upload_data*/,
                  std::size_t* /*upload_data_size*/, void** /*con_cls*/) {
    const auto& render = *static_cast<const MetricsServer::Render*>(cls);
    const std::string_view m = method;
    const std::string_view path = url;
    // The path first: /other with any method is not found, /metrics with POST not allowed.
    if (path != "/metrics") {
        return reply(connection, MHD_HTTP_NOT_FOUND, "not found: only /metrics is served\n",
                     "text/plain; charset=utf-8");
    }
    if (m != MHD_HTTP_METHOD_GET && m != MHD_HTTP_METHOD_HEAD) {
        return reply(connection, MHD_HTTP_METHOD_NOT_ALLOWED, "only GET /metrics\n",
                     "text/plain; charset=utf-8", true);
    }
    const char* accept =
        MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
    const Format format = negotiate(accept != nullptr ? accept : "");
    try {
        return reply(connection, MHD_HTTP_OK, render(format),
                     format == Format::openmetrics ? kOpenMetricsContentType : kTextContentType);
    } catch (const std::exception&) {
        return MHD_NO;  // out of memory: drop this scrape, not the run
    }
}

std::string errno_text(int e) {
    return std::strerror(e);
}

}  // namespace

MetricsServer::MetricsServer(ListenAddress address, Render render)
    : address_(std::move(address)), render_(std::move(render)) {}

MetricsServer::~MetricsServer() {
    if (daemon_ != nullptr) {
        MHD_stop_daemon(daemon_);
    }
    if (socket_ >= 0) {
        ::close(socket_);
    }
}

std::variant<std::unique_ptr<MetricsServer>, std::string> MetricsServer::start(
    const ListenAddress& address, Render render, Limits limits) {
    std::unique_ptr<MetricsServer> server(new MetricsServer(address, std::move(render)));
    const auto fail = [&](const std::string& why) {
        return "cannot listen on " + address.text() + ": " + why;
    };
    // Our own socket, bound here, so that a bind error says why (libmicrohttpd only says no).
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
    server->socket_ = ::socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (server->socket_ < 0) {
        return fail(errno_text(errno));
    }
    const int on = 1;
    ::setsockopt(server->socket_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
    if (address.ipv6) {
        ::setsockopt(server->socket_, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof(on));
    }
    if (::bind(server->socket_, reinterpret_cast<sockaddr*>(&ss), len) != 0 ||
        ::listen(server->socket_, 16) != 0) {
        return fail(errno_text(errno));
    }
    if (::getsockname(server->socket_, reinterpret_cast<sockaddr*>(&ss), &len) == 0) {
        server->address_.port = ntohs(address.ipv6 ? reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port
                                                   : reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL;
    if (address.ipv6) {
        flags |= MHD_USE_IPv6;
    }
    server->daemon_ = MHD_start_daemon(
        flags, 0, nullptr, nullptr, &answer, &server->render_, MHD_OPTION_LISTEN_SOCKET,
        server->socket_, MHD_OPTION_CONNECTION_LIMIT, limits.connections,
        MHD_OPTION_CONNECTION_TIMEOUT, limits.timeout_seconds, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        static_cast<std::size_t>(32 * 1024), MHD_OPTION_END);
    if (server->daemon_ == nullptr) {
        return fail("libmicrohttpd could not start");
    }
    server->socket_ = -1;  // the daemon closes it when it stops
    return server;
}

}  // namespace wattbench::metrics
