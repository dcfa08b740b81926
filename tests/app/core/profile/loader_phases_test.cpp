#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using namespace std::chrono_literals;
using testing::load_ok;

std::vector<std::string> names(const Profile& p) {
    std::vector<std::string> out;
    for (const auto& phase : p.phases) {
        out.push_back(phase.name);
    }
    return out;
}

std::vector<std::uint32_t> workers(const Profile& p) {
    std::vector<std::uint32_t> out;
    for (const auto& phase : p.phases) {
        out.push_back(phase.workers);
    }
    return out;
}

const std::string run = "[run]\nname = \"t\"\n";

TEST(LoaderPhases, RunDefaultsApplyWhenAbsent) {
    const Profile p = load_ok(run + "[[phase]]\nname = \"idle\"\nload = \"idle\"\n");
    EXPECT_EQ(p.run.name, "t");
    EXPECT_EQ(p.run.interval, 1s);
    EXPECT_EQ(p.run.warmup, 5min);
    EXPECT_EQ(p.run.window, 10min);
    ASSERT_EQ(p.phases.size(), 1u);
    EXPECT_EQ(p.phases[0].name, "idle");
    EXPECT_EQ(p.phases[0].template_name, "idle");
    EXPECT_EQ(p.phases[0].load, LoadKind::idle);
    EXPECT_EQ(p.phases[0].workers, 0u);
    EXPECT_EQ(p.phases[0].warmup, 5min);
    EXPECT_EQ(p.phases[0].window, 10min);
    EXPECT_EQ(p.phases[0].location.file, "test.toml");
    EXPECT_EQ(p.phases[0].location.line, 3u);
    EXPECT_EQ(p.phases[0].key_locations.at("load").line, 5u);
}

TEST(LoaderPhases, PhasesOverrideTheRunDefaults) {
    const Profile p = load_ok(
        "[run]\nname = \"t\"\ninterval = \"250ms\"\nwarmup = \"0s\"\nwindow = \"1h30m\"\n"
        "[[phase]]\nname = \"a\"\nload = \"idle\"\n"
        "[[phase]]\nname = \"b\"\nload = \"idle\"\nwarmup = \"90s\"\nwindow = \"2m\"\n");
    EXPECT_EQ(p.run.interval, 250ms);
    ASSERT_EQ(p.phases.size(), 2u);
    EXPECT_EQ(p.phases[0].warmup, 0s);
    EXPECT_EQ(p.phases[0].window, 90min);
    EXPECT_EQ(p.phases[1].warmup, 90s);
    EXPECT_EQ(p.phases[1].window, 2min);
}

TEST(LoaderPhases, WorkerListExpandsInOrder) {
    const Profile p =
        load_ok(run + "[[phase]]\nname = \"idle\"\nload = \"idle\"\n" +
                    "[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\n" + "workers = [1, 2, 4, 8]\n",
                {nullptr, 8});
    EXPECT_EQ(names(p), (std::vector<std::string>{"idle", "cpu-1", "cpu-2", "cpu-4", "cpu-8"}));
    EXPECT_EQ(workers(p), (std::vector<std::uint32_t>{0, 1, 2, 4, 8}));
    for (std::size_t i = 1; i < p.phases.size(); ++i) {
        EXPECT_EQ(p.phases[i].template_name, "cpu-{n}");
        EXPECT_EQ(p.phases[i].load, LoadKind::cpu);
        EXPECT_EQ(p.phases[i].location.line, 6u);
    }
    EXPECT_TRUE(p.warnings.empty());
}

TEST(LoaderPhases, RangeUpToNcpuUsesTheMachine) {
    const std::string text =
        run + "[[phase]]\nname = \"{n} threads ({n})\"\nload = \"cpu\"\nworkers = \"2..ncpu\"\n";
    const Profile p = load_ok(text, {nullptr, 4});
    EXPECT_EQ(names(p),
              (std::vector<std::string>{"2 threads (2)", "3 threads (3)", "4 threads (4)"}));
    EXPECT_EQ(workers(p), (std::vector<std::uint32_t>{2, 3, 4}));
    EXPECT_EQ(names(load_ok(text, {nullptr, 2})), (std::vector<std::string>{"2 threads (2)"}));
}

