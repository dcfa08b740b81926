// Writes a run directory the size of a day-long soak test for bench/report_bench.sh:
// 30 channels on four devices read at 10 Hz, phases idle and cpu-1..cpu-4 (warm-up, then a
// long window each), a discrete channel and some error/unavailable/overrange readings.
// samples.csv and phases.csv are written with the engine's own writers, manifest.json with the
// structure of a recorded run (tests/app/core/report/cases/completed).
//
// usage: report_bench_gen OUT_DIR [HOURS=24] [HZ=10]
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/core/record/catalog.hpp"
#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/record/samples_csv_writer.hpp"
#include "app/core/record/utc_ms_formatter.hpp"
#include "app/core/stats/channel_summary.hpp"

namespace {

using namespace wattbench;
using namespace wattbench::core;
using drivers::api::ChannelSpec;
using drivers::api::Quantity;
using drivers::api::Status;
using Clock = std::chrono::system_clock;

ChannelSpec spec(std::string name, Quantity q, std::string unit, double lo, double hi,
                 bool key = false) {
    ChannelSpec c;
    c.name = std::move(name);
    c.quantity = q;
    c.unit = std::move(unit);
    c.display_min = lo;
    c.display_max = hi;
    c.key = key;
    return c;
}

struct Noise {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    double next() {  // roughly normal, mean 0, sd 0.4
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        const double a = static_cast<double>(s >> 11) / 9007199254740992.0;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        const double b = static_cast<double>(s >> 11) / 9007199254740992.0;
        return a + b - 1.0;
    }
};

struct Acc {
    std::uint64_t ok = 0, invalid = 0;
    double sum = 0, sumsq = 0, energy = 0, min = INFINITY, max = -INFINITY;
    std::map<std::string, std::uint64_t> states;
};

std::string iso(Clock::time_point t) {
    record::UtcMsFormatter f;
    return std::string(f.format(t));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s OUT_DIR [HOURS=24] [HZ=10]\n", argv[0]);
        return 2;
    }
    const std::filesystem::path out = argv[1];
    const double hours = argc > 2 ? std::stod(argv[2]) : 24.0;
    const int hz = argc > 3 ? std::stoi(argv[3]) : 10;
    std::filesystem::create_directories(out);

    record::Catalog catalog;
    record::DeviceChannels wm{"wattmeter", "sim", std::chrono::milliseconds(1000 / hz), {}};
    wm.channels = {spec("power", Quantity::power, "W", 0, 400, true),
                   spec("apparent_power", Quantity::apparent_power, "VA", 0, 500),
                   spec("power_factor", Quantity::power_factor, "1", 0, 1),
                   spec("voltage", Quantity::voltage, "V", 0, 260),
                   spec("current", Quantity::current, "A", 0, 10),
                   spec("frequency", Quantity::frequency, "Hz", 45, 65)};
    record::DeviceChannels bmc{"bmc", "sim", std::chrono::milliseconds(1000 / hz), {}};
    bmc.channels = {spec("system_temp", Quantity::temperature, "degC", 0, 80, true),
                    spec("inlet_temp", Quantity::temperature, "degC", 0, 80),
                    spec("exhaust_temp", Quantity::temperature, "degC", 0, 80),
                    spec("cpu1_temp", Quantity::temperature, "degC", 0, 100),
                    spec("cpu2_temp", Quantity::temperature, "degC", 0, 100),
                    spec("cpu_temp", Quantity::state, "state", 0, 0),
                    spec("fan_1", Quantity::fan, "RPM", 0, 12000),
                    spec("fan_2", Quantity::fan, "RPM", 0, 12000),
                    spec("fan_3", Quantity::fan, "RPM", 0, 12000),
                    spec("fan_4", Quantity::fan, "RPM", 0, 12000),
                    spec("12v", Quantity::voltage, "V", 0, 15),
                    spec("5v", Quantity::voltage, "V", 0, 6),
                    spec("3v3", Quantity::voltage, "V", 0, 4),
                    spec("psu_power", Quantity::power, "W", 0, 500)};
    bmc.channels[5].display_min.reset();
    bmc.channels[5].display_max.reset();
    bmc.channels[5].states = {"Low", "Medium", "High"};
    record::DeviceChannels slm{"slm", "sim", std::chrono::milliseconds(1000 / hz), {}};
    slm.channels = {spec("spl", Quantity::sound, "dBA", 30, 130, true)};
    record::DeviceChannels host{"host", "cpu", std::chrono::milliseconds(1000 / hz), {}};
    host.channels = {spec("cpu_util", Quantity::utilisation, "%", 0, 100)};
    for (int i = 0; i < 8; ++i) {
        host.channels.push_back(
            spec(fmt::format("cpu{}_util", i), Quantity::utilisation, "%", 0, 100));
    }
    catalog.devices = {wm, bmc, slm, host};
    const std::array<std::string, 5> names{"idle", "cpu-1", "cpu-2", "cpu-3", "cpu-4"};
    for (std::size_t p = 0; p < names.size(); ++p) {
        catalog.phase_names.push_back(names[p]);
        catalog.phase_loads.push_back(p == 0 ? "idle" : "cpu");
    }

