// CPU per full read of the redfish driver: DMTF's public-rackmount1 mockup served over HTTPS by
// the tests' redfish_server.py on loopback, the driver opened through its registry factory
// (session login, certificate verified with ca_file), one kept-alive TLS connection. Usage:
//   build/bench/redfish_read_bench [READS]
// Prints wall and CPU time per poll. CPU is this process's only (getrusage RUSAGE_SELF and
// CLOCK_PROCESS_CPUTIME_ID): the server is a separate process never waited for while timing.
// The last line, `cpu_us_per_read N`, is what bench/redfish_vs_redfishtool.sh reads.
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "drivers/redfish/register.hpp"
#include "tests/drivers/redfish/redfish_server.hpp"

namespace {

double clock_cpu_us() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

struct CpuUs {
    double user = 0.0;
    double sys = 0.0;
};

CpuUs rusage_cpu_us() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    auto us = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_usec);
    };
    return {us(u.ru_utime), us(u.ru_stime)};
}

}  // namespace

int main(int argc, char** argv) {
    using namespace wattbench::drivers;
    using Clock = std::chrono::steady_clock;
    using redfish::testing::RedfishServer;
    const int reads = argc > 1 ? std::max(1, std::atoi(argv[1])) : 500;
    if (!RedfishServer::available()) {
        std::fprintf(stderr, "needs /usr/bin/python3 and openssl\n");
        return 1;
    }
    const std::string password = "bench-Rf-4kW";
    RedfishServer server("public-rackmount1", password);
    if (!server.start()) {
        std::fprintf(stderr, "%s\n", server.error().c_str());
        return 1;
    }
    ::setenv("WATTBENCH_REDFISH_PASSWORD", password.c_str(), 1);
    api::DeviceConfig config{"bmc", "redfish", server.connection(), {}};
    config.options.set("ca_file", server.ca_file());
    auto made = redfish::driver_info().factory(config);
    if (auto* e = std::get_if<api::DeviceError>(&made)) {
        std::fprintf(stderr, "%s\n", e->message.c_str());
        return 1;
    }
    auto device = std::get<std::unique_ptr<api::Device>>(std::move(made));
    if (auto err = device->open()) {
        std::fprintf(stderr, "open: %s\n", err->message.c_str());
        return 1;
    }
    // The first poll carries the open's notices; the link and session are warm after it.
    (void)device->poll(Clock::now() + std::chrono::seconds(5));
    const auto before = server.stats();
    std::vector<double> wall;
    std::size_t readings = 0;
    const double clock_start = clock_cpu_us();
    const CpuUs rusage_start = rusage_cpu_us();
    for (int i = 0; i < reads; ++i) {
        const auto t0 = Clock::now();
        auto r = device->poll(t0 + std::chrono::seconds(5));
        wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        if (r.error) {
            std::fprintf(stderr, "poll %d: %s\n", i, r.error->message.c_str());
            return 1;
        }
        readings = r.readings.size();
    }
    const double clock_us = (clock_cpu_us() - clock_start) / reads;
    const CpuUs rusage_end = rusage_cpu_us();
    const double user_us = (rusage_end.user - rusage_start.user) / reads;
    const double sys_us = (rusage_end.sys - rusage_start.sys) / reads;
    const auto after = server.stats();
    device->close();
    std::sort(wall.begin(), wall.end());
    auto at = [&](double q) {
        return wall[std::min(wall.size() - 1, static_cast<std::size_t>(q * wall.size()))];
    };
    const double mean = std::accumulate(wall.begin(), wall.end(), 0.0) / wall.size();
    const int requests = after["requests"].get<int>() - before["requests"].get<int>();
    const int connections = after["connections"].get<int>() - before["connections"].get<int>();
    std::printf(
        "redfish full read, public-rackmount1 over HTTPS on loopback, %zu channels "
        "(%zu readings a poll), %d reads:\n"
        "  requests per read: %.2f, new TLS connections during the reads: %d\n"
        "  wall per read: mean %.2f ms, median %.2f ms, p99 %.2f ms, max %.2f ms\n"
        "  CPU of this process per read: %.1f us (CLOCK_PROCESS_CPUTIME_ID), "
        "%.1f us (getrusage: user %.1f + sys %.1f)\n"
        "  at 1 Hz: %.4f %% of one core for the reads alone\n"
        "cpu_us_per_read %.1f\n",
        device->channels().size(), readings, reads, static_cast<double>(requests) / reads,
        connections, mean, at(0.5), at(0.99), wall.back(), clock_us, user_us + sys_us, user_us,
        sys_us, clock_us / 1e4, clock_us);
    return 0;
}
