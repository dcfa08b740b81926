// What reading a Tektronix PA1000 and an R&S HMC8015 costs: bytes on the wire per reading (so
// the reading ceiling at a given baud rate), the fastest back-to-back reading rate against the
// emulators on a pty, and the driver's CPU time at 1 Hz.
//
//   build/bench/tektronix_rs_bench [SECONDS_AT_1HZ=20]
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>

#include "drivers/rohde_schwarz/models.hpp"
#include "drivers/tektronix/models.hpp"
#include "tests/drivers/rohde_schwarz/hmc_emulator.hpp"
#include "tests/drivers/tektronix/pa_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace {

using namespace std::chrono_literals;
using wattbench::drivers::api::DeviceConfig;
using wattbench::drivers::api::DriverInfo;
using wattbench::tests::emulators::StreamServer;
using Clock = std::chrono::steady_clock;

double thread_cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_THREAD, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct Meter {
    std::function<std::string(std::string&)> handle;
    std::atomic<long> bytes_in{0};
    std::atomic<long> bytes_out{0};
    StreamServer server{StreamServer::Kind::pty, [this](std::string& in) {
                            bytes_in += static_cast<long>(in.size());
                            auto out = handle(in);
                            bytes_out += static_cast<long>(out.size());
                            return out;
                        }};
    std::unique_ptr<wattbench::drivers::api::Device> device;

    Meter(std::function<std::string(std::string&)> h, const DriverInfo& info,
          const std::function<void(DeviceConfig&)>& options)
        : handle(std::move(h)) {
        DeviceConfig c;
        c.id = "wattmeter";
        c.driver = info.name;
        c.connection = server.connection("?baud=9600");
        c.options.set("voltage_range", std::string("300V"));
        c.options.set("current_range", std::string("2A"));
        options(c);
        auto made = info.factory(c);
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

void measure(const char* name, Meter& m, int seconds) {
    std::this_thread::sleep_for(50ms);
    m.bytes_in = 0;
    m.bytes_out = 0;
    const int polls = 50;
    auto start = Clock::now();
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
    std::printf(
        "%s: request %5.1f B + answer %5.1f B = %5.1f B/reading; ceiling at 9600 8N1 "
        "(960 B/s): %.1f readings/s; pty back-to-back: %.1f readings/s\n",
        name, in, out, total, 960.0 / total, polls / wall);
    const double cpu0 = thread_cpu_seconds();
    start = Clock::now();
    int n = 0;
    for (auto next = start + 1s; n < seconds; next += 1s) {
        std::this_thread::sleep_until(next);
        auto r = m.device->poll(next + 1s);
        if (r.error) {
            std::fprintf(stderr, "poll: %s\n", r.error->message.c_str());
        }
        ++n;
    }
    const double cpu = thread_cpu_seconds() - cpu0;
    const double span = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf(
        "%s: 1 Hz for %d s: driver thread %.2f ms CPU = %.1f us/poll = %.4f %% of one core\n", name,
        n, cpu * 1e3, cpu / n * 1e6, cpu / span * 100.0);
}

const DriverInfo& driver_named(const std::string& name) {
    static const auto infos = wattbench::drivers::tektronix::driver_infos();
    for (const auto& info : infos) {
        if (info.name == name) {
            return info;
        }
    }
    std::fprintf(stderr, "no driver %s\n", name.c_str());
    std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
    const int seconds = argc > 1 && std::atoi(argv[1]) > 0 ? std::atoi(argv[1]) : 20;
    {
        // The PA updates every 0.5 s; :DSR? waits for it, so the ceiling is the update rate.
        wattbench::tests::tektronix::PaEmulator pa("PA1000");
        pa.ack = wattbench::tests::tektronix::PaEmulator::Ack::none;
        pa.min_config_gap_s = 0.0;
        Meter m([&](std::string& in) { return pa.handle(in); }, driver_named("tektronix-pa1000"),
                [](DeviceConfig& c) { c.options.set("command_gap", 0.0); });
        measure("tektronix-pa1000 (serial)", m, seconds);
    }
    {
        wattbench::tests::rohde_schwarz::HmcEmulator hmc;
        Meter m([&](std::string& in) { return hmc.handle(in); },
                wattbench::drivers::rohde_schwarz::driver_infos().front(), [](DeviceConfig&) {});
        measure("rs-hmc8015 (serial)", m, seconds);
    }
    return 0;
}
