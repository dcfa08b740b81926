// Round trips and CPU per poll of the shelly driver against the tests' Gen2 plug emulator on
// loopback: without authentication, and with SHA-256 digest authentication (the nonce of the
// first challenge answered again with nc incremented, as Shelly firmware 2.0 and later accepts).
// Usage:
//   build/bench/shelly_digest_bench [POLLS]
// Round trips are the HTTP requests the emulator answered per poll (401 challenges counted
// apart). CPU is the polling thread's own (CLOCK_THREAD_CPUTIME_ID): the emulator serves from
// its own thread in this process.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "drivers/shelly/register.hpp"
#include "tests/drivers/shelly/shelly_emulator.hpp"

namespace {

using namespace wattbench::drivers;
using wattbench::tests::shelly::ShellyEmulator;
using Clock = std::chrono::steady_clock;

double thread_cpu_us() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

bool measure(const char* label, const std::string& password, int polls) {
    ShellyEmulator plug(ShellyEmulator::Kind::gen2_plug, password);
    if (!password.empty()) {
        ::setenv("WATTBENCH_SHELLY_PASSWORD", password.c_str(), 1);
    }
    api::DeviceConfig config{"plug", "shelly", plug.connection(), {}};
    auto made = shelly::driver_info().factory(config);
    if (auto* e = std::get_if<api::DeviceError>(&made)) {
        std::fprintf(stderr, "%s\n", e->message.c_str());
        return false;
    }
    auto device = std::get<std::unique_ptr<api::Device>>(std::move(made));
    const auto opened = device->open();
    ::unsetenv("WATTBENCH_SHELLY_PASSWORD");
    if (opened) {
        std::fprintf(stderr, "open: %s\n", opened->message.c_str());
        return false;
    }
    // The first poll carries the open's notices; the connection is warm after it.
    (void)device->poll(Clock::now() + std::chrono::seconds(2));
    const int requests = plug.http().requests();
    const int refused = plug.http().refused();
    const double cpu_start = thread_cpu_us();
    for (int i = 0; i < polls; ++i) {
        auto r = device->poll(Clock::now() + std::chrono::seconds(2));
        if (r.error) {
            std::fprintf(stderr, "poll %d: %s\n", i, r.error->message.c_str());
            return false;
        }
    }
    const double cpu_us = (thread_cpu_us() - cpu_start) / polls;
    const double round_trips = static_cast<double>(plug.http().requests() - requests) / polls;
    const double challenges = static_cast<double>(plug.http().refused() - refused) / polls;
    device->close();
    std::printf(
        "  %-22s round trips per poll %.2f (401 challenges %.2f), CPU per poll %.1f us, "
        "%.4f %% of one core at 1 Hz\n",
        label, round_trips, challenges, cpu_us, cpu_us / 1e4);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    const int polls = argc > 1 ? std::max(1, std::atoi(argv[1])) : 500;
    std::printf("shelly Gen2 Switch.GetStatus on loopback, %d polls:\n", polls);
    if (!measure("no authentication", "", polls) ||
        !measure("digest SHA-256", "bench-Sh-Digest-9", polls)) {
        return 1;
    }
    return 0;
}
