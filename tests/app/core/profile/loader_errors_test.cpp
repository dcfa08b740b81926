#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using testing::load_error;
using testing::load_ok;

const std::string idle_phase = "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";

TEST(LoaderErrors, UnknownTopLevelTableSuggestsTheKnownOne) {
    EXPECT_EQ(load_error("[run]\nname = \"t\"\n[runn]\nx = 1\n" + idle_phase),
              "test.toml:3:1: runn: unknown key 'runn' (did you mean 'run'?)");
    EXPECT_EQ(load_error("title = \"x\"\n[run]\nname = \"t\"\n" + idle_phase),
              "test.toml:1:1: title: unknown key 'title'");
}

TEST(LoaderErrors, UnknownRunKeyNamesKeyLineAndSuggestion) {
    EXPECT_EQ(load_error("[run]\nname = \"t\"\nwindw = \"5m\"\n" + idle_phase),
              "test.toml:3:1: run.windw: unknown key 'windw' (did you mean 'window'?)");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\n  warmpu = \"5m\"\n" + idle_phase),
              "test.toml:3:3: run.warmpu: unknown key 'warmpu' (did you mean 'warmup'?)");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\n[run.extra]\nx = 1\n" + idle_phase),
              "test.toml:3:1: run.extra: unknown key 'extra'");
}

TEST(LoaderErrors, RunTableIsRequiredWithAName) {
    EXPECT_EQ(load_error(idle_phase),
              "test.toml: run: missing [run] table (it needs at least name = \"…\")");
    EXPECT_EQ(load_error("[run]\nwindow = \"5m\"\n" + idle_phase),
              "test.toml:1:1: run: missing required key 'name'");
    EXPECT_EQ(load_error("[run]\nname = \"\"\n" + idle_phase),
              "test.toml:2:1: run.name: must not be empty");
    EXPECT_EQ(load_error("[run]\nname = 7\n" + idle_phase),
              "test.toml:2:1: run.name: expected a string, got integer 7");
    EXPECT_EQ(load_error("[[run]]\nname = \"t\"\n" + idle_phase),
              "test.toml:1:1: run: expected a [run] table, got an array");
}

TEST(LoaderErrors, DurationsOfTheWrongTypeOrForm) {
    EXPECT_EQ(load_error("[run]\nname = \"t\"\nwindow = 90\n" + idle_phase),
              "test.toml:3:1: run.window: expected a duration string like \"90s\", got integer 90");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\nwarmup = \"5 min\"\n" + idle_phase),
              "test.toml:3:1: run.warmup: invalid duration '5 min' (use forms like 90s, 5m, "
              "1h30m, 250ms)");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\ninterval = 1.5\n" + idle_phase),
              "test.toml:3:1: run.interval: expected a duration string like \"90s\", got float "
              "1.5");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\ninterval = \"5ms\"\n" + idle_phase),
              "test.toml:3:1: run.interval: must be at least 10ms");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\nwindow = \"0s\"\n" + idle_phase),
              "test.toml:3:1: run.window: must be longer than 0s");
}

TEST(LoaderErrors, TomlSyntaxErrorsAreOneLocatedLine) {
    const std::string bad_value = load_error("[run]\nname = \"t\"\nwindow = 5m\n" + idle_phase);
    EXPECT_EQ(bad_value, "test.toml:3:11: invalid line format: expected newline, but got 'm'");

    const std::string twice = load_error("[run]\nname = \"t\"\nname = \"u\"\n" + idle_phase);
    EXPECT_EQ(twice, "test.toml:3:8: value (\"name\") already exists: value defined twice");

    const std::string open_string = load_error("[run]\nname = \"t\n" + idle_phase);
    EXPECT_TRUE(open_string.starts_with("test.toml:2:")) << open_string;
    EXPECT_EQ(open_string.find('\n'), std::string::npos) << open_string;
}

TEST(LoaderErrors, PhasesMustExistAndBeArraysOfTables) {
    EXPECT_EQ(load_error("[run]\nname = \"t\"\n"), "test.toml: the profile has no [[phase]]");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\n[phase]\nname = \"idle\"\nload = \"idle\"\n"),
              "test.toml:3:1: phase: expected [[phase]] tables, got a table");
    EXPECT_EQ(load_error("[run]\nname = \"t\"\n[device]\nid = \"w\"\n" + idle_phase),
              "test.toml:3:1: device: expected [[device]] tables, got a table");
    EXPECT_EQ(load_error("phase = [1]\n[run]\nname = \"t\"\n"),
              "test.toml:1:10: phase: expected [[phase]] tables, got integer 1");
}