    const auto start =
        Clock::time_point(std::chrono::milliseconds(1'795'910'400'000));  // 2026-11-29T00:00Z
    const std::int64_t ticks = static_cast<std::int64_t>(hours * 3600 * hz);
    const std::int64_t lead = 10 * hz;  // 10 s before the first phase
    const std::int64_t phase_ticks = (ticks - lead) / static_cast<std::int64_t>(names.size());
    const std::int64_t warmup_ticks = phase_ticks / 6;

    std::vector<std::vector<Acc>> acc(names.size());
    std::size_t channel_count = 0;
    for (const auto& d : catalog.devices) {
        channel_count += d.channels.size();
    }
    for (auto& a : acc) {
        a.resize(channel_count);
    }

    record::SamplesCsvWriter writer((out / "samples.csv").string(), catalog);
    Noise noise;
    std::uint64_t serial = 0;
    record::Sample s;
    std::array<double, 30> v{};
    for (std::int64_t t = 0; t < ticks; ++t) {
        int phase = -1;
        phases::Stage stage = phases::Stage::between;
        if (t >= lead) {
            phase = static_cast<int>(std::min<std::int64_t>((t - lead) / phase_ticks, 4));
            stage = (t - lead) - phase * phase_ticks < warmup_ticks ? phases::Stage::warmup
                                                                    : phases::Stage::window;
        }
        const double n = phase < 0 ? 0 : phase;
        const double power = 71.5 + 28.8 * n + noise.next();
        const double pf = 0.70 + 0.05 * n + 0.002 * noise.next();
        const double volts = 230.4 + 0.3 * noise.next();
        v = {power,
             power / pf,
             pf,
             volts,
             power / pf / volts,
             50.0 + 0.02 * noise.next(),
             28 + 3 * n + 0.2 * noise.next(),
             22 + 0.2 * noise.next(),
             30 + 4 * n + 0.3 * noise.next(),
             40 + 8 * n + noise.next(),
             38 + 7 * n + noise.next(),
             n <= 1   ? 0.0
             : n <= 3 ? 1.0
                      : 2.0,
             3000 + 600 * n + 20 * noise.next(),
             3010 + 600 * n + 20 * noise.next(),
             2990 + 600 * n + 20 * noise.next(),
             3005 + 600 * n + 20 * noise.next(),
             12.05 + 0.02 * noise.next(),
             5.02 + 0.01 * noise.next(),
             3.31 + 0.01 * noise.next(),
             power * 0.95 + noise.next(),
             38 + 1.5 * n + 0.5 * noise.next(),
             n / 8 * 100 + 0.5 * noise.next() + 0.5};
        for (int i = 0; i < 8; ++i) {
            v[22 + i] = (i < n ? 99.5 : 1.0) + 0.4 * noise.next();
        }
        // Instruments report a few digits, not a double's seventeen.
        for (auto& x : v) {
            x = std::round(x * 100) / 100;
        }
        std::size_t flat = 0;
        for (std::uint32_t d = 0; d < catalog.devices.size(); ++d) {
            // Devices answer a few milliseconds apart, as real ones do.
            const auto at = start + std::chrono::milliseconds(t * 1000 / hz + 3 * d);
            for (std::uint32_t c = 0; c < catalog.devices[d].channels.size(); ++c, ++flat) {
                ++serial;
                s.utc = at;
                s.elapsed_s = static_cast<double>(t) / hz + 0.003 * d;
                s.device = d;
                s.channel = c;
                s.phase = phase;
                s.stage = stage;
                s.value = v[flat];
                s.status = Status::ok;
                if (d == 1 && serial % 997 == 0) {
                    s.status = Status::error;
                } else if (d == 2 && serial % 4001 == 0) {
                    s.status = Status::unavailable;
                } else if (flat == 0 && serial % 50'021 == 0) {
                    s.status = Status::overrange;
                }
                writer.write(s);
                if (stage != phases::Stage::window) {
                    continue;
                }
                Acc& a = acc[static_cast<std::size_t>(phase)][flat];
                if (s.status != Status::ok) {
                    ++a.invalid;
                    continue;
                }
                ++a.ok;
                if (catalog.devices[d].channels[c].discrete()) {
                    ++a.states[catalog.devices[d].channels[c].states[static_cast<std::size_t>(
                        s.value)]];
                    continue;
                }
                a.sum += s.value;
                a.sumsq += s.value * s.value;
                a.energy += std::pow(10.0, s.value / 10.0);
                a.min = std::min(a.min, s.value);
                a.max = std::max(a.max, s.value);
            }
        }
    }
    writer.flush();