TEST(LoaderPhases, RangeWithNumbers) {
    const Profile p = load_ok(
        run + "[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\nworkers = \"3..5\"\n", {nullptr, 8});
    EXPECT_EQ(workers(p), (std::vector<std::uint32_t>{3, 4, 5}));
}

TEST(LoaderPhases, MaxWorkersCapsListsAndRanges) {
    EXPECT_EQ(workers(load_ok(run + "[[phase]]\nname = \"c{n}\"\nload = \"cpu\"\n"
                                    "workers = [1, 2, 4, 8, 16]\nmax_workers = 4\n",
                              {nullptr, 64})),
              (std::vector<std::uint32_t>{1, 2, 4}));
    EXPECT_EQ(workers(load_ok(run + "[[phase]]\nname = \"c{n}\"\nload = \"cpu\"\n"
                                    "workers = \"1..ncpu\"\nmax_workers = 3\n",
                              {nullptr, 64})),
              (std::vector<std::uint32_t>{1, 2, 3}));
}

TEST(LoaderPhases, SingleWorkerCountNeedsNoPlaceholder) {
    const Profile p = load_ok(run +
                                  "[[phase]]\nname = \"all\"\nload = \"cpu\"\nworkers = 2\n"
                                  "[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\nworkers = [3]\n",
                              {nullptr, 4});
    EXPECT_EQ(names(p), (std::vector<std::string>{"all", "cpu-3"}));
    EXPECT_EQ(workers(p), (std::vector<std::uint32_t>{2, 3}));
}

TEST(LoaderPhases, OversubscriptionIsAWarningWithItsLine) {
    const Profile p = load_ok(run + "[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\n" +
                                  "workers = [4, 8,\n  12]\n" +
                                  "[[phase]]\nname = \"many\"\nload = \"cpu\"\nworkers = 9\n",
                              {nullptr, 8});
    EXPECT_EQ(names(p), (std::vector<std::string>{"cpu-4", "cpu-8", "cpu-12", "many"}));
    EXPECT_EQ(p.warnings,
              (std::vector<std::string>{
                  "test.toml:7: workers: 12 exceeds this machine's 8 logical CPUs; the phase "
                  "will oversubscribe",
                  "test.toml:11: workers: 9 exceeds this machine's 8 logical CPUs; the phase "
                  "will oversubscribe"}));
    const Profile one = load_ok(run + "[[phase]]\nname = \"x\"\nload = \"cpu\"\nworkers = 2\n");
    EXPECT_EQ(one.warnings, (std::vector<std::string>{
                                "test.toml:6: workers: 2 exceeds this machine's 1 logical CPU; "
                                "the phase will oversubscribe"}));
}

