// An accelerated soak: a simulated day at 10 Hz on the three sim devices, plus an Eastron SDM
// emulator on loopback TCP whose link drops every 10 simulated minutes and OpenIPMI's ipmi_sim
// as a BMC that is restarted every 2 simulated hours. At the end it checks, from the process
// and from the run directory, that memory stayed flat, no descriptor leaked, every injected
// outage left its gap (rows in samples.csv, a lost link and a reconnect in events.log) and each
// window's coverage in phases.csv is what the outages in it allow. Exit 1 when a check fails.
//
// usage: soak_bench [--hours 24] [--speedup 100] [--out DIR] [--keep]
//                   [--drop-every-min 10] [--drop-for-s 30]
//                   [--restart-every-min 120] [--restart-down-s 60]
// Prefer bench/soak.sh, which builds it and runs it into a temporary directory.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "app/core/engine/engine.hpp"
#include "app/core/profile/loader.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"
#include "app/core/rundir/utc_time.hpp"
#include "bench/missed_ticks.hpp"
#include "bench/proc_self.hpp"
#include "bench/scaled_clock.hpp"
#include "bench/soak_scan.hpp"
#include "drivers/builtin_registry.hpp"
#include "tests/drivers/ipmi/ipmi_sim.hpp"
#include "tests/emulators/sdm_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace {

using namespace wattbench;
namespace fs = std::filesystem;
using Clock = core::sampling::Clock;
using Nanos = std::chrono::nanoseconds;
using IpmiSim = drivers::ipmi::testing::IpmiSim;
using tests::emulators::SdmEmulator;
using tests::emulators::StreamServer;

const char* const kPassword = "soak-secret";
// The sampler's reconnect backoff ceiling (SamplerConfig::backoff_max), simulated.
constexpr double kBackoffMax_s = 10.0;
// The ipmi driver's give-up time, real: each reopen of a BMC that is down blocks this long.
constexpr int kIpmiSessionTimeout_ms = 400;

struct Settings {
    double hours = 24.0;
    double speedup = 100.0;
    double drop_every_min = 10.0;
    double drop_for_s = 30.0;
    double restart_every_min = 120.0;
    double restart_down_s = 60.0;
    std::string out;
    bool keep = false;
};

Nanos sim_seconds(double s) {
    return std::chrono::duration_cast<Nanos>(std::chrono::duration<double>(s));
}

double seconds_of(Nanos d) {
    return std::chrono::duration<double>(d).count();
}

// One injected outage, on the engine's clock: the device refused from `from` for at least
// `down`, and was serving again by `back`.
struct Outage {
    Clock::time_point from;
    Nanos down{0};
    Clock::time_point back;
    // The same instants on the system clock, which events.log is stamped with.
    std::chrono::system_clock::time_point utc_from;
    std::chrono::system_clock::time_point utc_back;
};

struct OutageLog {
    std::mutex mutex;
    std::vector<Outage> outages;
    std::vector<std::string> failures;  // injections that did not happen as planned
    void add(Outage o) {
        std::lock_guard lock(mutex);
        outages.push_back(o);
    }
    void fail(std::string why) {
        std::lock_guard lock(mutex);
        failures.push_back(std::move(why));
    }
};

struct Probe {
    double at_h = 0.0;
    long rss_kib = 0;
    std::size_t fds = 0;
};

// Children of this process named `comm` (ipmi_sim), from /proc/self/task/*/children.
std::vector<pid_t> children_named(const std::string& comm) {
    std::vector<pid_t> out;
    std::error_code ec;
    for (const auto& task : fs::directory_iterator("/proc/self/task", ec)) {
        std::ifstream in(task.path() / "children");
        pid_t pid = 0;
        while (in >> pid) {
            std::ifstream c("/proc/" + std::to_string(pid) + "/comm");
            std::string name;
            std::getline(c, name);
            if (name == comm) {
                out.push_back(pid);
            }
        }
    }
    return out;
}

// Descriptors of `pid` that point into `dir`: files of the run a child inherited.
std::vector<std::string> fds_into(pid_t pid, const std::string& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
        std::error_code link_ec;
        const auto target = fs::read_symlink(e.path(), link_ec).string();
        if (!link_ec && target.starts_with(dir)) {
            out.push_back(target);
        }
    }
    return out;
}