    record::PhasesCsvWriter phases_csv((out / "phases.csv").string());
    nlohmann::ordered_json phases_json = nlohmann::ordered_json::array();
    const auto tick_time = [&](std::int64_t t) {
        return start + std::chrono::milliseconds(t * 1000 / hz);
    };
    for (std::size_t p = 0; p < names.size(); ++p) {
        const std::int64_t w0 = lead + static_cast<std::int64_t>(p) * phase_ticks + warmup_ticks;
        const std::int64_t w1 = p + 1 == names.size() ? ticks : w0 - warmup_ticks + phase_ticks;
        std::vector<stats::ChannelSummary> rows;
        std::size_t flat = 0;
        for (const auto& d : catalog.devices) {
            for (const auto& c : d.channels) {
                const Acc& a = acc[p][flat++];
                stats::ChannelSummary r;
                r.phase = names[p];
                r.load = catalog.phase_loads[p];
                r.device = d.device_id;
                r.channel = c.name;
                r.unit = c.unit;
                r.samples = a.ok;
                r.invalid = a.invalid;
                r.coverage = static_cast<double>(a.ok) / static_cast<double>(w1 - w0);
                r.start = tick_time(w0);
                r.end = tick_time(w1);
                if (c.discrete() || a.ok == 0) {
                    r.mean = r.min = r.max = r.stddev = std::nan("");
                    r.states = a.states;
                } else {
                    const double k = static_cast<double>(a.ok);
                    r.mean =
                        c.quantity == Quantity::sound ? 10 * std::log10(a.energy / k) : a.sum / k;
                    r.min = a.min;
                    r.max = a.max;
                    const double m = a.sum / k;
                    r.stddev = std::sqrt(std::max(0.0, a.sumsq / k - m * m));
                }
                rows.push_back(std::move(r));
            }
        }
        phases_csv.write(rows);
        phases_json.push_back(
            {{"name", names[p]},
             {"load", catalog.phase_loads[p]},
             {"workers", p == 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(p)},
             {"warmup_s", warmup_ticks / hz},
             {"window_s", (w1 - w0) / hz},
             {"status", "done"},
             {"window_start", iso(tick_time(w0))},
             {"window_end", iso(tick_time(w1))}});
    }

