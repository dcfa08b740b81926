#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/core/load/cpu_topology.hpp"
#include "app/core/profile/target_settings.hpp"
#include "app/core/remote/ssh_executor.hpp"

namespace wattbench::core::remote {

// What `wattbench load probe` told about the target.
struct RemoteTargetInfo {
    std::string version;                                     // of wattbench there
    std::vector<std::pair<std::string, std::string>> facts;  // hostname, cpu_model, kernel, …
    load::CpuTopology topology;
    std::vector<int> allowed_cpus;  // its affinity mask there
};

// The machine under test when it is reached over ssh: how to run things there, and what it
// looked like when the run was prepared.
class RemoteTarget {
public:
    explicit RemoteTarget(profile::TargetSettings settings, std::string ssh_program = "ssh");
    ~RemoteTarget();
    RemoteTarget(const RemoteTarget&) = delete;
    RemoteTarget& operator=(const RemoteTarget&) = delete;

    // Runs `wattbench load probe` there. The message of a failure names the target and says
    // what went wrong: ssh's own error line (unreachable, authentication, host key), a missing
    // or too old wattbench, or no answer in time.
    std::optional<std::string> probe();

    const RemoteTargetInfo& info() const { return info_; }
    const SshExecutor& ssh() const { return ssh_; }
    const profile::TargetSettings& settings() const { return ssh_.target(); }
    // `[wattbench, "load", args…]` with the target's wattbench path.
    std::vector<std::string> load_argv(std::vector<std::string> args) const;
    // How long to wait for a remote load's ready line: ssh's connect timeout plus a margin.
    std::chrono::milliseconds ready_timeout() const;

private:
    SshExecutor ssh_;
    RemoteTargetInfo info_;
    std::string control_dir_;  // private folder for the shared connection's socket
};

}  // namespace wattbench::core::remote
