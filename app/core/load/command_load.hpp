#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "app/core/load/load.hpp"
#include "app/core/load/load_watchdog.hpp"
#include "app/core/profile/profile.hpp"

namespace wattbench::core::load {

struct CommandLoadSettings {
    std::vector<std::string> command;
    profile::CommandSettings options;
    std::string log_path;  // RUN_DIR/logs/<phase>.log: every program's stdout and stderr
    // Created before the setup and removed, with everything in it, once the teardown and every
    // process group are gone: where a recipe keeps its servers' data and configuration. Empty:
    // none.
    std::string work_dir;
    std::string recipe;  // the recipe the scripts come from, for describe(); empty: none
    std::chrono::milliseconds grace{3000};  // SIGTERM → SIGKILL
};

// A workload of the user's own: setup, then the command kept running (restarted, ending the
// phase or failing it when it exits, per on_exit), then teardown. Each program runs in its own
// process group, so stop() reaches every process it forked: SIGTERM to the group, SIGKILL after
// the grace period, and the group is gone when stop() returns. A LoadWatchdog watches every
// group from fork on, so they also end when wattbench dies (SIGKILL, abort) instead of running
// on with nobody to stop them.
class CommandLoad final : public Load {
public:
    explicit CommandLoad(CommandLoadSettings settings)
        : settings_(std::move(settings)), watchdog_(settings_.grace) {}
    ~CommandLoad() override { stop(); }

    std::optional<std::string> start() override;
    void stop() override;
    std::string describe() const override;
    std::string failure() const override;
    std::optional<LoadExit> exited() const override;
    void set_wake(std::function<void()> wake) override { wake_ = std::move(wake); }
    std::optional<LoadScore> score() const override;

    // The process group of the running command (0 when none), for tests.
    pid_t process_group() const { return pgid_.load(); }
    // The watchdog process while started (0 when none), for tests.
    pid_t watchdog_pid() const { return watchdog_.pid(); }

private:
    // Starts argv in a new process group with output appended to the log; returns the pid or
    // an error message.
    std::variant<pid_t, std::string> spawn(const std::vector<std::string>& argv) const;
    std::optional<std::string> run_to_completion(const std::vector<std::string>& argv,
                                                 const char* what);
    void watch();
    void end_group(pid_t pgid);
    void append_log(const std::string& line) const;

    CommandLoadSettings settings_;
    LoadWatchdog watchdog_;
    std::function<void()> wake_;
    std::atomic<pid_t> pgid_{0};
    std::atomic<bool> stopping_{false};
    std::thread watcher_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::optional<LoadExit> exited_;
    std::string failure_;
    std::vector<pid_t> background_;  // process groups of setup/teardown still running
    bool started_ = false;
};

}  // namespace wattbench::core::load