TEST(LoaderPhases, CommandLoadKeepsItsArgvAndOptions) {
    const Profile p =
        load_ok(run + "[[phase]]\nname = \"model\"\nload = \"command\"\n" +
                "command = [\"wrk\", \"-t4\", \"http://127.0.0.1/\"]\n" +
                "setup = [\"systemctl\", \"start\", \"nginx\"]\nshell = true\ncwd = \"/srv\"\n" +
                "env = { A = \"1\", B = \"2\" }\n"
                "score = { regex = 'Requests/sec: *([0-9.]+)', unit = \"req/s\" }\n");
    ASSERT_EQ(p.phases.size(), 1u);
    const PhaseSettings& phase = p.phases[0];
    EXPECT_EQ(phase.load, LoadKind::command);
    EXPECT_EQ(phase.command, (std::vector<std::string>{"wrk", "-t4", "http://127.0.0.1/"}));
    using drivers::api::OptionValue;
    EXPECT_EQ(phase.load_options.at("setup"),
              OptionValue(std::string("[\"systemctl\", \"start\", \"nginx\"]")));
    EXPECT_EQ(phase.load_options.at("shell"), OptionValue(true));
    EXPECT_EQ(phase.load_options.at("cwd"), OptionValue(std::string("/srv")));
    EXPECT_EQ(phase.load_options.at("env"), OptionValue(std::string("{A = \"1\", B = \"2\"}")));
    const auto& c = phase.command_settings;
    EXPECT_EQ(c.setup, (std::vector<std::string>{"systemctl", "start", "nginx"}));
    EXPECT_TRUE(c.shell);
    EXPECT_EQ(c.cwd, "/srv");
    EXPECT_EQ(c.env, (std::map<std::string, std::string>{{"A", "1"}, {"B", "2"}}));
    EXPECT_EQ(c.on_exit, OnExit::restart);
    EXPECT_EQ(c.score_regex, "Requests/sec: *([0-9.]+)");
    EXPECT_EQ(c.score_unit, "req/s");
    EXPECT_EQ(phase.load_options.count("command"), 0u);
    EXPECT_EQ(phase.key_locations.at("env").line, 10u);
}

TEST(LoaderPhases, DiskLoadKeepsItsOptions) {
    const Profile p = load_ok(run + "[[phase]]\nname = \"disk\"\nload = \"disk\"\n" +
                              "path = \"/var/tmp/wb\"\nfile_size = \"1GB\"\nsync = true\n" +
                              "max_space = 10737418240\n");
    const PhaseSettings& phase = p.phases.at(0);
    using drivers::api::OptionValue;
    EXPECT_EQ(phase.load, LoadKind::disk);
    EXPECT_EQ(phase.load_options.size(), 4u);
    EXPECT_EQ(phase.load_options.at("path"), OptionValue(std::string("/var/tmp/wb")));
    EXPECT_EQ(phase.load_options.at("file_size"), OptionValue(std::string("1GB")));
    EXPECT_EQ(phase.load_options.at("sync"), OptionValue(true));
    EXPECT_EQ(phase.load_options.at("max_space"), OptionValue(std::int64_t{10737418240}));
    EXPECT_EQ(phase.key_locations.at("sync").line, 8u);
}

TEST(LoaderPhases, InlineArrayOfTablesWorksToo) {
    const Profile p = load_ok("phase = [{ name = \"a\", load = \"idle\" }]\n" + run);
    EXPECT_EQ(names(p), (std::vector<std::string>{"a"}));
}

TEST(LoaderPhases, ProfileKeepsItsTextAndPath) {
    const std::string text = run + "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    const Profile p = load_ok(text);
    EXPECT_EQ(p.text, text);
    EXPECT_EQ(p.path, "test.toml");
}

TEST(LoaderPhases, BackgroundPhaseGetsADefaultPrompt) {
    const Profile p = load_ok(run +
                              "[[phase]]\nname = \"room\"\nload = \"idle\"\nbackground = true\n"
                              "[[phase]]\nname = \"room2\"\nload = \"idle\"\nbackground = true\n"
                              "prompt = \"Unplug the server\"\n"
                              "[[phase]]\nname = \"idle\"\nload = \"idle\"\n");
    ASSERT_EQ(p.phases.size(), 3u);
    EXPECT_TRUE(p.phases[0].background);
    EXPECT_EQ(p.phases[0].prompt, "Switch the machine under test off, then confirm");
    EXPECT_TRUE(p.phases[1].background);
    EXPECT_EQ(p.phases[1].prompt, "Unplug the server");
    EXPECT_FALSE(p.phases[2].background);
    EXPECT_EQ(p.phases[2].prompt, "");
}

}  // namespace
}  // namespace wattbench::core::profile
