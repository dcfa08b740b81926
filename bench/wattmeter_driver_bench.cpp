// What reading a Yokogawa WT310 costs: bytes on the wire per reading (so the reading ceiling at
// a given baud rate) and the driver's CPU time at 1 Hz, against the emulator on a pty.
//
//   build/bench/wattmeter_driver_bench [SECONDS_AT_1HZ=20]
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "drivers/builtin_registry.hpp"
#include "tests/emulators/stream_server.hpp"
#include "tests/emulators/yokogawa_emulator.hpp"

namespace {

using namespace std::chrono_literals;
using wattbench::tests::emulators::StreamServer;
using wattbench::tests::emulators::YokogawaEmulator;
using Clock = std::chrono::steady_clock;

double thread_cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_THREAD, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct Meter {
    YokogawaEmulator emulator;
    std::atomic<long> bytes_in{0};   // host → meter
    std::atomic<long> bytes_out{0};  // meter → host
    StreamServer server{StreamServer::Kind::pty, [this](std::string& in) {
                            bytes_in += static_cast<long>(in.size());
                            auto out = emulator.handle(in);
                            bytes_out += static_cast<long>(out.size());
                            return out;
                        }};
    std::unique_ptr<wattbench::drivers::api::Device> device;

    explicit Meter(const std::string& sync) {
        emulator.update_interval_s = 0.1;  // the WT310's fastest update rate
        wattbench::drivers::api::DeviceConfig c;
        c.id = "wattmeter";
        c.driver = "yokogawa-wt310";
        c.connection = server.connection("?baud=9600");
        c.options.set("voltage_range", 300.0);
        c.options.set("current_range", 1.0);
        c.options.set("sync", sync);
        auto made = wattbench::drivers::builtin_registry().create(c);
        if (auto* e = std::get_if<wattbench::drivers::api::DeviceError>(&made)) {
            std::fprintf(stderr, "%s\n", e->message.c_str());
            std::exit(1);
        }
        device = std::move(std::get<std::unique_ptr<wattbench::drivers::api::Device>>(made));
        if (auto e = device->open()) {
            std::fprintf(stderr, "open: %s\n", e->message.c_str());
            std::exit(1);
        }
    }
};

void bytes_per_reading(const std::string& sync) {
    Meter m(sync);
    std::this_thread::sleep_for(50ms);
    m.bytes_in = 0;
    m.bytes_out = 0;
    const int polls = 50;
    const auto start = Clock::now();
    for (int i = 0; i < polls; ++i) {
        auto r = m.device->poll(Clock::now() + 1s);
        if (r.error) {
            std::fprintf(stderr, "poll: %s\n", r.error->message.c_str());
            std::exit(1);
        }
    }
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    const double in = static_cast<double>(m.bytes_in) / polls;
    const double out = static_cast<double>(m.bytes_out) / polls;
    const double total = in + out;
    // 8N1: a start bit, 8 data bits and a stop bit per byte; the line is half-duplex in effect
    // because each answer follows its request.
    std::printf(
        "sync=%-6s request %5.1f B + answer %5.1f B = %5.1f B/reading; ceiling at 9600 "
        "8N1 (960 B/s): %.1f readings/s; at 19200: %.1f/s; pty run: %.1f readings/s\n",
        sync.c_str(), in, out, total, 960.0 / total, 1920.0 / total, polls / wall);
}

void cpu_at_one_hertz(int seconds) {
    Meter m("update");
    const double cpu0 = thread_cpu_seconds();
    const auto start = Clock::now();
    int polls = 0;
    for (auto next = start + 1s; polls < seconds; next += 1s) {
        std::this_thread::sleep_until(next);
        auto r = m.device->poll(next + 1s);
        if (r.error) {
            std::fprintf(stderr, "poll: %s\n", r.error->message.c_str());
        }
        ++polls;
    }
    const double cpu = thread_cpu_seconds() - cpu0;
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("1 Hz for %d s: driver thread %.1f ms CPU = %.1f us/poll = %.4f %% of one core\n",
                polls, cpu * 1e3, cpu / polls * 1e6, cpu / wall * 100.0);
}

}  // namespace

int main(int argc, char** argv) {
    const int seconds = argc > 1 ? std::atoi(argv[1]) : 20;
    bytes_per_reading("poll");
    bytes_per_reading("update");
    cpu_at_one_hertz(seconds > 0 ? seconds : 20);
    return 0;
}
