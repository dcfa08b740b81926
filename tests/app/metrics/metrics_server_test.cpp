#include "app/metrics/metrics_server.hpp"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <thread>
#include <vector>

#include "app/metrics/latest_readings.hpp"
#include "drivers/http/http_client.hpp"
#include "tests/app/metrics/catalog_fixture.hpp"

namespace wattbench::metrics {
namespace {

using drivers::http::HttpClient;
using drivers::http::HttpResponse;
using drivers::http::Method;
using std::chrono::milliseconds;

ListenAddress loopback_any_port() {
    return std::get<ListenAddress>(parse_listen_address("0"));
}

// A run's exporter state fed by a "recorder" the test drives, served on a free port.
struct Served {
    explicit Served(MetricsServer::Limits limits = {}) : readings("review", true) {
        readings.on_started(testing::three_devices());
        auto s = MetricsServer::start(
            loopback_any_port(), [this](Format f) { return render(readings.snapshot(), f); },
            limits);
        if (auto* e = std::get_if<std::string>(&s)) {
            ADD_FAILURE() << *e;
            return;
        }
        server = std::get<std::unique_ptr<MetricsServer>>(std::move(s));
    }

    void feed(double watts) {
        core::record::Sample s;
        s.value = watts;
        s.phase = 0;
        s.stage = core::phases::Stage::window;
        readings.on_readings(std::span(&s, 1));
    }

    std::string base() const { return "http://" + server->address().text(); }

    LatestReadings readings;
    std::unique_ptr<MetricsServer> server;
};

std::variant<HttpResponse, drivers::api::DeviceError> request(
    const std::string& base, Method m, const std::string& path,
    const std::vector<std::string>& headers = {}) {
    drivers::http::ClientOptions o;
    o.protocols = "http";
    HttpClient c(base, o);
    return c.request(m, path, headers, m == Method::post ? "x=1" : "", milliseconds(5000));
}

HttpResponse ok_request(const std::string& base, Method m, const std::string& path,
                        const std::vector<std::string>& headers = {}) {
    auto r = request(base, m, path, headers);
    if (auto* e = std::get_if<drivers::api::DeviceError>(&r)) {
        ADD_FAILURE() << path << ": " << e->message;
        return {};
    }
    return std::get<HttpResponse>(r);
}

TEST(MetricsServer, ServesOpenMetricsToPrometheusAndTextToOthers) {
    Served s;
    s.feed(71.5);
    const auto om = ok_request(
        s.base(), Method::get, "/metrics",
        {"Accept: application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5"});
    EXPECT_EQ(om.status, 200);
    EXPECT_EQ(om.header("Content-Type"), kOpenMetricsContentType);
    EXPECT_NE(om.body.find("wattbench_power_watts{device=\"wm\",channel=\"power\",phase=\"idle\","
                           "stage=\"window\"} 71.5\n"),
              std::string::npos);
    EXPECT_TRUE(om.body.ends_with("# EOF\n"));

    const auto text = ok_request(s.base(), Method::get, "/metrics?x=1");
    EXPECT_EQ(text.status, 200);
    EXPECT_EQ(text.header("Content-Type"), kTextContentType);
    EXPECT_EQ(text.body.find("# EOF"), std::string::npos);
}

TEST(MetricsServer, OtherMethodsAreNotAllowedAndOtherPathsNotFound) {
    Served s;
    for (const auto m : {Method::post, Method::del}) {
        const auto r = ok_request(s.base(), m, "/metrics");
        EXPECT_EQ(r.status, 405);
        EXPECT_EQ(r.header("Allow"), "GET, HEAD");
    }
    EXPECT_EQ(ok_request(s.base(), Method::get, "/").status, 404);
    EXPECT_EQ(ok_request(s.base(), Method::get, "/metrics/x").status, 404);
    EXPECT_EQ(ok_request(s.base(), Method::post, "/other").status, 404);
    const auto long_path = ok_request(s.base(), Method::get, "/" + std::string(100000, 'a'));
    EXPECT_GE(long_path.status, 400);
    EXPECT_LT(long_path.status, 500);
    EXPECT_EQ(ok_request(s.base(), Method::get, "/metrics").status, 200);
}

TEST(MetricsServer, APortInUseIsAClearError) {
    Served s;
    auto again = MetricsServer::start(s.server->address(), [](Format) { return std::string(); });
    ASSERT_TRUE(std::holds_alternative<std::string>(again));
    EXPECT_EQ(std::get<std::string>(again),
              "cannot listen on " + s.server->address().text() + ": Address already in use");
}

// Raw sockets that never finish their request, or send one and never read the answer.
std::vector<int> stalled_clients(std::uint16_t port, int count) {
    std::vector<int> fds;
    for (int i = 0; i < count; ++i) {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a)) == 0) {
            const std::string_view req = i % 2 == 0 ? "GET /metrics HTTP/1.1\r\nHost: x\r\n"
                                                    : "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
            (void)!::send(fd, req.data(), req.size(), MSG_NOSIGNAL);
        }
        fds.push_back(fd);
    }
    return fds;
}

