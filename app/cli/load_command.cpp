#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "app/cli/commands.hpp"
#include "app/core/host/host_facts.hpp"
#include "app/core/load/byte_size.hpp"
#include "app/core/load/cpu_list.hpp"
#include "app/core/load/cpu_load.hpp"
#include "app/core/load/cpu_placement.hpp"
#include "app/core/load/cpu_util_device.hpp"
#include "app/core/load/disk_load.hpp"
#include "app/core/load/idle_load.hpp"
#include "app/core/load/load_environment.hpp"
#include "app/core/load/load_watchdog.hpp"
#include "app/core/profile/duration.hpp"
#include "app/core/remote/remote_load_line.hpp"
#include "app/core/version.hpp"

// `wattbench load …` is the far end of a remote target: the controlling wattbench starts it
// through ssh and reads its stdout (the line protocol of remote_load_line.hpp, described in
// docs/load-stream.md). It runs the same load classes as a local run until stdin closes, its
// stdout's reader goes (a write fails: SIGPIPE is ignored for that; or POLLERR/POLLHUP), or a
// SIGTERM/SIGINT/SIGHUP arrives, reporting the achieved utilisation as it goes. Either is what
// the end of the ssh session looks like from here.

namespace wattbench::cli {

namespace {

namespace load = core::load;
namespace remote = core::remote;

// Writes one protocol line; false once nobody reads our output any more.
bool emit(const remote::RemoteLine& line) {
    const std::string text = remote::format_remote_line(line);
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(1, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

int fail(const std::string& message) {
    emit(remote::RemoteError{message});
    emit(remote::RemoteEnd{});
    return kExitRunFailed;
}

int probe() {
    const auto facts = core::host::read_host_facts();
    const auto env = load::LoadEnvironment::local();
    emit(remote::RemoteHello{remote::remote_protocol, core::kVersion});
    const std::pair<const char*, std::string> list[] = {
        {"hostname", facts.hostname},
        {"cpu_model", facts.cpu_model},
        {"logical_cpus", std::to_string(facts.logical_cpus)},
        {"physical_cores", std::to_string(facts.physical_cores)},
        {"packages", std::to_string(facts.packages)},
        {"kernel", facts.kernel},
        {"os", facts.os},
        {"memory_bytes", std::to_string(facts.memory_bytes)}};
    for (const auto& [key, value] : list) {
        emit(remote::RemoteFact{key, value});
    }
    for (const auto& c : env.topology.cpus) {
        emit(remote::RemoteCpu{c});
    }
    emit(remote::RemoteAllowed{env.allowed_cpus});
    return emit(remote::RemoteEnd{}) ? kExitOk : kExitRunFailed;
}

// Blocks SIGTERM, SIGINT and SIGHUP in this thread (and the threads it starts later) and returns
// a signalfd that reads them, or -1 when none could be made.
int block_stop_signals() {
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGHUP);
    ::pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    return ::signalfd(-1, &stop_signals, SFD_CLOEXEC);
}

// Runs `l` and reports every `interval` until told to stop.
int run_load(load::Load& l, const std::string& kind, const std::vector<int>& report_cpus,
             std::chrono::nanoseconds interval, const load::DiskLoad* disk) {
    // Blocked before any load thread starts, so they arrive here through the signalfd only.
    const int sigfd = block_stop_signals();
    ::signal(SIGPIPE, SIG_IGN);

    if (!emit(remote::RemoteHello{remote::remote_protocol, core::kVersion})) {
        return kExitRunFailed;
    }
    load::CpuUtilDevice util(report_cpus);
    if (auto err = util.open()) {
        return fail(err->message);
    }
    if (auto err = l.start()) {
        return fail(*err);
    }
    emit(remote::RemoteReady{kind, l.cpus()});

    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto last = start;
    std::uint64_t tick = 0;
    bool failure_told = false;
    bool running = true;
    while (running) {
        const auto next = start + interval * (tick + 1);
        // Rounded up: waking a little early would only spin until the tick is due.
        const auto wait = std::chrono::ceil<std::chrono::milliseconds>(next - Clock::now());
        pollfd fds[3] = {{0, POLLIN, 0}, {1, 0, 0}, {sigfd, POLLIN, 0}};
        const int n =
            ::poll(fds, sigfd >= 0 ? 3 : 2, static_cast<int>(std::max<long long>(0, wait.count())));
        if (n > 0) {
            if (fds[0].revents) {
                char buf[256];
                const ssize_t got = ::read(0, buf, sizeof buf);
                if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN)) {
                    break;  // stdin closed: the controller is done with us
                }
            }
            if ((fds[1].revents & (POLLERR | POLLHUP)) || (sigfd >= 0 && fds[2].revents)) {
                break;
            }
            continue;
        }
        if (Clock::now() < next) {
            continue;
        }
        ++tick;
        const auto now = Clock::now();
        remote::RemoteStatus status;
        status.dt = std::chrono::duration<double>(now - last).count();
        last = now;
        const auto polled = util.poll(now + interval);
        for (const auto& r : polled.readings) {
            status.values.emplace_back(
                util.channels()[r.channel].name,
                r.status == drivers::api::Status::ok ? std::optional(r.value) : std::nullopt);
        }
        if (disk) {
            status.disk_bytes = disk->bytes_written();
        }
        running = emit(status);
        if (const auto f = l.failure(); !f.empty() && !failure_told) {
            failure_told = true;
            running = emit(remote::RemoteError{f}) && running;
        }
    }
    l.stop();
    if (const auto f = l.failure(); !f.empty() && !failure_told) {
        emit(remote::RemoteError{f});
    }
    emit(remote::RemoteEnd{});
    return kExitOk;
}

std::optional<std::vector<int>> cpus_option(const std::string& text) {
    if (text.empty() || text == "-") {
        return std::vector<int>{};
    }
    return load::parse_cpu_list(text);
}

bool group_alive(pid_t pgid) {
    return ::kill(-pgid, 0) == 0;
}

// Ends the program's whole process group: SIGTERM, then SIGKILL after the grace period.
void end_group(pid_t pgid) {
    ::kill(-pgid, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
    while (group_alive(pgid) && std::chrono::steady_clock::now() < deadline) {
        while (::waitpid(-pgid, nullptr, WNOHANG) > 0) {
        }
        ::usleep(5000);
    }
    if (group_alive(pgid)) {
        ::kill(-pgid, SIGKILL);
    }
    while (::waitpid(-pgid, nullptr, 0) > 0) {
    }
}

// `wattbench load command`: what a command phase's programs run under on a remote target. The
// session's end is the stop signal: ssh gone means our stdout's reader is gone (POLLERR or
// POLLHUP on fd 1), and SIGTERM, SIGINT and SIGHUP count too. Not our stdin: the controller's
// ssh reads /dev/null, so it is at end of file from the start. The program's output goes
// straight to ours, so it reaches the controller's log; our exit status is the program's. A
// LoadWatchdog ends the program's group should this supervisor itself die (the OOM killer, a
// SIGKILL on the target).
int supervise(const LoadArgs& args) {
    std::vector<std::string> argv = args.argv;
    if (args.shell) {
        std::string joined;
        for (const auto& a : args.argv) {
            joined += (joined.empty() ? "" : " ") + a;
        }
        argv = {"/bin/sh", "-c", joined};
    }
    const int sigfd = block_stop_signals();
    std::vector<char*> c_argv;
    for (auto& a : argv) {
        c_argv.push_back(a.data());
    }
    c_argv.push_back(nullptr);
    std::vector<std::string> env = args.env;
    // What the program orphans is re-parented to us and reaped by end_group(), rather than
    // lingering as zombies that keep the group alive through the grace period.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    load::LoadWatchdog watchdog(std::chrono::seconds(3));
    if (auto err = watchdog.start()) {
        fmt::print(stderr, "wattbench: {}\n", *err);
        return kExitRunFailed;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        fmt::print(stderr, "wattbench: fork: {}\n", std::strerror(errno));
        return kExitRunFailed;
    }
    if (pid == 0) {
        ::setpgid(0, 0);
        watchdog.enroll_from_child();
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        const int devnull = ::open("/dev/null", O_RDONLY);
        ::dup2(devnull, 0);
        for (auto& e : env) {
            ::putenv(e.data());
        }
        if (!args.cwd.empty() && ::chdir(args.cwd.c_str()) != 0) {
            fmt::print(stderr, "wattbench: cannot enter '{}': {}\n", args.cwd,
                       std::strerror(errno));
            ::_exit(127);
        }
        ::execvp(c_argv[0], c_argv.data());
        fmt::print(stderr, "wattbench: cannot run '{}': {}\n", argv[0], std::strerror(errno));
        ::_exit(127);
    }
    ::setpgid(pid, pid);
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) {
            // Whatever the program left running in its group goes with it: nothing of a phase
            // may outlive the session on the target.
            if (group_alive(pid)) {
                end_group(pid);
            }
            if (!group_alive(pid)) {
                watchdog.forget(pid);
            }
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        pollfd fds[2] = {{1, 0, 0}, {sigfd, POLLIN, 0}};
        ::poll(fds, sigfd >= 0 ? 2 : 1, 200);
        if ((fds[0].revents & (POLLERR | POLLHUP)) || (sigfd >= 0 && fds[1].revents)) {
            end_group(pid);
            if (!group_alive(pid)) {
                watchdog.forget(pid);
            }
            return 128 + SIGTERM;
        }
    }
}

}  // namespace