std::string soak_profile(const Settings& s, const std::string& meter, const std::string& bmc) {
    const auto ms = [](double seconds) {
        return fmt::format("\"{}ms\"", static_cast<long long>(std::llround(seconds * 1000.0)));
    };
    // 24 idle phases (an hour each in a 24 h soak): every phase change writes phases.csv and
    // the manifest, as a long run does.
    const double phase_s = s.hours * 3600.0 / 24.0;
    const double warmup_s = std::min(120.0, phase_s / 10.0);
    std::string toml = fmt::format(
        "[run]\nname = \"soak\"\ninterval = \"100ms\"\nwarmup = {}\nwindow = {}\n\n"
        "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\nconnection = \"sim://wattmeter\"\n\n"
        "[[device]]\nid = \"bmc\"\ndriver = \"sim\"\nconnection = \"sim://bmc\"\n\n"
        "[[device]]\nid = \"slm\"\ndriver = \"sim\"\nconnection = \"sim://sound\"\n\n"
        "[[device]]\nid = \"meter\"\ndriver = \"eastron-sdm\"\nconnection = \"{}\"\n"
        "interval = \"1s\"\nmodel = \"sdm120\"\naddress = 1\n\n"
        "[[device]]\nid = \"ipmi\"\ndriver = \"ipmi\"\nconnection = \"{}\"\ninterval = \"1s\"\n"
        "workarounds = \"opensesspriv\"\nsession_timeout_ms = {}\n"
        "retransmission_timeout_ms = 150\n",
        ms(warmup_s), ms(phase_s - warmup_s), meter, bmc, kIpmiSessionTimeout_ms);
    for (int i = 1; i <= 24; ++i) {
        toml += fmt::format("\n[[phase]]\nname = \"p{:02}\"\nload = \"idle\"\n", i);
    }
    return toml;
}

bool parse_args(int argc, char** argv, Settings& s) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto number = [&](double& out) {
            if (i + 1 >= argc) {
                return false;
            }
            out = std::atof(argv[++i]);
            return out > 0.0;
        };
        bool ok = true;
        if (a == "--hours") {
            ok = number(s.hours);
        } else if (a == "--speedup") {
            ok = number(s.speedup);
        } else if (a == "--drop-every-min") {
            ok = number(s.drop_every_min);
        } else if (a == "--drop-for-s") {
            ok = number(s.drop_for_s);
        } else if (a == "--restart-every-min") {
            ok = number(s.restart_every_min);
        } else if (a == "--restart-down-s") {
            ok = number(s.restart_down_s);
        } else if (a == "--out" && i + 1 < argc) {
            s.out = argv[++i];
        } else if (a == "--keep") {
            s.keep = true;
        } else {
            ok = false;
        }
        if (!ok) {
            fmt::print(stderr,
                       "soak_bench: bad argument '{}' (see the usage at the top of "
                       "bench/soak_bench.cpp)\n",
                       a);
            return false;
        }
    }
    return true;
}

// Collects check results; the exit code is 1 when any failed.
struct Verdict {
    int failed = 0;
    void check(bool ok, const std::string& what) {
        fmt::print("  [{}] {}\n", ok ? "ok" : "FAIL", what);
        failed += ok ? 0 : 1;
    }
};

enum class EventKind { lost, reconnected };

// The lost links and reconnects of events.log, by device, on the system clock it is stamped
// with (real time, unlike samples.csv, whose times follow the engine's clock).
struct Events {
    struct Entry {
        std::chrono::system_clock::time_point at;
        std::string device;
        EventKind kind;
    };
    std::vector<Entry> entries;

    bool has(const std::string& device, EventKind kind, std::chrono::system_clock::time_point from,
             std::chrono::system_clock::time_point until) const {
        return std::any_of(entries.begin(), entries.end(), [&](const Entry& e) {
            return e.device == device && e.kind == kind &&
                   e.at >= from - std::chrono::milliseconds(1) && e.at <= until;
        });
    }
    std::size_t count(const std::string& device, EventKind kind) const {
        return static_cast<std::size_t>(
            std::count_if(entries.begin(), entries.end(),
                          [&](const Entry& e) { return e.device == device && e.kind == kind; }));
    }
};