// `monitor` reads devices only: a profile without phases is whole, and a malformed [[phase]] is
// still an error.
TEST(LoaderErrors, AMonitorProfileNeedsNoPhase) {
    LoadContext monitor;
    monitor.phases_required = false;
    const auto p = load_ok("[run]\nname = \"t\"\n", monitor);
    EXPECT_EQ(p.run.name, "t");
    EXPECT_TRUE(p.phases.empty());
    EXPECT_EQ(load_error("[run]\nname = \"t\"\n[phase]\nname = \"idle\"\n", monitor),
              "test.toml:3:1: phase: expected [[phase]] tables, got a table");
}

const std::string run = "[run]\nname = \"t\"\n";  // lines 1-2; [[phase]] opens on line 3

TEST(LoaderErrors, PhaseKeysAreChecked) {
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"idle\"\nload = \"idle\"\nwindw = \"1m\"\n"),
              "test.toml:6:1: phase[1].windw: unknown key 'windw' (did you mean 'window'?)");
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"idle\"\n"),
              "test.toml:3:1: phase[1]: missing required key 'load'");
    EXPECT_EQ(load_error(run + "[[phase]]\nload = \"idle\"\n"),
              "test.toml:3:1: phase[1]: missing required key 'name'");
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"x\"\nload = \"cpus\"\n"),
              "test.toml:5:1: phase[1].load: unknown load 'cpus' (use idle, cpu, disk or command)");
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"a,b\"\nload = \"idle\"\n"),
              "test.toml:4:1: phase[1].name: phase name 'a,b' must not contain ',' or '*' (they "
              "separate and match names in --only)");
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"x\"\nload = \"idle\"\nwindow = \"0s\"\n"),
              "test.toml:6:1: phase[1].window: must be longer than 0s");
    EXPECT_EQ(
        load_error(run + "[[phase]]\nname = \"x\"\nload = \"idle\"\nwarmup = 300\n"),
        "test.toml:6:1: phase[1].warmup: expected a duration like \"5m\" or a table like { "
        "min = \"2m\", max = \"60m\", until_stable = [\"wattmeter/power\"] }, got integer 300");
}

TEST(LoaderErrors, KeysOfAnotherLoadAreRefused) {
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"x\"\nload = \"idle\"\nworkers = 2\n"),
              "test.toml:6:1: phase[1].workers: only valid with load = \"cpu\" (this phase has "
              "load = \"idle\")");
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"x\"\nload = \"disk\"\nmax_workers = 2\n"),
              "test.toml:6:1: phase[1].max_workers: only valid with load = \"cpu\" (this phase "
              "has load = \"disk\")");
    EXPECT_EQ(
        load_error(run +
                   "[[phase]]\nname = \"x\"\nload = \"cpu\"\nworkers = 1\ncommand = [\"a\"]\n"),
        "test.toml:7:1: phase[1].command: only valid with load = \"command\" (this phase has "
        "load = \"cpu\")");
    EXPECT_EQ(
        load_error(run + "[[phase]]\nname = \"x\"\nload = \"cpu\"\nworkers = 1\npath = \"/\"\n"),
        "test.toml:7:1: phase[1].path: only valid with load = \"disk\" (this phase has "
        "load = \"cpu\")");
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"x\"\nload = \"disk\"\nshell = true\n"),
              "test.toml:6:1: phase[1].shell: only valid with load = \"command\" (this phase has "
              "load = \"disk\")");
}