CLI::App* add_load_command(CLI::App& app, LoadArgs& args) {
    auto* cmd = app.add_subcommand(
        "load", "Run a load here until stdin closes (what a remote [target] runs over ssh)");
    cmd->require_subcommand(1);
    cmd->add_subcommand("probe", "Print this machine's facts and CPU topology, then exit")
        ->callback([&args] { args.kind = "probe"; });
    auto common = [&args](CLI::App* sub) {
        sub->add_option("--interval", args.interval, "Status line period, e.g. 500ms (default 1s)");
        sub->add_option("--cpus", args.cpus,
                        "CPUs to pin workers to / to report per-CPU utilisation for, e.g. 0,1");
    };
    auto* idle = cmd->add_subcommand("idle", "Only report the CPU utilisation");
    common(idle);
    idle->callback([&args] { args.kind = "idle"; });
    auto* cpu = cmd->add_subcommand("cpu", "Busy CPU worker threads");
    common(cpu);
    cpu->add_option("--workers", args.workers, "Number of busy threads")->required();
    cpu->add_option("--placement", args.placement, "spread or pack (when --cpus is not given)")
        ->check(CLI::IsMember({"spread", "pack"}));
    cpu->add_option("--intensity", args.intensity, "Percent busy per worker (duty cycle)")
        ->check(CLI::Range(1.0, 100.0));
    cpu->add_option("--kernel", args.kernel, "int or fp")->check(CLI::IsMember({"int", "fp"}));
    cpu->callback([&args] { args.kind = "cpu"; });
    auto* disk = cmd->add_subcommand("disk", "Continuous sequential file writes");
    common(disk);
    disk->add_option("--path", args.path, "Folder to write in (default ./wattbench-disk)");
    disk->add_option("--file-size", args.file_size, "Bytes per file, e.g. 1GiB");
    disk->add_option("--sync", args.sync, "fsync, direct or none")
        ->check(CLI::IsMember({"fsync", "direct", "none"}));
    disk->add_option("--max-space", args.max_space, "Space to rotate within, e.g. 8GiB");
    disk->callback([&args] { args.kind = "disk"; });
    auto* command = cmd->add_subcommand(
        "command", "Run a program in its own process group until it exits or the session ends");
    command->add_flag("--shell", args.shell, "Run the words through /bin/sh -c");
    command->add_option("--cwd", args.cwd, "Working directory");
    command->add_option("--env", args.env, "KEY=VALUE added to the environment");
    command->add_option("argv", args.argv, "The program and its arguments (after --)")->required();
    command->callback([&args] { args.kind = "command"; });
    return cmd;
}

