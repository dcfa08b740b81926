// End-to-end: the real `wattbench` binary on the demo profile, with real load.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

extern char** environ;

namespace wattbench::cli {
namespace {

namespace fs = std::filesystem;

struct Result {
    int exit_code = -1;
    std::string out;
    std::string err;
};

class Process {
public:
    explicit Process(std::vector<std::string> args) {
        args.insert(args.begin(), WATTBENCH_BIN);
        dir_ = fs::temp_directory_path() /
               ("wb-cli-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++));
        fs::create_directories(dir_);
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 1, (dir_ / "out").c_str(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_addopen(&fa, 2, (dir_ / "err").c_str(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
        std::vector<char*> argv;
        for (auto& a : args) {
            argv.push_back(a.data());
        }
        argv.push_back(nullptr);
        posix_spawn(&pid_, argv[0], &fa, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&fa);
    }
    void signal(int sig) { ::kill(pid_, sig); }
    Result wait() {
        int status = 0;
        waitpid(pid_, &status, 0);
        Result r;
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        r.out = slurp(dir_ / "out");
        r.err = slurp(dir_ / "err");
        fs::remove_all(dir_);
        return r;
    }
    static std::string slurp(const fs::path& p) {
        std::ifstream in(p);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }

private:
    pid_t pid_ = -1;
    fs::path dir_;
    static inline int counter_ = 0;
};

Result run(std::vector<std::string> args) {
    return Process(std::move(args)).wait();
}

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
    // The files under test never quote fields in these columns, so a split on commas is exact;
    // a quoted field would show up as a wrong column count.
    std::vector<std::vector<std::string>> rows;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, ',');) {
            f.push_back(cell);
        }
        if (!line.empty() && line.back() == ',') {
            f.emplace_back();
        }
        rows.push_back(f);
    }
    return rows;
}

std::string out_dir(const std::string& name) {
    auto d = fs::temp_directory_path() / ("wb-run-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(d);
    return d.string();
}

const std::string kDemo = std::string(WATTBENCH_SOURCE_DIR) + "/profiles/demo.toml";

TEST(Cli, DemoRunsTheFourPhaseKindsWritesEveryFileAndPowerRisesWithLoad) {
    const auto dir = out_dir("demo");
    auto r = run({"run", kDemo, "--warmup", "1s", "--window", "2s", "--out", dir});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char* f : {"samples.csv", "phases.csv", "events.log", "manifest.json"}) {
        EXPECT_TRUE(fs::exists(dir + "/" + f)) << f;
    }
    std::ifstream mf(dir + "/manifest.json");
    const auto manifest = nlohmann::json::parse(mf);
    EXPECT_EQ(manifest["run"]["status"], "completed");

    auto samples = read_csv(dir + "/samples.csv");
    ASSERT_GT(samples.size(), 10u);
    EXPECT_EQ(samples[0], (std::vector<std::string>{"time", "elapsed_s", "phase", "stage", "device",
                                                    "channel", "value", "unit", "status"}));
    for (std::size_t i = 1; i < samples.size(); ++i) {
        ASSERT_EQ(samples[i].size(), 9u) << "samples.csv line " << i + 1;
        EXPECT_EQ(samples[i][0].size(), 24u) << samples[i][0];  // 2026-11-29T19:50:40.123Z
        EXPECT_TRUE(std::set<std::string>({"warmup", "window", "between"}).count(samples[i][3]));
        EXPECT_EQ(samples[i][6].empty(), samples[i][8] != "ok") << "line " << i + 1;
    }

    auto phases = read_csv(dir + "/phases.csv");
    EXPECT_EQ(phases[0],
              (std::vector<std::string>{"phase", "load", "device", "channel", "unit", "mean", "min",
                                        "max", "stddev", "samples", "coverage", "start", "end",
                                        "flags", "uncertainty", "l10", "l90"}));
    std::set<std::pair<std::string, std::string>> rows;
    std::map<std::string, double> power;
    std::map<std::string, double> util;
    for (std::size_t i = 1; i < phases.size(); ++i) {
        ASSERT_EQ(phases[i].size(), 17u);
        rows.emplace(phases[i][0], phases[i][2] + "/" + phases[i][3]);
        if (phases[i][2] == "wattmeter" && phases[i][3] == "power") {
            power[phases[i][0]] = std::stod(phases[i][5]);
        }
        if (phases[i][2] == "host" && phases[i][3] == "cpu_util") {
            util[phases[i][0]] = std::stod(phases[i][5]);
        }
    }
    std::vector<std::string> names;
    for (const auto& p : manifest["phases"]) {
        names.push_back(p["name"]);
        EXPECT_EQ(p["status"], "done");
        for (const auto& d : manifest["devices"]) {
            for (const auto& c : d["channels"]) {
                EXPECT_TRUE(
                    rows.count({p["name"], std::string(d["id"]) + "/" + std::string(c["name"])}))
                    << p["name"] << " " << d["id"] << "/" << c["name"];
            }
        }
    }
    // The review's four kinds of phase: idle, 1 … N busy CPUs, disk writes, the model workload.
    const unsigned cpus = std::min(8u, std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::string> expected_names{"idle"};
    std::vector<std::string> expected_loads{"idle"};
    for (unsigned n = 1; n <= cpus; ++n) {
        expected_names.push_back("cpu-" + std::to_string(n));
        expected_loads.push_back("cpu");
    }
    expected_names.insert(expected_names.end(), {"disk", "model"});
    expected_loads.insert(expected_loads.end(), {"disk", "command"});
    ASSERT_EQ(names, expected_names);
    std::vector<std::string> loads;
    for (const auto& p : manifest["phases"]) {
        loads.push_back(p["load"]);
    }
    EXPECT_EQ(loads, expected_loads);
    // Power follows the machine's measured CPU use (the sim wattmeter's curve) up the ladder.
    // Where other programs already kept the CPUs busy a step adds no use, and no power.
    ASSERT_EQ(util.size(), names.size()) << "host/cpu_util missing from phases.csv";
    for (std::size_t i = 1; i <= cpus; ++i) {
        if (util[names[i]] > util[names[i - 1]] + 10.0) {
            EXPECT_GT(power[names[i]], power[names[i - 1]])
                << names[i] << " vs " << names[i - 1] << " at " << util[names[i]] << " % vs "
                << util[names[i - 1]] << " % CPU";
        }
    }
    // The model phase is the web recipe: nginx serving wrk, its requests per second the score.
    const auto& model = manifest["phases"].back();
    ASSERT_TRUE(model["score"].is_object()) << model.dump();
    EXPECT_EQ(model["score"]["unit"], "req/s");
    EXPECT_GT(model["score"]["value"].get<double>(), 0.0);
    EXPECT_EQ(model["recipe"], "web");
    EXPECT_EQ(model["recipe_dir"], std::string(WATTBENCH_SOURCE_DIR) + "/workloads/web");
    EXPECT_EQ(model["recipe_options"]["threads"], 4);
    EXPECT_EQ(model["recipe_options"]["files"], 100);  // a default the profile leaves out
    EXPECT_FALSE(fs::exists(dir + "/work")) << "the recipe's phase folder is left";
    EXPECT_NE(r.out.find("idle"), std::string::npos) << r.out;  // the per-phase table

    auto report = run({"report", dir, "--format", "md"});
    EXPECT_EQ(report.exit_code, 0) << report.err;
    EXPECT_NE(report.out.find("wattmeter/power"), std::string::npos);
    EXPECT_NE(report.out.find("Score per watt [req/s/W] (wattmeter/power)"), std::string::npos)
        << report.out;
    auto json = run({"report", dir, "--format", "json"});
    EXPECT_EQ(json.exit_code, 0);
    EXPECT_NO_THROW((void)nlohmann::json::parse(json.out));
    fs::remove_all(dir);
}

void expect_consistent_after_signal(int sig, int expected_exit) {
    const auto dir = out_dir("sig" + std::to_string(sig));
    Process p({"run", kDemo, "--warmup", "1s", "--window", "2s", "--out", dir});
    std::this_thread::sleep_for(std::chrono::milliseconds(4500));  // inside cpu-1
    p.signal(sig);
    auto r = p.wait();
    EXPECT_EQ(r.exit_code, expected_exit) << r.err;
    std::ifstream mf(dir + "/manifest.json");
    const auto manifest = nlohmann::json::parse(mf);
    EXPECT_EQ(manifest["run"]["status"], "interrupted");
    EXPECT_EQ(manifest["run"]["exit_code"], expected_exit);
    EXPECT_EQ(manifest["phases"][0]["status"], "done");
    EXPECT_FALSE(manifest["run"]["interrupted_phase"].is_null());
    auto samples = read_csv(dir + "/samples.csv");
    for (std::size_t i = 1; i < samples.size(); ++i) {
        ASSERT_EQ(samples[i].size(), 9u) << "samples.csv line " << i + 1;
    }
    auto phases = read_csv(dir + "/phases.csv");
    ASSERT_GE(phases.size(), 2u);
    for (std::size_t i = 1; i < phases.size(); ++i) {
        ASSERT_EQ(phases[i].size(), 17u);
        EXPECT_EQ(phases[i][0], "idle");
    }
    const auto events = Process::slurp(dir + "/events.log");
    EXPECT_NE(events.find("interrupted"), std::string::npos) << events;
    auto report = run({"report", dir});
    EXPECT_EQ(report.exit_code, 0) << report.err;
    fs::remove_all(dir);
}

TEST(Cli, SigintLeavesAConsistentRunDirectoryAndExits130) {
    expect_consistent_after_signal(SIGINT, 130);
}

TEST(Cli, SigtermExits143) {
    expect_consistent_after_signal(SIGTERM, 143);
}

TEST(Cli, RefusesANonEmptyOutputDirectory) {
    const auto dir = out_dir("nonempty");
    fs::create_directories(dir);
    std::ofstream(dir + "/x") << "keep";
    auto r = run({"run", kDemo, "--out", dir});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("not empty"), std::string::npos) << r.err;
    EXPECT_EQ(Process::slurp(dir + "/x"), "keep");
    fs::remove_all(dir);
}

TEST(Cli, ProfileErrorsNameFileLineAndKey) {
    const auto path =
        fs::temp_directory_path() / ("wb-bad-" + std::to_string(::getpid()) + ".toml");
    std::ofstream(path)
        << "[run]\nname = \"x\"\nwindw = \"5s\"\n[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    auto r = run({"validate", path.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(path.string() + ":3"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("windw"), std::string::npos) << r.err;
    auto r2 = run({"run", path.string()});
    EXPECT_EQ(r2.exit_code, 2);
    fs::remove(path);
}

TEST(Cli, ACommandPhaseLogsItsOutputAndRecordsItsScore) {
    const auto path =
        fs::temp_directory_path() / ("wb-command-" + std::to_string(::getpid()) + ".toml");
    std::ofstream(path) << "[run]\nname = \"x\"\n[[device]]\nid = \"w\"\ndriver = \"sim\"\n"
                           "connection = \"sim://wattmeter\"\n[[phase]]\nname = \"model\"\n"
                           "load = \"command\"\ncommand = [\"sh\", \"-c\", \"echo 'rate: 41.5'; "
                           "sleep 60\"]\nscore = { regex = 'rate: ([0-9.]+)', unit = \"op/s\" }\n";
    const auto dir = out_dir("command");
    auto r = run({"run", path.string(), "--out", dir, "--warmup", "0s", "--window", "1s"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(Process::slurp(dir + "/logs/model.log").find("rate: 41.5"), std::string::npos);
    std::ifstream mf(dir + "/manifest.json");
    const auto manifest = nlohmann::json::parse(mf);
    EXPECT_EQ(manifest["phases"][0]["score"]["value"], 41.5);
    EXPECT_EQ(manifest["phases"][0]["score"]["unit"], "op/s");
    fs::remove_all(dir);
    fs::remove(path);
}

// A profile of devices alone: `monitor` reads them (man page: no phases), `validate` says it
// serves monitor only, `run` refuses it.
TEST(Cli, MonitorTakesAProfileWithoutPhasesAndRunRefusesIt) {
    const auto base = fs::temp_directory_path() / ("wb-monitor-" + std::to_string(::getpid()));
    fs::remove_all(base);
    fs::create_directories(base);
    const auto profile = (base / "devices.toml").string();
    std::ofstream(profile) << "[run]\nname = \"rack\"\ninterval = \"100ms\"\n\n"
                              "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\n"
                              "connection = \"sim://wattmeter\"\n";
    const auto checked = run({"validate", profile});
    EXPECT_EQ(checked.exit_code, 0) << checked.err;
    EXPECT_NE(checked.out.find("phases: none (the profile serves `wattbench monitor`; `run` needs "
                               "a [[phase]])\nprofile is valid for monitor\n"),
              std::string::npos)
        << checked.out;
    EXPECT_EQ(checked.out.find("profile is valid\n"), std::string::npos) << checked.out;
    const auto refused = run({"run", profile, "--out", (base / "run").string()});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("the profile has no [[phase]]"), std::string::npos) << refused.err;

    const auto out = base / "mon";
    Process monitor({"monitor", profile, "--out", out.string()});
    // Until the first reading is in samples.csv (flushed at least once a second); bounded only
    // so that a broken monitor fails instead of hanging.
    std::size_t rows = 0;
    for (int i = 0; i < 200 && rows < 2; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        rows = read_csv((out / "samples.csv").string()).size();
    }
    monitor.signal(SIGINT);
    const auto r = monitor.wait();
    EXPECT_EQ(r.exit_code, 130) << r.err;
    const auto samples = read_csv((out / "samples.csv").string());
    ASSERT_GE(samples.size(), 2u) << r.err;
    EXPECT_EQ(samples[1][4], "wattmeter");
    EXPECT_EQ(samples[1][2], "");  // no phase
    EXPECT_EQ(samples[1][3], "between");
    fs::remove_all(base);
}

TEST(Cli, ValidateAndDevices) {
    auto v = run({"validate", kDemo});
    EXPECT_EQ(v.exit_code, 0) << v.err;
    EXPECT_NE(v.out.find("profile is valid"), std::string::npos);
    auto d = run({"devices"});
    EXPECT_EQ(d.exit_code, 0);
    EXPECT_NE(d.out.find("sim"), std::string::npos);
    auto bad = run({"frobnicate"});
    EXPECT_EQ(bad.exit_code, 2);
}

}  // namespace
}  // namespace wattbench::cli