Events read_events(const std::string& path) {
    Events out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const auto at = core::rundir::parse_utc_time(std::string_view(line).substr(0, 24));
        const auto open = line.find("device '");
        if (!at || open == std::string::npos) {
            continue;
        }
        const auto close = line.find('\'', open + 8);
        if (close == std::string::npos) {
            continue;
        }
        const std::string device = line.substr(open + 8, close - open - 8);
        const std::string_view rest = std::string_view(line).substr(close + 1);
        if (rest.starts_with(": link lost") || rest.starts_with(": unreachable")) {
            out.entries.push_back({*at, device, EventKind::lost});
        } else if (rest.starts_with(" connected after")) {
            out.entries.push_back({*at, device, EventKind::reconnected});
        }
    }
    return out;
}

// The count of events.log's "N reading(s) arrived after their window closed"; 0 without it.
std::uint64_t late_readings(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const auto at = line.find(" reading(s) arrived after their window closed");
        if (at != std::string::npos) {
            const auto start = line.rfind(' ', at - 1);
            return std::strtoull(line.c_str() + start + 1, nullptr, 10);
        }
    }
    return 0;
}

struct DeviceExpectation {
    std::string id;
    std::string channel;
    double interval_s = 0.1;
    const std::vector<Outage>* outages = nullptr;  // null: never interrupted
    double slack_s = 0.0;  // how long after `back` the readings may take to return
};

double overlap(double a0, double a1, double b0, double b1) {
    return std::max(0.0, std::min(a1, b1) - std::max(a0, b0));
}

}  // namespace

