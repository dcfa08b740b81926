// What reading an analyzer through PTDaemon costs: bytes on the wire per poll (RL and its
// sample lines) and the driver's CPU time per poll at 1 Hz, against the PTD emulator on
// loopback TCP with PTD sampling at 1 s.
//
//   build/bench/ptdaemon_bench [SECONDS_AT_1HZ=20]
#include <time.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/drivers/ptdaemon/ptd_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace {

using namespace std::chrono_literals;
using wattbench::tests::emulators::PtdEmulator;
using wattbench::tests::emulators::StreamServer;
using Clock = std::chrono::steady_clock;

// This thread's CPU time: the driver's share of a poll (the emulator runs on its own thread).
double thread_cpu_seconds() {
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
    const int seconds = argc > 1 ? std::atoi(argv[1]) : 20;
    PtdEmulator emulator;
    std::atomic<long> bytes_in{0};
    std::atomic<long> bytes_out{0};
    StreamServer server(StreamServer::Kind::tcp, [&](std::string& in) {
        bytes_in += static_cast<long>(in.size());
        auto out = emulator.handle(in);
        bytes_out += static_cast<long>(out.size());
        return out;
    });
    wattbench::drivers::api::DeviceConfig c;
    c.id = "ptd";
    c.driver = "ptdaemon";
    const auto tcp = server.connection();
    c.connection = "ptd://" + tcp.substr(tcp.find("://") + 3);
    c.options.set("voltage_range", 300.0);
    c.options.set("current_range", 5.0);
    auto made = wattbench::drivers::builtin_registry().create(c);
    if (auto* e = std::get_if<wattbench::drivers::api::DeviceError>(&made)) {
        std::fprintf(stderr, "%s\n", e->message.c_str());
        return 1;
    }
    auto device = std::move(std::get<std::unique_ptr<wattbench::drivers::api::Device>>(made));
    if (auto e = device->open()) {
        std::fprintf(stderr, "open: %s\n", e->message.c_str());
        return 1;
    }
    device->poll(Clock::now() + 1s);
    bytes_in = 0;
    bytes_out = 0;
    int ok = 0;
    const double cpu0 = thread_cpu_seconds();
    auto due = Clock::now() + 1s;
    for (int i = 0; i < seconds; ++i) {
        std::this_thread::sleep_until(due);
        const auto r = device->poll(due + 1s);
        ok += !r.error && !r.readings.empty() &&
              r.readings[0].status == wattbench::drivers::api::Status::ok;
        due += 1s;
    }
    const double cpu = thread_cpu_seconds() - cpu0;
    std::printf("polls at 1 Hz: %d (%d with a power reading)\n", seconds, ok);
    std::printf("bytes per poll: %.1f to PTD, %.1f from PTD\n",
                static_cast<double>(bytes_in) / seconds, static_cast<double>(bytes_out) / seconds);
    std::printf("driver CPU per poll: %.1f us = %.4f %% of one core at 1 Hz\n", cpu / seconds * 1e6,
                cpu / seconds * 100.0);
    device->close();
    return 0;
}
