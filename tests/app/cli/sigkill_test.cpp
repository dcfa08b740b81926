// End-to-end: `wattbench run` killed with SIGKILL at random instants. Whatever the instant, the
// run directory must read back (every file parses, no half-written line), the manifest must say
// how far the run got, `wattbench report` must call the run killed, and nothing the run started
// may outlive it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/core/rundir/csv_reader.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"
#include "tests/support/process_group.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::cli {
namespace {

namespace fs = std::filesystem;
namespace t = wattbench::testing;
using namespace std::chrono_literals;

// Three phases of 1 s warm-up and 2 s window after about half a second of start-up.
constexpr double kExpectedRunS = 9.5;
constexpr double kEarliestKillS = 0.2;
// A load watchdog may be what ends the command after wattbench is gone.
constexpr auto kOrphanLimit = 10s;

int env_int(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? std::atoi(v) : fallback;
}

bool parses_as_number(const std::string& text) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    return ec == std::errc() && end == text.data() + text.size();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        out.push_back(line);
    }
    return out;
}

// samples.csv: the header, then only whole rows of 9 fields, the file ending at a row's end.
void check_samples(const fs::path& path) {
    ASSERT_TRUE(fs::exists(path));
    const std::string text = t::read_whole(path);
    const auto lines = lines_of(text);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0], "time,elapsed_s,phase,stage,device,channel,value,unit,status");
    EXPECT_EQ(text.back(), '\n') << "samples.csv ends in a cut-off line: " << lines.back();
    const std::set<std::string> stages{"warmup", "window", "between"};
    const std::set<std::string> statuses{"ok", "overrange", "unavailable", "error"};
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::string error;
        const auto fields = core::rundir::split_csv_line(lines[i], &error);
        ASSERT_TRUE(fields) << "samples.csv:" << i + 1 << ": " << error;
        const auto& f = *fields;
        ASSERT_EQ(f.size(), 9u) << "samples.csv:" << i + 1 << ": " << lines[i];
        EXPECT_EQ(f[0].size(), 24u) << "samples.csv:" << i + 1 << ": " << lines[i];
        EXPECT_TRUE(parses_as_number(f[1])) << "samples.csv:" << i + 1 << ": " << lines[i];
        EXPECT_TRUE(stages.count(f[3])) << "samples.csv:" << i + 1 << ": " << lines[i];
        EXPECT_TRUE(statuses.count(f[8])) << "samples.csv:" << i + 1 << ": " << lines[i];
        if (f[8] == "ok" && f[7] != "state") {
            EXPECT_TRUE(parses_as_number(f[6])) << "samples.csv:" << i + 1 << ": " << lines[i];
        }
    }
}

// events.log: whole lines, each "2026-…Z LEVEL message".
std::vector<std::string> check_events(const fs::path& path) {
    const std::string text = fs::exists(path) ? t::read_whole(path) : std::string();
    const auto lines = lines_of(text);
    if (!text.empty()) {
        EXPECT_EQ(text.back(), '\n') << "events.log ends in a cut-off line: " << lines.back();
    }
    for (const auto& line : lines) {
        EXPECT_TRUE(line.size() > 25 && line[23] == 'Z' && line[24] == ' ' &&
                    (line.compare(25, 4, "INFO") == 0 || line.compare(25, 4, "WARN") == 0 ||
                     line.compare(25, 5, "ERROR") == 0))
            << "events.log: " << line;
    }
    return lines;
}

// The manifest is a whole JSON object, and a phase whose window events.log shows opened has
// its start and is in its window or done: the engine writes the manifest before it logs that.
// (The warm-up is logged before its manifest is written, so no such check holds for it.)
void check_manifest(const nlohmann::json& m, const std::vector<std::string>& events) {
    ASSERT_TRUE(m.is_object());
    ASSERT_TRUE(m.contains("run") && m["run"].is_object());
    ASSERT_TRUE(m.contains("phases") && m["phases"].is_array());
    for (const auto& p : m["phases"]) {
        const std::string name = p.value("name", "");
        const std::string status = p.value("status", "");
        const std::string opened = "phase '" + name + "': averaging window opened";
        if (std::none_of(events.begin(), events.end(), [&](const std::string& e) {
                return e.find(opened) != std::string::npos;
            })) {
            continue;
        }
        EXPECT_TRUE(p.contains("window_start") && p["window_start"].is_string())
            << name << ": its window opened, the manifest has no window_start";
        EXPECT_TRUE(status == "window" || status == "done")
            << name << ": its window opened, the manifest says " << status;
    }
}

// The processes still alive that the run started: anything naming the marker, and any living
// child of ours (the test adopts the run's orphans) other than a zombie waiting to be reaped.
std::vector<pid_t> leftovers(const std::string& marker) {
    t::reap_adopted();
    std::vector<pid_t> out = t::processes_mentioning(marker);
    for (const pid_t pid : t::descendants(::getpid())) {
        if (std::find(out.begin(), out.end(), pid) == out.end()) {
            out.push_back(pid);
        }
    }
    return out;
}

std::string describe(const std::vector<pid_t>& pids) {
    std::string out;
    for (const pid_t pid : pids) {
        std::string cmd = t::proc_file(pid, "cmdline");
        std::replace(cmd.begin(), cmd.end(), '\0', ' ');
        out += " [" + std::to_string(pid) + ": " + cmd + "]";
    }
    return out;
}