TEST(LoaderErrors, WorkersMustBeCountsListsOrRanges) {
    const std::string cpu = run + "[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\n";  // to line 5
    EXPECT_EQ(load_error(cpu),
              "test.toml:3:1: phase[1]: missing required key 'workers' (load = \"cpu\" needs a "
              "thread count)");
    EXPECT_EQ(load_error(cpu + "workers = 0\n"),
              "test.toml:6:11: phase[1].workers: must be at least 1, got 0");
    EXPECT_EQ(load_error(cpu + "workers = [1, \"2\"]\n"),
              "test.toml:6:15: phase[1].workers: expected an integer, got an element string "
              "\"2\"");
    EXPECT_EQ(load_error(cpu + "workers = [1, 2, 1]\n"),
              "test.toml:6:18: phase[1].workers: lists 1 twice");
    EXPECT_EQ(load_error(cpu + "workers = []\n"),
              "test.toml:6:1: phase[1].workers: must list at least one count");
    EXPECT_EQ(load_error(cpu + "workers = 1.5\n"),
              "test.toml:6:1: phase[1].workers: expected an integer, a list of integers or a "
              "range like \"1..ncpu\", got float 1.5");
    EXPECT_EQ(load_error(cpu + "workers = \"1-4\"\n"),
              "test.toml:6:1: phase[1].workers: invalid range '1-4' (use \"A..B\" where B is a "
              "number or ncpu, e.g. \"1..ncpu\")");
    EXPECT_EQ(load_error(cpu + "workers = \"0..2\"\n"),
              "test.toml:6:1: phase[1].workers: range '0..2' must start at 1 or more");
    EXPECT_EQ(load_error(cpu + "workers = \"4..ncpu\"\n", {nullptr, 2}),
              "test.toml:6:1: phase[1].workers: range '4..ncpu' is empty on this machine (2 "
              "logical CPUs)");
    EXPECT_EQ(load_error(cpu + "workers = \"1..5000\"\n"),
              "test.toml:6:1: phase[1].workers: range '1..5000' goes above the limit of 4096");
    EXPECT_EQ(load_error(cpu + "workers = [1, 2]\nmax_workers = 0\n"),
              "test.toml:7:1: phase[1].max_workers: must be at least 1, got 0");
    EXPECT_EQ(load_error(cpu + "workers = [4, 8]\nmax_workers = 2\n"),
              "test.toml:7:1: phase[1].max_workers: max_workers = 2 drops every entry of workers");
}

TEST(LoaderErrors, NamesOfExpandedPhases) {
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"cpu\"\nload = \"cpu\"\nworkers = [1, 2]\n"),
              "test.toml:4:1: phase[1].name: name must contain {n} when workers expands to "
              "several phases");
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"idle-{n}\"\nload = \"idle\"\n"),
              "test.toml:4:1: phase[1].name: {n} stands for the worker count, which only load = "
              "\"cpu\" has");
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\nworkers = [1, 2]\n"
                               "[[phase]]\nname = \"cpu-2\"\nload = \"cpu\"\nworkers = 2\n"),
              "test.toml:8:1: phase[2].name: duplicate phase name 'cpu-2' (phase[1] and "
              "phase[2])");
    EXPECT_EQ(load_error(run + idle_phase + idle_phase),
              "test.toml:7:1: phase[2].name: duplicate phase name 'idle' (phase[1] and phase[2])");
}

TEST(LoaderErrors, CommandLoadNeedsACommand) {
    const std::string cmd = run + "[[phase]]\nname = \"model\"\nload = \"command\"\n";
    EXPECT_EQ(load_error(cmd),
              "test.toml:3:1: phase[1]: missing required key 'command' (load = \"command\" needs "
              "the program and its arguments)");
    EXPECT_EQ(load_error(cmd + "command = \"wrk -t4\"\n"),
              "test.toml:6:1: phase[1].command: expected an array of strings, got string \"wrk "
              "-t4\"");
    EXPECT_EQ(load_error(cmd + "command = []\n"),
              "test.toml:6:1: phase[1].command: must start with the program to run");
    EXPECT_EQ(load_error(cmd + "command = [\"wrk\", 4]\n"),
              "test.toml:6:19: phase[1].command: expected an array of strings, got an element "
              "integer 4");
}

TEST(LoaderErrors, ErrorsAreValuesEvenForGarbage) {
    for (const std::string& text : {std::string("\x00\x01", 2), std::string("[[[[["),
                                    std::string("a = 99999999999999999999999"),
                                    std::string("= = ="), std::string("\xef\xbb\xbf")}) {
        const std::string error = load_error(text);
        EXPECT_TRUE(error.starts_with("test.toml")) << error;
    }
}

}  // namespace
}  // namespace wattbench::core::profile