int main(int argc, char** argv) {
    Settings settings;
    if (!parse_args(argc, argv, settings)) {
        return 2;
    }
    if (!IpmiSim::available()) {
        fmt::print(stderr,
                   "soak_bench: ipmi_sim/sdrcomp not installed (Debian package openipmi)\n");
        return 2;
    }
    if (settings.out.empty()) {
        settings.out = (fs::temp_directory_path() / fmt::format("wb-soak-{}", ::getpid())).string();
    }
    const double total_s = settings.hours * 3600.0;
    const double f = settings.speedup;
    const auto real = [f](double sim_s) {
        return std::chrono::duration_cast<Nanos>(std::chrono::duration<double>(sim_s / f));
    };

    SdmEmulator sdm;
    StreamServer server(StreamServer::Kind::tcp,
                        [&sdm](std::string& in) { return sdm.handle(in); });
    IpmiSim bmc(kPassword);
    if (!bmc.start()) {
        fmt::print(stderr, "soak_bench: {}\n", bmc.error());
        return 2;
    }
    ::setenv("WATTBENCH_IPMI_PASSWORD", kPassword, 1);

    const auto& registry = drivers::builtin_registry();
    const std::string toml = soak_profile(settings, server.connection(), bmc.connection());
    auto loaded = core::profile::load_profile_text(toml, "soak.toml", {&registry, 1});
    if (auto* e = std::get_if<core::profile::ProfileError>(&loaded)) {
        fmt::print(stderr, "soak_bench: profile: {}\n", e->message);
        return 2;
    }

    const auto fds_start = bench::open_fds();
    const long rss_start = bench::vm_rss_kib();
    fmt::print(
        stderr,
        "soak_bench: {} h simulated at ×{} (about {:.1f} min), run directory {}\n"
        "  sim wattmeter, bmc, slm at 10 Hz; SDM emulator (tcp) and ipmi_sim at 1 Hz\n"
        "  meter link dropped every {} min for {} s; BMC restarted every {} min, down {} s\n",
        settings.hours, f, total_s / f / 60.0, settings.out, settings.drop_every_min,
        settings.drop_for_s, settings.restart_every_min, settings.restart_down_s);

    const std::vector<DeviceExpectation> devices{
        {"wattmeter", "power", 0.1, nullptr, 0.0},  {"bmc", "system_temp", 0.1, nullptr, 0.0},
        {"slm", "spl", 0.1, nullptr, 0.0},          {"meter", "power", 1.0, nullptr, 0.0},
        {"ipmi", "system_temp", 1.0, nullptr, 0.0},
    };
    std::map<std::string, std::string> keys;
    for (const auto& d : devices) {
        keys[d.id] = d.channel;
    }

    bench::ScaledClock clock(f);
    auto engine = std::make_unique<core::engine::Engine>(registry, clock);
    bench::MissedTicks missed(keys);
    engine->add_observer(&missed);
    core::engine::RunOptions options;
    options.out_dir = settings.out;
    if (auto err = engine->prepare(std::get<core::profile::Profile>(std::move(loaded)), options)) {
        fmt::print(stderr, "soak_bench: {}\n", err->message);
        return 2;
    }

    const auto wall_start = std::chrono::steady_clock::now();
    engine->start();
    const auto t0 = clock.now();
    core::sampling::StopSignal stop;
    OutageLog meter_outages;
    OutageLog bmc_outages;
    std::vector<std::string> inherited;  // run files a restarted ipmi_sim holds open
    std::vector<Probe> probes;

    // Drops start half a period in, so none falls on a phase boundary, and stop half a period
    // before the end, so every reconnect is inside the run.
    std::thread meter_faults([&] {
        const double every = settings.drop_every_min * 60.0;
        for (double at = every / 2; at + every / 2 <= total_s; at += every) {
            if (clock.sleep_until(t0 + sim_seconds(at), stop)) {
                return;
            }
            const auto from = clock.now();
            const auto utc = std::chrono::system_clock::now();
            const auto down = real(settings.drop_for_s);
            server.drop(std::chrono::duration_cast<std::chrono::milliseconds>(down));
            meter_outages.add({from, sim_seconds(settings.drop_for_s),
                               from + sim_seconds(settings.drop_for_s), utc,
                               utc + std::chrono::duration_cast<std::chrono::microseconds>(down)});
        }
    });
    std::thread bmc_faults([&] {
        const double every = settings.restart_every_min * 60.0;
        for (double at = every * 0.75; at + every / 4 <= total_s; at += every) {
            if (clock.sleep_until(t0 + sim_seconds(at), stop)) {
                return;
            }
            const auto from = clock.now();
            const auto utc = std::chrono::system_clock::now();
            bmc.stop();
            stop.wait_until(std::chrono::steady_clock::now() + real(settings.restart_down_s));
            bool up = false;
            for (int attempt = 0; attempt < 3 && !up; ++attempt) {
                up = bmc.start();
            }
            if (!up) {
                bmc_outages.fail("ipmi_sim did not come back: " + bmc.error());
                return;
            }
            bmc_outages.add({from, sim_seconds(settings.restart_down_s), clock.now(), utc,
                             std::chrono::system_clock::now()});
            for (const pid_t child : children_named("ipmi_sim")) {
                for (auto& path : fds_into(child, settings.out)) {
                    inherited.push_back(std::move(path));
                }
            }
        }
    });
    std::thread prober([&] {
        const double every = total_s / 24.0;
        for (int i = 1; i < 24; ++i) {
            if (clock.sleep_until(t0 + sim_seconds(every * i), stop)) {
                return;
            }
            Probe p{every * i / 3600.0, bench::vm_rss_kib(), bench::open_fds().size()};
            fmt::print(stderr, "  {:5.1f} h  rss {} KiB  fds {}  wall {:.0f} s\n", p.at_h,
                       p.rss_kib, p.fds, seconds_of(std::chrono::steady_clock::now() - wall_start));
            probes.push_back(p);
        }
    });

    const auto finished = engine->wait();
    const Probe last{seconds_of(clock.now() - t0) / 3600.0, bench::vm_rss_kib(),
                     bench::open_fds().size()};
    stop.request();
    meter_faults.join();
    bmc_faults.join();
    prober.join();
    const double wall_s = seconds_of(std::chrono::steady_clock::now() - wall_start);
    const auto out_dir = engine->out_dir();
    engine.reset();
    // The emulator notices the closed connection on its next poll (10 ms).
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const auto fds_end = bench::open_fds();

    fmt::print("soak: {} h simulated at x{} in {:.1f} min real; run {} ({})\n", settings.hours, f,
               wall_s / 60.0, core::engine::to_string(finished.status), out_dir);
    Verdict v;
    v.check(finished.status == core::engine::RunStatus::completed,
            fmt::format("run completed ({})", finished.message));
    v.check(missed.anchor_known(), "readings arrived");

    // Memory: flat from the first simulated hour on (the first probe is at that hour).
    long lo = 0, hi = 0;
    std::size_t fd_lo = SIZE_MAX, fd_hi = 0;
    for (std::size_t i = 0; i < probes.size(); ++i) {
        const auto& p = probes[i];
        fmt::print("    at {:5.2f} h: rss {} KiB, {} fds\n", p.at_h, p.rss_kib, p.fds);
        if (i > 0) {
            lo = lo == 0 ? p.rss_kib : std::min(lo, p.rss_kib);
            hi = std::max(hi, p.rss_kib);
        }
        fd_lo = std::min(fd_lo, p.fds);
        fd_hi = std::max(fd_hi, p.fds);
    }
    fmt::print("    after the run ({:.2f} h), devices closed: rss {} KiB, {} fds\n", last.at_h,
               last.rss_kib, last.fds);
    lo = std::min(lo, last.rss_kib);
    hi = std::max(hi, last.rss_kib);
    v.check(lo > 0 && static_cast<double>(hi) <= 1.10 * static_cast<double>(lo),
            fmt::format("RSS flat after the first hour: min {} KiB, max {} KiB ({:+.1f} %); "
                        "{} KiB before the run, {} KiB at the first hour",
                        lo, hi, lo > 0 ? 100.0 * static_cast<double>(hi - lo) / lo : 0.0, rss_start,
                        probes.empty() ? 0 : probes.front().rss_kib));

    // Descriptors: as many after the engine is gone as before it existed, and no growth while
    // it ran (the meter's socket and the BMC's DCMI session may be open at a probe or not).
    v.check(fds_end.size() == fds_start.size(),
            fmt::format("fds before the engine {}, after it {}", fds_start.size(), fds_end.size()));
    for (const auto& fd : fds_end) {
        if (std::find(fds_start.begin(), fds_start.end(), fd) == fds_start.end()) {
            fmt::print("      left open: {}\n", fd);
        }
    }
    v.check(!probes.empty() && fd_hi <= fd_lo + 2,
            fmt::format("fds while running: {} … {} over {} probes", fd_lo, fd_hi, probes.size()));

    for (const auto& why : meter_outages.failures) {
        v.check(false, why);
    }
    for (const auto& why : bmc_outages.failures) {
        v.check(false, why);
    }
    if (!inherited.empty()) {
        fmt::print(
            "  note: a restarted ipmi_sim (a child of this process) held {} descriptors of "
            "run files, e.g. {}\n",
            inherited.size(), inherited.front());
    }

    // Readings return within one backoff ceiling and two polls of the device's return, plus
    // 100 ms of real scheduling; a BMC reopen that started while it was down blocks up to a
    // session timeout (real), and the next one rebuilds the SDR cache.
    auto expectations = devices;
    expectations[3].outages = &meter_outages.outages;
    expectations[3].slack_s = kBackoffMax_s + 2.0 + 0.1 * f;
    expectations[4].outages = &bmc_outages.outages;
    expectations[4].slack_s = kBackoffMax_s + 2.0 + 3.0 * kIpmiSessionTimeout_ms / 1000.0 * f;

    const auto scan = bench::scan_samples(out_dir + "/samples.csv", keys);
    v.check(scan.error.empty() && scan.bad_lines == 0 && scan.ends_with_newline,
            fmt::format("samples.csv: {} rows, {} unreadable, ends with a whole line: {} {}",
                        scan.lines, scan.bad_lines, scan.ends_with_newline, scan.error));
    const auto anchor_at = missed.anchor();
    const auto elapsed = [&](Clock::time_point t) { return seconds_of(t - anchor_at); };
    const auto events = read_events(out_dir + "/events.log");

    // Gaps: every injected outage has its run of unavailable rows, a lost link and a reconnect.
    for (const auto& d : expectations) {
        const auto it = scan.devices.find(d.id);
        if (it == scan.devices.end()) {
            v.check(false, fmt::format("{}/{}: no rows in samples.csv", d.id, d.channel));
            continue;
        }
        const auto& series = it->second;
        const auto tally = missed.tally(d.id);
        fmt::print(
            "    {}/{}: {} rows, {} gaps, {} ticks missed (longest run {}), {} rows "
            "before an earlier one (by up to {:.3f} s)\n",
            d.id, d.channel, series.rows, series.gaps.size(), tally.total, tally.longest_run,
            series.out_of_order, series.max_backwards_s);
        if (!d.outages) {
            continue;
        }
        std::vector<bool> used(series.gaps.size(), false);
        std::size_t matched = 0, short_gaps = 0, late = 0, logged = 0;
        std::vector<double> excess;  // how long after the device was back its readings were
        std::vector<std::string> silent;
        for (const auto& o : *d.outages) {
            const double from = elapsed(o.from);
            const double back = elapsed(o.back);
            for (std::size_t i = 0; i < series.gaps.size(); ++i) {
                const auto& g = series.gaps[i];
                if (used[i] || g.to_s <= from || g.from_s > back + d.slack_s) {
                    continue;
                }
                used[i] = true;
                ++matched;
                short_gaps += g.to_s - g.from_s < seconds_of(o.down) - 2 * d.interval_s;
                late += g.to_s > back + d.slack_s;
                excess.push_back(g.to_s - back);
                break;
            }
            const auto until =
                o.utc_back + std::chrono::duration_cast<std::chrono::microseconds>(real(d.slack_s));
            const bool lost = events.has(d.id, EventKind::lost, o.utc_from, until);
            const bool reconnected = events.has(d.id, EventKind::reconnected, o.utc_from, until);
            if (lost && reconnected) {
                ++logged;
            } else {
                silent.push_back(
                    fmt::format("{:.0f} s ({}{})", from, lost ? "" : "no lost link",
                                reconnected ? "" : (lost ? "no reconnect" : ", no reconnect")));
            }
        }
        const auto spontaneous =
            static_cast<std::size_t>(std::count(used.begin(), used.end(), false));
        std::sort(excess.begin(), excess.end());
        v.check(!d.outages->empty() && matched == d.outages->size(),
                fmt::format("{}: {} outages injected, {} gaps in samples.csv match them "
                            "({} other gaps, from missed ticks)",
                            d.id, d.outages->size(), matched, spontaneous));
        v.check(
            short_gaps == 0 && late == 0,
            fmt::format("{}: each gap spans its outage ({} shorter) and ends within {:.0f} s "
                        "of the device's return ({} later); readings back after "
                        "{:.1f} … {:.1f} s (median {:.1f} s)",
                        d.id, short_gaps, d.slack_s, late, excess.empty() ? 0.0 : excess.front(),
                        excess.empty() ? 0.0 : excess.back(),
                        excess.empty() ? 0.0 : excess[excess.size() / 2]));
        v.check(logged == d.outages->size(),
                fmt::format("{}: events.log has a lost link and a reconnect for {} of {} outages "
                            "({} lost links, {} reconnects in all)",
                            d.id, logged, d.outages->size(), events.count(d.id, EventKind::lost),
                            events.count(d.id, EventKind::reconnected)));
        for (const auto& s : silent) {
            fmt::print("      outage at {}\n", s);
        }
    }

    // Coverage: phases.csv agrees with the rows of each window, every tick of the window has a
    // row, and what is missing is what the outages and the missed ticks in it account for.
    const auto phases = core::rundir::read_phases_csv(out_dir + "/phases.csv");
    if (auto* e = std::get_if<core::rundir::PhasesCsvError>(&phases)) {
        v.check(false, "phases.csv: " + e->to_string());
        return 1;
    }
    std::map<std::string, std::pair<double, double>> coverage_range;  // device → min, max
    std::size_t rows_checked = 0;
    std::uint64_t late_rows = 0;
    std::vector<std::string> problems;
    for (const auto& row : std::get<std::vector<core::stats::ChannelSummary>>(phases)) {
        const auto d = std::find_if(expectations.begin(), expectations.end(), [&](const auto& x) {
            return x.id == row.device && x.channel == row.channel;
        });
        if (d == expectations.end()) {
            continue;
        }
        ++rows_checked;
        const std::string where = fmt::format("{} {}/{}", row.phase, row.device, row.channel);
        const double window_s = seconds_of(row.end - row.start);
        const auto ticks = static_cast<double>(std::floor(window_s / d->interval_s));
        bench::WindowTally w;
        if (const auto it = scan.devices.find(d->id); it != scan.devices.end()) {
            if (const auto wi = it->second.windows.find(row.phase);
                wi != it->second.windows.end()) {
                w = wi->second;
            }
        }
        const auto tally = missed.tally(d->id);
        const auto mi = tally.in_window.find(row.phase);
        const double missed_here =
            mi == tally.in_window.end() ? 0.0 : static_cast<double>(mi->second);
        // The engine counts the window's ticks from its own clock readings, which phases.csv
        // rounds to milliseconds: one tick either way. It also leaves out a reading whose poll
        // outlasted the window (logged as late), so one ok row more than `samples` is allowed.
        const double rows = static_cast<double>(w.ok + w.invalid);
        double own = static_cast<double>(w.ok) / std::max(rows, ticks);
        const double ok_now = static_cast<double>(row.samples);
        for (const double t : {ticks - 1, ticks + 1}) {
            for (const double ok : {static_cast<double>(w.ok), ok_now}) {
                if (std::abs(ok / std::max(rows, t) - row.coverage) <
                    std::abs(own - row.coverage)) {
                    own = ok / std::max(rows, t);
                }
            }
        }
        late_rows += w.ok - std::min(w.ok, row.samples);
        // phases.csv rounds coverage to 4 decimals.
        if (std::abs(own - row.coverage) > 6e-5 || w.ok < row.samples || w.ok > row.samples + 1) {
            problems.push_back(
                fmt::format("{}: phases.csv coverage {} ({} samples), samples.csv "
                            "{:.5f} ({} ok of {} rows)",
                            where, row.coverage, row.samples, own, w.ok, w.ok + w.invalid));
        }
        // Ticks missed across the window's edges are tagged with the stage current when they
        // are written, so a stall there moves up to its length of rows in or out.
        const double edge = 2.0 + static_cast<double>(tally.longest_run);
        if (std::abs(static_cast<double>(w.ok + w.invalid) - ticks) > edge) {
            problems.push_back(
                fmt::format("{}: {} rows in a window of {} ticks", where, w.ok + w.invalid, ticks));
        }
        double lost_min = 0.0, lost_max = 0.0;
        const std::pair<double, double> span{seconds_of(row.start - scan.utc_origin),
                                             seconds_of(row.end - scan.utc_origin)};
        if (d->outages) {
            for (const auto& o : *d->outages) {
                const double from = elapsed(o.from);
                lost_min += overlap(from, from + seconds_of(o.down), span.first, span.second);
                lost_max += overlap(from, elapsed(o.back) + d->slack_s, span.first, span.second);
            }
        } else if (static_cast<double>(w.invalid) != missed_here) {
            problems.push_back(fmt::format("{}: {} rows not ok, {} of them missed ticks", where,
                                           w.invalid, missed_here));
        }
        const double most = std::min(1.0, 1.0 - (lost_min - 2 * d->interval_s) / window_s);
        const double least = 1.0 - (lost_max + 2 * d->interval_s) / window_s -
                             (missed_here + edge) / std::max(ticks, 1.0);
        if (row.coverage > most + 6e-5 || row.coverage < least - 6e-5) {
            problems.push_back(fmt::format("{}: coverage {:.4f}, expected {:.4f} … {:.4f}", where,
                                           row.coverage, least, most));
        }
        auto [range, fresh] = coverage_range.try_emplace(row.device, row.coverage, row.coverage);
        range->second.first = std::min(range->second.first, row.coverage);
        range->second.second = std::max(range->second.second, row.coverage);
    }
    for (const auto& p : problems) {
        fmt::print("      {}\n", p);
    }
    v.check(rows_checked == expectations.size() * 24 && problems.empty(),
            fmt::format("coverage: {} phase rows checked against samples.csv, the outages and "
                        "the missed ticks, {} problems",
                        rows_checked, problems.size()));
    fmt::print(
        "    {} ok rows of samples.csv tagged window are not in phases.csv (late; events.log: "
        "{} reading(s) of all channels)\n",
        late_rows, late_readings(out_dir + "/events.log"));
    for (const auto& [device, range] : coverage_range) {
        fmt::print("    coverage {}: {:.4f} … {:.4f}\n", device, range.first, range.second);
    }

    if (v.failed == 0 && !settings.keep) {
        std::error_code ec;
        fs::remove_all(out_dir, ec);
    } else {
        fmt::print("run directory kept: {}\n", out_dir);
    }
    fmt::print("soak: {}\n",
               v.failed == 0 ? "all checks passed" : fmt::format("{} checks failed", v.failed));
    return v.failed == 0 ? 0 : 1;
}
