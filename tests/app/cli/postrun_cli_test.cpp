// End-to-end: prompts answered on stdin, `wattbench import el4000` and `wattbench annotate`
// on real run directories made by the real binary from simulated instruments.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/core/record/utc_time.hpp"
#include "app/core/rundir/csv_reader.hpp"
#include "app/core/rundir/utc_time.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::cli {
namespace {

namespace fs = std::filesystem;
using Rows = std::vector<std::vector<std::string>>;

using Result = wattbench::testing::ProgramResult;

fs::path scratch(const std::string& name) {
    auto d = fs::temp_directory_path() / ("wb-rework-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

// Runs the binary with stdin from `input` (a file path; /dev/null when empty).
Result run(std::vector<std::string> args, const std::string& input = "") {
    args.insert(args.begin(), WATTBENCH_BIN);
    const auto dir = scratch("proc");
    auto result = wattbench::testing::run_program(std::move(args), dir, input);
    fs::remove_all(dir);
    return result;
}

Rows csv(const fs::path& p) {
    const std::string text = wattbench::testing::read_whole(p);
    core::rundir::CsvReader reader(text);
    Rows rows;
    for (std::vector<std::string> f; reader.next(f);) {
        rows.push_back(f);
    }
    return rows;
}

Rows without_device(const Rows& rows, std::size_t column, const std::string& device) {
    Rows out;
    for (const auto& r : rows) {
        if (!(r.size() > column && r[column] == device)) {
            out.push_back(r);
        }
    }
    return out;
}

Rows only(const Rows& rows, std::size_t column, const std::string& value) {
    Rows out;
    for (const auto& r : rows) {
        if (r.size() > column && r[column] == value) {
            out.push_back(r);
        }
    }
    return out;
}

nlohmann::json manifest(const fs::path& dir) {
    return nlohmann::json::parse(wattbench::testing::read_whole(dir / "manifest.json"));
}

std::chrono::system_clock::time_point utc(const nlohmann::json& j) {
    return *core::rundir::parse_utc_time(j.get<std::string>());
}

double seconds(std::chrono::system_clock::duration d) {
    return std::chrono::duration<double>(d).count();
}

// A short run of the demo's sim wattmeter plus a manual meter and a prompted phase.
constexpr const char* kProfile = R"(
[run]
name = "manual"
interval = "500ms"
warmup = "1s"
window = "3s"

[[device]]
id = "wattmeter"
driver = "sim"
connection = "sim://wattmeter"
noise = 0.0

[[device]]
id = "ec3000"
driver = "manual"
reading = "energy"
unit = "kWh"
accuracy = 2

[[phase]]
name = "idle"
load = "idle"

[[phase]]
name = "off"
load = "idle"
prompt = "Switch the machine under test off, then confirm"
)";

TEST(ReworkCli, PromptsAreAnsweredFromPipedStdin) {
    const auto dir = scratch("prompts");
    std::ofstream(dir / "p.toml") << kProfile;
    std::ofstream(dir / "answers") << "1000.000\nnot a number\n1000.002\ny\n1000,002\n1000.003";
    auto r = run({"run", (dir / "p.toml").string(), "--out", (dir / "run").string()},
                 (dir / "answers").string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("? Switch the machine under test off, then confirm [Y/n]: "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("'not a number' is not a number"), std::string::npos) << r.err;

    const auto energy = only(csv(dir / "run/samples.csv"), 4, "ec3000");
    ASSERT_EQ(energy.size(), 4u);  // the answers, and no row per tick for the manual meter
    EXPECT_EQ(energy[0][6], "1000");
    EXPECT_EQ(energy[3][6], "1000.003");
    const auto rows = csv(dir / "run/phases.csv");
    const auto power = only(only(rows, 2, "ec3000"), 3, "power");
    ASSERT_EQ(power.size(), 2u);
    const double dt = std::stod(energy[1][1]) - std::stod(energy[0][1]);
    EXPECT_NEAR(std::stod(power[0][5]), 2.0 * 3600.0 / dt, 2.0 * 3600.0 / dt * 1e-3);
    EXPECT_EQ(power[0][14], "0.020000");  // uncertainty: the stated 2 %

    const std::string events = wattbench::testing::read_whole(dir / "run/events.log");
    EXPECT_NE(events.find("prompt 1 (phase 'idle', device 'ec3000', kWh): Read the energy "
                          "counter of 'ec3000' (kWh) at the start of the window of phase 'idle'"),
              std::string::npos)
        << events;
    EXPECT_NE(events.find("prompt 1 answered 1000 kWh after"), std::string::npos) << events;
    EXPECT_NE(events.find("prompt 3 confirmed after"), std::string::npos) << events;
    fs::remove_all(dir);
}

TEST(ReworkCli, EndOfInputDeclinesPromptsWithAWarning) {
    const auto dir = scratch("eof");
    std::ofstream(dir / "p.toml") << kProfile;
    auto r = run({"run", (dir / "p.toml").string(), "--out", (dir / "run").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("warning: end of input; prompt 1 declined"), std::string::npos) << r.err;
    const auto m = manifest(dir / "run");
    EXPECT_EQ(m["phases"][0]["status"], "done");
    EXPECT_EQ(m["phases"][1]["status"], "skipped");  // its prompt was declined
    EXPECT_TRUE(only(csv(dir / "run/samples.csv"), 4, "ec3000").empty());
    fs::remove_all(dir);
}

std::vector<std::uint8_t> el4000_file(const std::tm& t,
                                      const std::vector<std::array<int, 3>>& records) {
    std::vector<std::uint8_t> b{0xE0,
                                0xC5,
                                0xEA,
                                static_cast<std::uint8_t>(t.tm_mon + 1),
                                static_cast<std::uint8_t>(t.tm_mday),
                                static_cast<std::uint8_t>(t.tm_year - 100),
                                static_cast<std::uint8_t>(t.tm_hour),
                                static_cast<std::uint8_t>(t.tm_min)};
    for (const auto& [decivolts, milliamps, pf] : records) {
        b.push_back(static_cast<std::uint8_t>(decivolts >> 8));
        b.push_back(static_cast<std::uint8_t>(decivolts & 0xFF));
        b.push_back(static_cast<std::uint8_t>(milliamps >> 8));
        b.push_back(static_cast<std::uint8_t>(milliamps & 0xFF));
        b.push_back(static_cast<std::uint8_t>(pf));
    }
    return b;
}

void write_bytes(const fs::path& p, const std::vector<std::uint8_t>& b) {
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

TEST(ReworkCli, ImportEl4000MergesMinuteReadingsAndAnnotateAddsManualReadings) {
    ::setenv("TZ", "UTC", 1);  // the logger's local time is read in the importing computer's zone
    const auto dir = scratch("import");
    const auto run_dir = dir / "run";
    auto r = run({"run", std::string(WATTBENCH_SOURCE_DIR) + "/profiles/demo.toml", "--only",
                  "idle,cpu-1", "--warmup", "1s", "--window", "3s", "--out", run_dir.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto samples_before = csv(run_dir / "samples.csv");
    const auto phases_before = csv(run_dir / "phases.csv");
    const auto events_before = wattbench::testing::read_whole(run_dir / "events.log");
    const auto m = manifest(run_dir);
    const auto idle_start = utc(m["phases"][0]["window_start"]);

    // The logger's minute before the idle window, moved into the window by --offset.
    const std::time_t start_t = std::chrono::system_clock::to_time_t(idle_start);
    std::tm minute{};
    gmtime_r(&start_t, &minute);
    const auto minute_t = std::chrono::system_clock::from_time_t(start_t - minute.tm_sec);
    const auto offset_s =
        static_cast<long>(std::ceil(seconds(idle_start - minute_t) + 0.001)) + 1;  // +1 s inside
    const auto sd = dir / "sd";
    fs::create_directories(sd);
    // 230.1 V, 0.500 A, PF 0.90 = 103.545 W; the next two minutes are after the run.
    auto a0 = el4000_file(minute, {{2301, 500, 90}, {2302, 510, 91}, {2303, 520, 92}});
    a0.insert(a0.end(), {0xFF, 0xFF, 0xFF, 0xFF});
    write_bytes(sd / "A0.BIN", a0);
    std::tm old = minute;
    old.tm_mday = old.tm_mday > 1 ? old.tm_mday - 1 : 2;  // another day: outside the run
    write_bytes(sd / "B1.BIN", el4000_file(old, {{2300, 100, 50}}));

    // A record cut short is refused before anything is written, naming file and byte offset.
    auto bad = el4000_file(minute, {{2301, 500, 90}});
    bad.resize(bad.size() - 2);
    write_bytes(sd / "C2.BIN", bad);
    const std::string offset = std::to_string(offset_s) + "s";
    r = run({"import", "el4000", sd.string(), run_dir.string(), "--offset", offset});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("C2.BIN: record cut short at byte 8"), std::string::npos) << r.err;
    EXPECT_EQ(csv(run_dir / "samples.csv"), samples_before);
    fs::remove(sd / "C2.BIN");

    r = run(
        {"import", "el4000", sd.string(), run_dir.string(), "--offset", offset, "--accuracy", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("skipped " + (sd / "B1.BIN").string() + ": its 1 record(s)"),
              std::string::npos)
        << r.err;

    // samples.csv: the old rows unchanged and in order, four new rows in time order.
    const auto samples = csv(run_dir / "samples.csv");
    EXPECT_EQ(without_device(samples, 4, "el4000"), samples_before);
    const auto el = only(samples, 4, "el4000");
    ASSERT_EQ(el.size(), 4u);
    const auto t = idle_start + std::chrono::seconds(offset_s) - (idle_start - minute_t);
    EXPECT_EQ(el[0][0], core::record::format_utc_ms(t));
    EXPECT_EQ(el[0][2], "idle");
    EXPECT_EQ(el[0][3], "window");
    EXPECT_EQ(el[0][5], "power");
    EXPECT_EQ(el[0][6], "103.545");
    EXPECT_EQ(el[1][6], "230.1");
    EXPECT_EQ(el[2][6], "0.5");
    EXPECT_EQ(el[3][6], "0.9");
    // Merged by time: right after the existing rows stamped up to it (the engine's own rows
    // are in arrival order, which is not strictly by time across devices).
    std::size_t first = 0;
    while (first < samples.size() &&
           !(samples[first].size() > 4 && samples[first][4] == "el4000")) {
        ++first;
    }
    ASSERT_LT(first + 4, samples.size());
    EXPECT_LE(samples[first - 1][0], el[0][0]);
    EXPECT_GT(samples[first + 4][0], el[0][0]);

    // phases.csv: the old rows byte for byte, the logger's rows after each phase's.
    const auto phases = csv(run_dir / "phases.csv");
    EXPECT_EQ(without_device(phases, 2, "el4000"), phases_before);
    const auto idle_power = only(only(only(phases, 2, "el4000"), 0, "idle"), 3, "power");
    ASSERT_EQ(idle_power.size(), 1u);
    EXPECT_EQ(idle_power[0][5], "103.545");
    EXPECT_EQ(idle_power[0][9], "1");
    EXPECT_EQ(idle_power[0][14], "0.010000");
    EXPECT_EQ(idle_power[0][11], phases_before[1][11]);  // the live window
    const auto cpu_power = only(only(only(phases, 2, "el4000"), 0, "cpu-1"), 3, "power");
    ASSERT_EQ(cpu_power.size(), 1u);
    EXPECT_EQ(cpu_power[0][9], "0");

    const auto m2 = manifest(run_dir);
    const auto& dev = m2["devices"].back();
    EXPECT_EQ(dev["id"], "el4000");
    EXPECT_EQ(dev["driver"], "voltcraft-el4000");
    EXPECT_EQ(dev["import"]["files"], nlohmann::json::array({"A0.BIN"}));
    EXPECT_EQ(dev["import"]["offset_s"], static_cast<double>(offset_s));
    EXPECT_EQ(dev["import"]["outside_run"], 2);
    EXPECT_EQ(wattbench::testing::read_whole(run_dir / "events.log").rfind(events_before, 0), 0u);
    EXPECT_NE(wattbench::testing::read_whole(run_dir / "events.log")
                  .find("import el4000: 1 minute reading(s)"),
              std::string::npos);

    // The same device again is refused.
    r = run({"import", "el4000", sd.string(), run_dir.string(), "--offset", offset});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("already has a device 'el4000'"), std::string::npos) << r.err;

    // annotate: a counter read by hand over cpu-1's window.
    r = run({"annotate", run_dir.string(), "--phase", "cpu-1", "--device", "ec3000", "--start-kwh",
             "1000", "--end-kwh", "1000.001", "--accuracy", "1.5"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto m3 = manifest(run_dir);
    const double window_s =
        seconds(utc(m3["phases"][1]["window_end"]) - utc(m3["phases"][1]["window_start"]));
    const auto ec = only(csv(run_dir / "phases.csv"), 2, "ec3000");
    const auto ec_power = only(only(ec, 0, "cpu-1"), 3, "power");
    ASSERT_EQ(ec_power.size(), 1u);
    EXPECT_NEAR(std::stod(ec_power[0][5]), 1.0 * 3600.0 / window_s, 1e-6);
    EXPECT_EQ(ec_power[0][14], "0.015000");
    EXPECT_EQ(only(only(ec, 0, "idle"), 3, "power")[0][9], "0");
    const auto ec_samples = only(csv(run_dir / "samples.csv"), 4, "ec3000");
    ASSERT_EQ(ec_samples.size(), 2u);
    EXPECT_EQ(ec_samples[0][0], m3["phases"][1]["window_start"].get<std::string>());
    EXPECT_EQ(ec_samples[1][6], "1000.001");
    EXPECT_NE(wattbench::testing::read_whole(run_dir / "events.log")
                  .find("annotate: device 'ec3000', phase 'cpu-1'"),
              std::string::npos);
    EXPECT_EQ(without_device(csv(run_dir / "phases.csv"), 2, "ec3000"), phases);

    r = run({"annotate", run_dir.string(), "--phase", "cpu-1", "--device", "wattmeter", "--start-w",
             "1", "--end-w", "2"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("recorded by the sim driver"), std::string::npos) << r.err;
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::cli
