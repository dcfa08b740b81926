#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/profile/recipe_spec.hpp"
#include "app/core/profile/source_location.hpp"
#include "app/core/profile/target_settings.hpp"
#include "app/core/profile/warmup_settings.hpp"
#include "drivers/api/options.hpp"

namespace wattbench::core::profile {

// The prompt of a `background = true` phase that has none of its own.
inline constexpr std::string_view kBackgroundPrompt =
    "Switch the machine under test off, then confirm";

using Duration = std::chrono::nanoseconds;

enum class LoadKind { idle, cpu, disk, command };

// Which logical CPUs a cpu phase's workers take: one per physical core before any SMT sibling
// (spread, what the Linux scheduler does), or both siblings of a core before the next (pack).
enum class Placement { spread, pack };

// What a cpu worker computes: integer/branch work, or floating-point vector work, which draws
// markedly more power on most CPUs.
enum class CpuKernel { integer, fp };

// What a command phase does when its command exits before the phase ends.
enum class OnExit { restart, end_phase, fail };

// load = "command": programs run as argv lists (through /bin/sh -c only with shell = true).
struct CommandSettings {
    std::vector<std::string> setup;     // run to completion before the command
    std::vector<std::string> teardown;  // run after the command's process group is gone
    std::map<std::string, std::string> env;
    std::string cwd;
    bool shell = false;
    OnExit on_exit = OnExit::restart;
    std::string score_regex;  // first capture group (or the match) is the score; last one wins
    std::string score_unit;
};

struct RunSettings {
    std::string name;
    Duration interval = std::chrono::seconds(1);
    Duration warmup = std::chrono::minutes(5);  // with warmup_until_stable: its min
    std::optional<WarmupUntilStable> warmup_until_stable;
    Duration window = std::chrono::minutes(10);
    // An idle phase whose machine is busier than this (percent CPU) at the end of its warm-up
    // is flagged not_idle.
    double idle_max_cpu = 5.0;
    // Power rows whose relative uncertainty exceeds this are flagged (SPEC: 1 %).
    double uncertainty_limit = 0.01;
};

// [validity]: the limits a report judges each phase by (SPEC's by default), recorded in the
// manifest's run entry.
struct ValiditySettings {
    double max_uncertainty = 0.01;  // relative; without the key: [run] uncertainty_limit
    double max_invalid_power = 0.01;
    double max_invalid_other = 0.02;
    double min_ambient = 20.0;  // degC, checked only with `ambient`
    std::string ambient;        // "device/channel"; empty: no ambient rule
    SourceLocation ambient_location;
};

struct DeviceSettings {
    std::string id;
    std::string driver;
    std::string connection;
    bool optional = false;
    Duration interval{0};           // resolved: the device's own or the run's
    drivers::api::Options options;  // every key not listed above, for the driver
    SourceLocation location;        // of the [[device]] table
    std::map<std::string, SourceLocation> key_locations;
};

struct PhaseSettings {
    std::string name;  // expanded: "cpu-{n}" with workers = [1, 2] gives cpu-1, cpu-2
    LoadKind load = LoadKind::idle;
    std::uint32_t workers = 0;  // cpu: busy threads
    Placement placement = Placement::spread;
    double intensity = 100.0;  // cpu: percent of each worker's time spent busy (duty cycle)
    CpuKernel kernel = CpuKernel::integer;
    Duration warmup{0};  // resolved: phase's own, else run default; the min when until stable
    std::optional<WarmupUntilStable> warmup_until_stable;
    Duration window{0};
    std::vector<std::string> command;  // load = "command"
    CommandSettings command_settings;
    std::string prompt;  // confirmed by the operator before the warm-up starts; empty: none
    // The room's background noise is measured in this phase (ISO 7779): the report corrects
    // the other phases' sound levels for it. Without its own prompt it gets kBackgroundPrompt.
    bool background = false;
    SourceLocation location;    // of the [[phase]] table
    std::string template_name;  // as written, before expansion: "cpu-{n}"
    // Load-specific keys (disk: path, file_size, sync, max_space; command: setup, teardown,
    // shell, env, cwd, on_exit, score), checked by the load that uses them. Tables and
    // arrays of strings (the command keys' argv) are kept as one line of TOML text.
    std::map<std::string, drivers::api::OptionValue> load_options;
    std::map<std::string, SourceLocation> key_locations;  // every key of the [[phase]] table
    // recipe = "NAME" on a command phase: the recipe whose scripts are the setup, command and
    // teardown, and every one of its options (the phase's value, else the recipe's default).
    std::optional<RecipeSpec> recipe;
    std::map<std::string, drivers::api::OptionValue> recipe_options;
};

struct Profile {
    std::string path;
    std::string text;  // the file as read, kept for the manifest
    RunSettings run;
    ValiditySettings validity;
    std::optional<TargetSettings> target;  // [target]: loads run on another machine over ssh
    std::vector<DeviceSettings> devices;
    std::vector<PhaseSettings> phases;
    std::vector<std::string> warnings;  // located, human-readable; also go to the manifest
};

std::string_view to_string(LoadKind k);
std::string_view to_string(Placement p);
std::string_view to_string(CpuKernel k);
std::string_view to_string(OnExit e);

// The profile's spellings of to_string's texts; nullopt for anything else.
std::optional<LoadKind> load_kind_from_string(std::string_view s);
std::optional<Placement> placement_from_string(std::string_view s);
std::optional<CpuKernel> cpu_kernel_from_string(std::string_view s);
std::optional<OnExit> on_exit_from_string(std::string_view s);

}  // namespace wattbench::core::profile