bool answered_within(int fd, int ms) {
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, ms) == 1 && (p.revents & POLLIN) != 0;
}

TEST(MetricsServer, ClientsOverTheLimitWaitUntilAConnectionCloses) {
    Served s({.connections = 2, .timeout_seconds = 30});
    const auto stalled = stalled_clients(s.server->address().port, 2);
    auto waiting = stalled_clients(s.server->address().port, 1);
    const std::string_view rest = "\r\n";  // completes the first stalled client's request form
    (void)!::send(waiting[0], rest.data(), rest.size(), MSG_NOSIGNAL);
    EXPECT_FALSE(answered_within(waiting[0], 300));
    for (const int fd : stalled) {
        ::close(fd);
    }
    ASSERT_TRUE(answered_within(waiting[0], 5000));
    char head[16] = {};
    EXPECT_EQ(::recv(waiting[0], head, 12, 0), 12);
    EXPECT_EQ(std::string_view(head, 12), "HTTP/1.1 200");
    ::close(waiting[0]);
}

TEST(MetricsServer, BadClientsLeaveTheRunUnharmed) {
    Served s({.connections = 16, .timeout_seconds = 1});
    std::atomic<bool> stop{false};
    std::atomic<int> fed{0};
    // The recorder goes on at its pace whatever the clients do.
    std::thread recorder([&] {
        while (!stop) {
            s.feed(100.0 + fed.fetch_add(1));
            std::this_thread::sleep_for(milliseconds(1));
        }
    });
    const auto fds = stalled_clients(s.server->address().port, 40);
    std::vector<std::thread> scrapers;
    std::atomic<int> answered{0};
    std::atomic<int> other{0};
    for (int t = 0; t < 32; ++t) {
        scrapers.emplace_back([&] {
            for (int i = 0; i < 5; ++i) {
                auto r = request(s.base(), Method::get, "/metrics");
                const auto* h = std::get_if<HttpResponse>(&r);
                (h && h->status == 200 ? answered : other)++;
            }
        });
    }
    for (auto& t : scrapers) {
        t.join();
    }
    // The stalled connections time out after a second and make room again.
    std::this_thread::sleep_for(milliseconds(2500));
    const int before = fed.load();
    const auto after = ok_request(s.base(), Method::get, "/metrics");
    stop = true;
    recorder.join();
    for (const int fd : fds) {
        ::close(fd);
    }
    EXPECT_EQ(after.status, 200);
    EXPECT_EQ(answered + other, 32 * 5);
    EXPECT_GT(answered, 0);
    // Every reading reached the exporter, and a scrape shows the latest one.
    EXPECT_GT(before, 100);
    EXPECT_NE(after.body.find("stage=\"window\"} "), std::string::npos);
    const auto latest = s.readings.snapshot().latest[0][0];
    EXPECT_DOUBLE_EQ(latest.value, 100.0 + fed.load() - 1);
}

}  // namespace
}  // namespace wattbench::metrics
