#include "app/core/load/command_load.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <fmt/format.h>

namespace wattbench::core::load {

namespace {

constexpr auto restart_backoff = std::chrono::seconds(1);

std::string join(const std::vector<std::string>& argv) {
    std::string out;
    for (const auto& a : argv) {
        out += (out.empty() ? "" : " ") + a;
    }
    return out;
}

bool group_alive(pid_t pgid) {
    return pgid > 0 && ::kill(-pgid, 0) == 0;
}

}  // namespace

std::variant<pid_t, std::string> CommandLoad::spawn(const std::vector<std::string>& given) const {
    std::vector<std::string> argv = given;
    if (settings_.options.shell) {
        argv = {"/bin/sh", "-c", join(given)};
    }
    const int log =
        ::open(settings_.log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log < 0) {
        return fmt::format("cannot open {}: {}", settings_.log_path, std::strerror(errno));
    }
    std::vector<char*> args;
    for (auto& a : argv) {
        args.push_back(a.data());
    }
    args.push_back(nullptr);
    // Everything the child needs is prepared before fork: after it only async-signal-safe calls.
    std::vector<std::string> env_text;
    for (const auto& [k, v] : settings_.options.env) {
        env_text.push_back(k + "=" + v);
    }
    const std::string& cwd = settings_.options.cwd;
    int status_pipe[2];
    if (::pipe2(status_pipe, O_CLOEXEC) != 0) {
        ::close(log);
        return fmt::format("pipe: {}", std::strerror(errno));
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(log);
        ::close(status_pipe[0]);
        ::close(status_pipe[1]);
        return fmt::format("fork: {}", std::strerror(errno));
    }
    if (pid == 0) {
        ::setpgid(0, 0);
        watchdog_.enroll_from_child();
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);  // the CLI blocks SIGINT/SIGTERM in threads
        ::signal(SIGPIPE, SIG_DFL);
        const int devnull = ::open("/dev/null", O_RDONLY);
        ::dup2(devnull, 0);
        ::dup2(log, 1);
        ::dup2(log, 2);
        // The BMC password is wattbench's, not the workload's: its environment (and so its
        // log, /proc/PID/environ) must not carry it.
        ::unsetenv("WATTBENCH_IPMI_PASSWORD");
        for (auto& e : env_text) {
            ::putenv(e.data());
        }
        int err = 0;
        if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) {
            err = errno;
        } else {
            ::execvp(args[0], args.data());
            err = errno;
        }
        (void)!::write(status_pipe[1], &err, sizeof err);
        ::_exit(127);
    }
    ::setpgid(pid, pid);  // also in the parent, so signals reach the group even before exec
    ::close(log);
    ::close(status_pipe[1]);
    int err = 0;
    const auto n = ::read(status_pipe[0], &err, sizeof err);
    ::close(status_pipe[0]);
    if (n == static_cast<ssize_t>(sizeof err)) {
        ::waitpid(pid, nullptr, 0);
        watchdog_.forget(pid);
        return fmt::format("cannot run '{}'{}: {}", argv[0],
                           cwd.empty() ? "" : fmt::format(" in '{}'", cwd), std::strerror(err));
    }
    return pid;
}

void CommandLoad::append_log(const std::string& line) const {
    std::ofstream(settings_.log_path, std::ios::app) << "[wattbench] " << line << "\n";
}

std::optional<std::string> CommandLoad::run_to_completion(const std::vector<std::string>& argv,
                                                          const char* what) {
    append_log(fmt::format("{}: {}", what, join(argv)));
    auto spawned = spawn(argv);
    if (auto* err = std::get_if<std::string>(&spawned)) {
        return fmt::format("{}: {}", what, *err);
    }
    const pid_t pid = std::get<pid_t>(spawned);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (::kill(-pid, 0) == 0) {
        // A server the setup left running stays for the phase; its group ends after teardown.
        std::lock_guard lock(mutex_);
        background_.push_back(pid);
    } else {
        watchdog_.forget(pid);
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        return fmt::format("{} '{}' failed ({})", what, join(argv),
                           WIFEXITED(status) ? fmt::format("exit status {}", WEXITSTATUS(status))
                                             : fmt::format("signal {}", WTERMSIG(status)));
    }
    return std::nullopt;
}

std::optional<std::string> CommandLoad::start() {
    if (started_) {
        return std::nullopt;
    }
    stopping_.store(false);
    // Processes a command orphans (daemons, `cmd &`) are re-parented to us rather than to init,
    // so they can be reaped and never linger as zombies that keep their group "alive".
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    // One watchdog per load rather than one per run: the load owns its groups from start() to
    // stop(), so its watchdog lives exactly as long, and a load used outside a run (the
    // target's `wattbench load`, tests) is covered the same way.
    if (auto err = watchdog_.start()) {
        return err;
    }
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(settings_.log_path).parent_path(),
                                        ec);
    if (!settings_.work_dir.empty() &&
        !std::filesystem::create_directories(settings_.work_dir, ec) && ec) {
        watchdog_.stop();
        return fmt::format("cannot create {}: {}", settings_.work_dir, ec.message());
    }
    if (!settings_.options.setup.empty()) {
        if (auto err = run_to_completion(settings_.options.setup, "setup")) {
            started_ = true;
            stop();  // whatever the setup left running goes
            return fmt::format("{}; its output is in {}", *err, settings_.log_path);
        }
    }
    append_log("command: " + join(settings_.command));
    auto spawned = spawn(settings_.command);
    if (auto* err = std::get_if<std::string>(&spawned)) {
        const std::string message = *err;
        started_ = true;
        stop();  // a server the setup started must not stay behind
        return message;
    }
    pgid_.store(std::get<pid_t>(spawned));
    started_ = true;
    watcher_ = std::thread([this] { watch(); });
    return std::nullopt;
}