int load_command(const LoadArgs& args) {
    if (args.kind == "probe") {
        return probe();
    }
    if (args.kind == "command") {
        return supervise(args);
    }
    const auto interval = core::profile::parse_duration(args.interval);
    if (!interval || *interval < std::chrono::milliseconds(10)) {
        fmt::print(stderr, "wattbench: --interval: expected a duration of at least 10ms\n");
        return kExitUsage;
    }
    const auto cpus = cpus_option(args.cpus);
    if (!cpus) {
        fmt::print(stderr, "wattbench: --cpus: expected a CPU list such as 0,1 or 0-3\n");
        return kExitUsage;
    }
    if (args.kind == "idle") {
        load::IdleLoad idle;
        return run_load(idle, "idle", *cpus, *interval, nullptr);
    }
    if (args.kind == "cpu") {
        load::CpuLoadSettings s;
        s.workers = args.workers;
        s.intensity = args.intensity;
        s.kernel =
            args.kernel == "fp" ? core::profile::CpuKernel::fp : core::profile::CpuKernel::integer;
        s.cpus = *cpus;
        if (s.cpus.empty()) {
            const auto env = load::LoadEnvironment::local();
            s.cpus =
                load::place_workers(env.topology, s.workers,
                                    args.placement == "pack" ? core::profile::Placement::pack
                                                             : core::profile::Placement::spread,
                                    env.allowed_cpus);
        }
        if (!s.cpus.empty() && s.cpus.size() != s.workers) {
            fmt::print(stderr, "wattbench: --cpus: give one CPU per worker ({})\n", s.workers);
            return kExitUsage;
        }
        std::vector<int> report;
        for (int c : s.cpus) {
            if (std::find(report.begin(), report.end(), c) == report.end()) {
                report.push_back(c);
            }
        }
        std::sort(report.begin(), report.end());
        load::CpuLoad cpu(std::move(s));
        return run_load(cpu, "cpu", report, *interval, nullptr);
    }
    load::DiskLoadSettings s;
    s.path = args.path.empty() ? std::string("wattbench-disk") : args.path;
    for (const auto& [text, target, name] :
         {std::tuple{args.file_size, &s.file_size, "--file-size"},
          std::tuple{args.max_space, &s.max_space, "--max-space"}}) {
        if (text.empty()) {
            continue;
        }
        const auto bytes = load::parse_byte_size(text);
        if (!bytes || *bytes == 0) {
            fmt::print(stderr, "wattbench: {}: expected a size such as 1GiB\n", name);
            return kExitUsage;
        }
        *target = *bytes;
    }
    s.sync = args.sync == "direct" ? load::DiskSync::direct
             : args.sync == "none" ? load::DiskSync::none
                                   : load::DiskSync::fsync;
    load::DiskLoad disk(std::move(s));
    return run_load(disk, "disk", *cpus, *interval, &disk);
}

}  // namespace wattbench::cli
