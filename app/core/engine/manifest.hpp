#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/engine/observer.hpp"
#include "app/core/engine/run_options.hpp"
#include "app/core/engine/warmup_record.hpp"
#include "app/core/host/host_facts.hpp"
#include "app/core/load/cpu_topology.hpp"
#include "app/core/load/load.hpp"
#include "app/core/profile/profile.hpp"
#include "app/core/record/catalog.hpp"
#include "app/core/remote/remote_target.hpp"
#include "app/core/rundir/manifest.hpp"
#include "drivers/api/device.hpp"

namespace wattbench::core::engine {

struct ManifestDevice {
    sampling::DeviceState state = sampling::DeviceState::connecting;
    std::string error;
    drivers::api::DeviceIdentity identity;
    std::map<std::string, drivers::api::OptionValue>
        settings;  // measuring settings a driver reported
};

struct ManifestPhase {
    PhaseStatus status = PhaseStatus::pending;
    std::chrono::system_clock::time_point window_start{};
    std::chrono::system_clock::time_point window_end{};
    std::vector<int> cpus;  // the logical CPU of each worker, as placed
    std::optional<double> target_cpu_util;
    std::optional<double> achieved_cpu_util;        // mean of the used CPUs over the window
    std::optional<double> achieved_total_cpu_util;  // whole machine over the window
    std::vector<std::string> flags;
    std::optional<load::LoadScore> score;  // command phases with a score regex
    WarmupRecord warmup;
};

struct ManifestState {
    const profile::Profile* profile = nullptr;
    const RunOptions* options = nullptr;
    const host::HostFacts* host = nullptr;
    const record::Catalog* catalog = nullptr;
    const load::CpuTopology* topology = nullptr;   // the machine the loads run on
    const remote::RemoteTarget* target = nullptr;  // set when that is a remote [target]
    RunStatus status = RunStatus::running;
    std::chrono::system_clock::time_point started{};
    std::chrono::system_clock::time_point ended{};
    std::int32_t interrupted_phase = -1;
    int signal = 0;       // that interrupted the run
    std::string failure;  // why the run failed when no phase did (a file that could not be written)
    std::vector<ManifestDevice> devices;
    std::vector<ManifestPhase> phases;
};

// manifest.json as described in docs/run-directory.md.
rundir::Manifest manifest_of(const ManifestState& state);
// The same, as the JSON the engine writes.
nlohmann::json build_manifest(const ManifestState& state);

// Removes a password from the user-info part of a URL-like connection string, so that even a
// profile that wrongly carries one cannot leak it into the manifest.
std::string redact_connection(const std::string& connection);

}  // namespace wattbench::core::engine