void CommandLoad::watch() {
    for (;;) {
        const pid_t pid = pgid_.load();
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (stopping_.load()) {
            return;
        }
        end_group(pid);
        const std::string how = WIFEXITED(status)
                                    ? fmt::format("exit status {}", WEXITSTATUS(status))
                                    : fmt::format("signal {}", WTERMSIG(status));
        append_log("command exited: " + how);
        const auto on_exit = settings_.options.on_exit;
        if (on_exit != profile::OnExit::restart) {
            {
                std::lock_guard lock(mutex_);
                exited_ = LoadExit{on_exit == profile::OnExit::fail,
                                   fmt::format("the command exited ({}); its output is in {}", how,
                                               settings_.log_path)};
            }
            pgid_.store(0);
            if (wake_) {
                wake_();
            }
            return;
        }
        {
            // A command that exits at once would otherwise be restarted in a hot loop.
            std::unique_lock lock(mutex_);
            if (cv_.wait_for(lock, restart_backoff, [this] { return stopping_.load(); })) {
                return;
            }
        }
        append_log("restarting the command");
        auto spawned = spawn(settings_.command);
        if (auto* err = std::get_if<std::string>(&spawned)) {
            std::lock_guard lock(mutex_);
            failure_ = "restart failed: " + *err;
            exited_ = LoadExit{true, failure_};
            pgid_.store(0);
            if (wake_) {
                wake_();
            }
            return;
        }
        pgid_.store(std::get<pid_t>(spawned));
        if (stopping_.load()) {
            end_group(std::get<pid_t>(spawned));  // stop() may have read the old group
            return;
        }
    }
}

void CommandLoad::end_group(pid_t pgid) {
    if (!group_alive(pgid)) {
        watchdog_.forget(pgid);
        return;
    }
    ::kill(-pgid, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + settings_.grace;
    while (group_alive(pgid) && std::chrono::steady_clock::now() < deadline) {
        // Members that are our children must be reaped or they stay as zombies in the group.
        while (::waitpid(-pgid, nullptr, WNOHANG) > 0) {
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (group_alive(pgid)) {
        ::kill(-pgid, SIGKILL);
    }
    // SIGKILL lands asynchronously: reap until the group is really gone, so that no zombie of
    // ours outlives stop(). Bounded, since members that are not our children are reaped by
    // their own parent.
    const auto reap_deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    do {
        while (::waitpid(-pgid, nullptr, WNOHANG) > 0) {
        }
        if (!group_alive(pgid)) {
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    } while (std::chrono::steady_clock::now() < reap_deadline);
    if (!group_alive(pgid)) {
        watchdog_.forget(pgid);  // still watched otherwise: the watchdog ends it at the latest
    }
}

void CommandLoad::stop() {
    if (!started_) {
        return;
    }
    {
        std::lock_guard lock(mutex_);
        stopping_.store(true);
    }
    cv_.notify_all();
    const pid_t pgid = pgid_.load();
    if (pgid > 0) {
        end_group(pgid);  // also makes the watcher's waitpid return
    }
    if (watcher_.joinable()) {
        watcher_.join();
    }
    pgid_.store(0);
    if (!settings_.options.teardown.empty()) {
        if (auto err = run_to_completion(settings_.options.teardown, "teardown")) {
            std::lock_guard lock(mutex_);
            if (failure_.empty()) {
                failure_ = *err;
            }
        }
    }
    std::vector<pid_t> background;
    {
        std::lock_guard lock(mutex_);
        background.swap(background_);
    }
    for (const pid_t g : background) {
        end_group(g);
    }
    if (!settings_.work_dir.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(settings_.work_dir, ec);
        if (ec) {
            append_log(fmt::format("cannot remove {}: {}", settings_.work_dir, ec.message()));
        }
        // The folder of every phase's folder goes too once the last one is gone.
        std::filesystem::remove(std::filesystem::path(settings_.work_dir).parent_path(), ec);
    }
    watchdog_.stop();
    started_ = false;
}

std::string CommandLoad::describe() const {
    if (!settings_.recipe.empty()) {
        return fmt::format("recipe '{}' (on exit: {}, output in {})", settings_.recipe,
                           profile::to_string(settings_.options.on_exit), settings_.log_path);
    }
    return fmt::format("command '{}'{} (on exit: {}, output in {})", join(settings_.command),
                       settings_.options.shell ? " via /bin/sh" : "",
                       profile::to_string(settings_.options.on_exit), settings_.log_path);
}

std::string CommandLoad::failure() const {
    std::lock_guard lock(mutex_);
    return failure_;
}

std::optional<LoadExit> CommandLoad::exited() const {
    std::lock_guard lock(mutex_);
    return exited_;
}

std::optional<LoadScore> CommandLoad::score() const {
    if (settings_.options.score_regex.empty()) {
        return std::nullopt;
    }
    std::ifstream in(settings_.log_path);
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    const std::regex re(settings_.options.score_regex, std::regex::ECMAScript);
    std::optional<LoadScore> last;
    for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator();
         ++it) {
        const auto& m = *it;
        const std::string field = m.size() > 1 && m[1].matched ? m[1].str() : m[0].str();
        double v = 0.0;
        const auto r = std::from_chars(field.data(), field.data() + field.size(), v);
        if (r.ec == std::errc() && r.ptr == field.data() + field.size()) {
            last = LoadScore{v, settings_.options.score_unit};
        }
    }
    return last;
}

}  // namespace wattbench::core::load
