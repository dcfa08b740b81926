#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/phases/phase_status.hpp"
#include "app/core/rundir/read_error.hpp"

namespace wattbench::core::rundir {

// manifest.json (docs/run-directory.md) as types. Every struct keeps the keys it does not know
// in `extra`, so a manifest from a newer wattbench survives a read and a rewrite. Keys the engine
// writes as null when unknown are optionals written as null; keys it writes only in some cases
// are optionals left out when empty. An older manifest's missing key is an empty optional.

enum class RunStatus { running, completed, interrupted, failed };
// A sampled device's last state, or how a device came in after the run: `annotate` (readings a
// person entered) or `import` (a logger's card).
enum class DeviceState { connecting, ok, reconnecting, failed, annotated, imported };
using phases::PhaseStatus;

std::string_view to_string(RunStatus s);
std::string_view to_string(DeviceState s);
std::optional<RunStatus> run_status_from_string(std::string_view s);
std::optional<DeviceState> device_state_from_string(std::string_view s);
std::optional<PhaseStatus> phase_status_from_string(std::string_view s);

struct Tool {
    std::string name = "wattbench";
    std::string version;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Tool&, const Tool&) = default;
};

struct Validity {
    std::optional<double> max_uncertainty;
    std::optional<double> max_invalid_power;
    std::optional<double> max_invalid_other;
    std::optional<double> min_ambient;
    std::optional<std::string> ambient;  // null: no ambient channel named
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Validity&, const Validity&) = default;
};

struct Run {
    std::string name;
    std::optional<std::string> profile_path;
    std::optional<std::string> started;  // UTC, "2026-11-29T19:50:40.123Z"
    std::optional<std::string> ended;
    std::optional<RunStatus> status;
    std::optional<std::string> interrupted_phase;
    std::optional<int> exit_code;
    std::optional<std::string> failure;  // why a run failed when no phase did
    std::optional<double> interval_s;
    std::optional<double> uncertainty_limit;
    std::optional<Validity> validity;
    nlohmann::json overrides;  // command-line overrides as given; null: not recorded
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Run&, const Run&) = default;
};

struct CpuPlace {
    int cpu = 0;
    int package = 0;
    int core = 0;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const CpuPlace&, const CpuPlace&) = default;
};

struct Topology {
    int packages = 0;
    int physical_cores = 0;
    std::vector<CpuPlace> cpus;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Topology&, const Topology&) = default;
};

struct Host {
    std::optional<std::string> hostname;
    std::optional<std::string> cpu_model;
    std::optional<std::int64_t> logical_cpus;
    std::optional<std::int64_t> physical_cores;
    std::optional<std::int64_t> packages;
    std::optional<std::string> kernel;
    std::optional<std::string> os;
    std::optional<std::int64_t> memory_bytes;
    std::optional<Topology> topology;  // where the loads ran, when that was here
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Host&, const Host&) = default;
};

// A remote [target] the loads ran on; the ssh options and key path are never recorded.
struct Target {
    bool remote = true;
    std::string ssh;
    std::optional<int> port;
    std::string wattbench;
    std::string version;
    std::map<std::string, std::string> facts;
    std::optional<Topology> topology;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Target&, const Target&) = default;
};

struct Identity {
    std::string vendor;
    std::string model;
    std::string serial;
    std::string firmware;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Identity&, const Identity&) = default;
};

struct Thresholds {
    std::optional<double> lnr, lc, lnc, unc, uc, unr;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Thresholds&, const Thresholds&) = default;
};

struct Accuracy {
    double of_reading = 0.0;
    double of_range = 0.0;
    double range = 0.0;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Accuracy&, const Accuracy&) = default;
};

struct Channel {
    std::string name;
    std::string quantity;  // drivers::api::to_string(Quantity)
    std::string unit;
    std::optional<double> display_min;
    std::optional<double> display_max;
    Thresholds thresholds;
    std::vector<std::string> states;
    bool key = false;
    std::optional<Accuracy> accuracy;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Channel&, const Channel&) = default;
};

struct Device {
    std::string id;
    std::string driver;
    std::string connection;  // a password in it is already removed
    bool optional = false;
    std::optional<double> interval_s;
    std::optional<DeviceState> state;
    std::optional<std::string> error;
    std::optional<Identity> identity;        // null until the device connected
    std::optional<nlohmann::json> settings;  // measuring settings the driver reported
    std::vector<Channel> channels;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Device&, const Device&) = default;
};