TEST(SigkillAnyInstant, LeavesFilesThatParseAKilledReportAndNoLiveChild) {
    t::adopt_orphans();
    const int runs = env_int("WATTBENCH_SIGKILL_RUNS", 20);
    const auto seed = static_cast<std::uint32_t>(
        env_int("WATTBENCH_SIGKILL_SEED", static_cast<int>(std::random_device{}() & 0x7fffffff)));
    std::printf("sigkill_test: seed %u (WATTBENCH_SIGKILL_SEED=%u repeats it), %d runs\n", seed,
                seed, runs);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> instant(kEarliestKillS, kExpectedRunS);

    const fs::path root = fs::temp_directory_path() / ("wb-sigkill-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
    // The command's argument names this test's processes in /proc; sleep takes any number.
    const std::string marker = "300" + std::to_string(::getpid());
    const fs::path profile = root / "killed.toml";
    std::ofstream(profile) << "[run]\nname = \"killed\"\ninterval = \"100ms\"\n"
                              "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\n"
                              "connection = \"sim://wattmeter\"\n"
                              "[[device]]\nid = \"bmc\"\ndriver = \"sim\"\n"
                              "connection = \"sim://bmc\"\n"
                              "[[phase]]\nname = \"idle\"\nload = \"idle\"\n"
                              "[[phase]]\nname = \"model\"\nload = \"command\"\n"
                              "command = [\"sleep\", \""
                           << marker
                           << "\"]\n"
                              "[[phase]]\nname = \"cpu-1\"\nload = \"cpu\"\nworkers = 1\n";

    int killed_runs = 0;
    int killed_in_command = 0;  // with the command phase's sleep alive at the kill
    for (int i = 0; i < runs; ++i) {
        const double at = instant(rng);
        SCOPED_TRACE("run " + std::to_string(i) + ", SIGKILL at " + std::to_string(at) + " s");
        const fs::path dir = root / ("run-" + std::to_string(i));
        t::PipedProgram p;
        t::start_piped(p,
                       {WATTBENCH_BIN, "run", profile.string(), "--out", dir.string(), "--warmup",
                        "1s", "--window", "2s"},
                       false, (root / "stderr").string());
        ASSERT_GT(p.pid, 0);
        const pid_t pid = p.pid;
        auto code = p.wait(std::chrono::milliseconds(static_cast<long>(at * 1000)));
        const bool killed = !code;
        if (killed) {
            killed_in_command += t::processes_mentioning(marker).empty() ? 0 : 1;
            ASSERT_EQ(::kill(pid, SIGKILL), 0);
            code = p.wait(10s);
            ASSERT_TRUE(code);
            EXPECT_EQ(*code, 128 + SIGKILL);
            ++killed_runs;
        } else {
            EXPECT_EQ(*code, 0) << t::read_whole(root / "stderr");
        }

        // No process of the run remains.
        const auto deadline = std::chrono::steady_clock::now() + kOrphanLimit;
        auto left = leftovers(marker);
        while (!left.empty() && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(50ms);
            left = leftovers(marker);
        }
        EXPECT_TRUE(left.empty())
            << left.size() << " process(es) of the run alive "
            << std::chrono::duration_cast<std::chrono::seconds>(kOrphanLimit).count()
            << " s after it was killed:" << describe(left);
        for (const pid_t orphan : left) {
            ::kill(orphan, SIGKILL);
        }
        t::reap_adopted();

        ASSERT_TRUE(fs::is_directory(dir)) << "no run directory " << dir;
        ASSERT_TRUE(fs::exists(dir / "manifest.json"));
        nlohmann::json manifest;
        ASSERT_NO_THROW(manifest = nlohmann::json::parse(t::read_whole(dir / "manifest.json")))
            << t::read_whole(dir / "manifest.json");
        const auto events = check_events(dir / "events.log");
        check_manifest(manifest, events);
        check_samples(dir / "samples.csv");
        ASSERT_TRUE(fs::exists(dir / "phases.csv"));
        auto phases = core::rundir::read_phases_csv((dir / "phases.csv").string());
        EXPECT_TRUE(std::holds_alternative<std::vector<core::stats::ChannelSummary>>(phases))
            << std::get<core::rundir::PhasesCsvError>(phases).to_string();

        const std::string status = manifest["run"].value("status", "");
        if (killed) {
            EXPECT_EQ(status, "running") << "killed, yet the manifest recorded an end";
            EXPECT_TRUE(manifest["run"]["ended"].is_null());
        }
        const auto report = t::run_program({WATTBENCH_BIN, "report", dir.string()}, root);
        EXPECT_EQ(report.exit_code, 0) << report.err;
        if (status == "running") {
            EXPECT_NE(report.out.find("**killed** (no end recorded)"), std::string::npos)
                << report.out.substr(0, 2000);
            EXPECT_NE(report.out.find("The run was killed (no end recorded)"), std::string::npos)
                << report.out.substr(0, 2000);
        } else {
            // The profile is named "killed": only the status may not say it.
            EXPECT_EQ(report.out.find("**killed**"), std::string::npos);
        }
        if (::testing::Test::HasFailure()) {
            std::printf("sigkill_test: run %d (SIGKILL at %.3f s) failed; kept in %s\n", i, at,
                        dir.c_str());
            return;
        }
        fs::remove_all(dir);
    }
    std::printf("sigkill_test: %d of %d runs killed before they ended, %d while the command ran\n",
                killed_runs, runs, killed_in_command);
    EXPECT_GT(killed_runs, runs / 2) << "the runs end sooner than kExpectedRunS: kill earlier";
    fs::remove_all(root);
}

}  // namespace
}  // namespace wattbench::cli