    nlohmann::ordered_json devices = nlohmann::ordered_json::array();
    const std::array<std::array<const char*, 3>, 4> identity{
        {{"Simulated wattmeter", "SIM-WM-0001", "0.1.0"},
         {"Simulated BMC", "SIM-BMC-0001", "2.10"},
         {"Simulated sound level meter", "SIM-SLM-0001", "1.0"},
         {"/proc/stat", "", ""}}};
    for (std::size_t d = 0; d < catalog.devices.size(); ++d) {
        const auto& dev = catalog.devices[d];
        nlohmann::ordered_json channels = nlohmann::ordered_json::array();
        for (const auto& c : dev.channels) {
            const auto opt = [](const std::optional<double>& x) {
                return x ? nlohmann::ordered_json(*x) : nlohmann::ordered_json();
            };
            nlohmann::ordered_json thresholds;
            for (const char* k : {"lnr", "lc", "lnc", "unc", "uc", "unr"}) {
                thresholds[k] = nullptr;
            }
            channels.push_back({{"name", c.name},
                                {"quantity", std::string(drivers::api::to_string(c.quantity))},
                                {"unit", c.unit},
                                {"display_min", opt(c.display_min)},
                                {"display_max", opt(c.display_max)},
                                {"thresholds", thresholds},
                                {"states", c.states},
                                {"key", c.key}});
        }
        devices.push_back({{"id", dev.device_id},
                           {"driver", dev.driver},
                           {"connection", d == 3 ? "sysfs://" : "sim://" + dev.device_id},
                           {"optional", false},
                           {"interval_s", 1.0 / hz},
                           {"state", "ok"},
                           {"error", nullptr},
                           {"identity",
                            {{"vendor", d == 3 ? "Linux" : "wattbench"},
                             {"model", identity[d][0]},
                             {"serial", identity[d][1]},
                             {"firmware", identity[d][2]}}},
                           {"channels", channels}});
    }
    nlohmann::ordered_json manifest;
    manifest["tool"] = {{"name", "wattbench"}, {"version", "0.1.0"}};
    manifest["run"] = {
        {"name", "soak-24h"},
        {"profile_path", "profiles/soak.toml"},
        {"started", iso(start)},
        {"ended", iso(tick_time(ticks))},
        {"status", "completed"},
        {"interrupted_phase", nullptr},
        {"exit_code", 0},
        {"overrides", {{"warmup", nullptr}, {"window", nullptr}, {"only", nullptr}}}};
    manifest["host"] = {{"hostname", "bench-host"},
                        {"cpu_model", "Intel(R) Xeon(R) E-2134 CPU @ 3.50GHz"},
                        {"logical_cpus", 8},
                        {"physical_cores", 4},
                        {"packages", 1},
                        {"kernel", "Linux 6.1.0-13-amd64"},
                        {"os", "Debian GNU/Linux 12 (bookworm)"},
                        {"memory_bytes", 33524662272LL}};
    manifest["devices"] = devices;
    manifest["phases"] = phases_json;
    manifest["warnings"] = nlohmann::ordered_json::array();
    manifest["profile"] = {{"path", "profiles/soak.toml"},
                           {"text", "[run]\nname = \"soak-24h\"\n"}};
    std::ofstream((out / "manifest.json").string()) << manifest.dump(2) << "\n";
    std::printf("%s: %llu rows, %.1f h at %d Hz, %zu channels\n", out.c_str(),
                static_cast<unsigned long long>(writer.rows()), hours, hz, channel_count);
    return 0;
}
