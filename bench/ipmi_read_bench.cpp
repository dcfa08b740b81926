// Time per full sensor read of the ipmi driver over IPMI 2.0 LAN, against OpenIPMI's ipmi_sim
// on loopback (the test BMC: 4 sensors plus the MC locator). Usage:
//   build/bench/ipmi_read_bench [READS]
// Prints wall time per poll (mean, median, p99, max) and CPU time per poll of this process.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "drivers/ipmi/register.hpp"
#include "tests/drivers/ipmi/ipmi_sim.hpp"

namespace {

double cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace wattbench::drivers;
    using Clock = std::chrono::steady_clock;
    const int reads = argc > 1 ? std::atoi(argv[1]) : 300;
    if (!ipmi::testing::IpmiSim::available()) {
        std::fprintf(stderr, "ipmi_sim/sdrcomp not installed (Debian package openipmi)\n");
        return 1;
    }
    ipmi::testing::IpmiSim sim;
    if (!sim.start()) {
        std::fprintf(stderr, "%s\n", sim.error().c_str());
        return 1;
    }
    ::setenv("WATTBENCH_IPMI_PASSWORD", "secret", 1);
    api::DeviceConfig config{"bmc", "ipmi", sim.connection(), {}};
    config.options.set("workarounds", std::string("opensesspriv"));
    auto made = ipmi::driver_info().factory(config);
    if (auto* e = std::get_if<api::DeviceError>(&made)) {
        std::fprintf(stderr, "%s\n", e->message.c_str());
        return 1;
    }
    auto device = std::get<std::unique_ptr<api::Device>>(std::move(made));
    // ipmi_sim answers its console before it has read its whole configuration.
    std::optional<api::DeviceError> err;
    for (int i = 0; i < 50 && (err = device->open()); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (err) {
        std::fprintf(stderr, "open: %s\n", err->message.c_str());
        return 1;
    }
    std::vector<double> wall;
    const double cpu_start = cpu_ms();
    for (int i = 0; i < reads; ++i) {
        const auto t0 = Clock::now();
        auto r = device->poll(t0 + std::chrono::seconds(1));
        wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        if (r.error) {
            std::fprintf(stderr, "poll %d: %s\n", i, r.error->message.c_str());
            return 1;
        }
    }
    const double cpu = (cpu_ms() - cpu_start) / reads;
    std::sort(wall.begin(), wall.end());
    auto at = [&](double q) {
        return wall[std::min(wall.size() - 1, static_cast<std::size_t>(q * wall.size()))];
    };
    const double mean = std::accumulate(wall.begin(), wall.end(), 0.0) / wall.size();
    std::printf(
        "ipmi full read, IPMI 2.0 LAN on loopback, %zu channels, %d reads:\n"
        "  wall per read: mean %.2f ms, median %.2f ms, p99 %.2f ms, max %.2f ms\n"
        "  CPU of this process per read: %.3f ms\n"
        "  at 1 Hz: %.2f %% of the poll period used (p99)\n",
        device->channels().size(), reads, mean, at(0.5), at(0.99), wall.back(), cpu,
        at(0.99) / 10.0);
    device->close();
    return 0;
}