struct StableChannel {
    std::string name;
    nlohmann::json tolerance;  // absolute number, or a relative one as "5%"
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const StableChannel&, const StableChannel&) = default;
};

struct WarmupUntilStable {
    double min_s = 0.0;
    double max_s = 0.0;
    double stable_for_s = 0.0;
    std::vector<StableChannel> channels;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const WarmupUntilStable&, const WarmupUntilStable&) = default;
};

struct BusyProcess {
    std::int64_t pid = 0;
    std::string name;
    double cpu_percent = 0.0;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const BusyProcess&, const BusyProcess&) = default;
};

// An idle phase's quiet-machine check at the end of its warm-up.
struct IdleCheck {
    std::optional<double> cpu_util;
    double idle_max_cpu = 0.0;
    std::vector<BusyProcess> busiest;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const IdleCheck&, const IdleCheck&) = default;
};

struct Score {
    double value = 0.0;
    std::string unit;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Score&, const Score&) = default;
};

struct Phase {
    std::string name;
    std::string load;            // profile::to_string(LoadKind): "idle", "cpu", "command", …
    std::optional<int> workers;  // cpu phases
    std::optional<double> warmup_s;
    std::optional<double> window_s;
    std::optional<PhaseStatus> status;
    std::optional<std::string> window_start;
    std::optional<std::string> window_end;
    std::optional<bool> background;  // written only when true
    std::optional<std::string> placement;
    std::optional<double> intensity;
    std::optional<std::string> kernel;
    std::optional<WarmupUntilStable> warmup_until_stable;
    std::optional<std::vector<int>> cpus;
    std::optional<double> target_cpu_util;  // written (maybe null) for cpu phases
    std::optional<double> achieved_cpu_util;
    std::optional<double> achieved_total_cpu_util;
    std::optional<std::vector<std::string>> flags;
    std::optional<double> warmup_achieved_s;
    std::optional<std::string> warmup_end;  // "elapsed", "stable", "max" or "skipped"
    std::optional<IdleCheck> idle_check;
    std::optional<Score> score;  // written (maybe null) for command phases
    // A recipe phase: the recipe's name, its folder and every option's value, defaults included.
    std::optional<std::string> recipe;
    std::optional<std::string> recipe_dir;
    std::optional<nlohmann::json> recipe_options;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Phase&, const Phase&) = default;

    bool is_cpu() const { return load == "cpu"; }
    bool is_command() const { return load == "command"; }
};

struct ProfileCopy {
    std::string path;
    std::string text;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const ProfileCopy&, const ProfileCopy&) = default;
};

struct Manifest {
    Tool tool;
    Run run;
    Host host;
    std::optional<Target> target;  // null: the loads ran here
    std::vector<Device> devices;
    std::vector<Phase> phases;
    std::vector<std::string> warnings;
    std::optional<ProfileCopy> profile;
    nlohmann::json extra = nlohmann::json::object();
    friend bool operator==(const Manifest&, const Manifest&) = default;

    // The topology the loads ran on: the target's when remote, else the host's.
    const Topology* topology() const;
};

// Throws ManifestKeyError (naming the key path) on a value of the wrong type.
void to_json(nlohmann::json& j, const Manifest& m);
// The parts as manifest.json spells them, for readers that pass a part on (the JSON report).
void to_json(nlohmann::json& j, const Tool& t);
void to_json(nlohmann::json& j, const Run& x);
void to_json(nlohmann::json& j, const Host& x);
void to_json(nlohmann::json& j, const Topology& x);
void to_json(nlohmann::json& j, const Identity& x);
void to_json(nlohmann::json& j, const Thresholds& x);
void to_json(nlohmann::json& j, const Accuracy& x);
void from_json(const nlohmann::json& j, Manifest& m);

struct ManifestKeyError : std::runtime_error {
    ManifestKeyError(std::string key_path, const std::string& what)
        : std::runtime_error(what), key(std::move(key_path)) {}
    std::string key;
};

// The text the engine writes: two-space indent, one trailing line break, invalid UTF-8 replaced.
std::string dump_manifest(const nlohmann::json& j);

// Reads and parses `path`; a missing file, bad JSON or a wrongly typed key is an error naming
// the file and the key.
ReadResult<Manifest> read_manifest(const std::string& path);
ReadResult<Manifest> parse_manifest(const std::string& text, const std::string& file);

}  // namespace wattbench::core::rundir
