#include "app/core/remote/ssh_executor.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

namespace wattbench::core::remote {

namespace {

bool shell_safe(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::strchr("_-+=:,./@%", c) != nullptr;
}

void close_pair(int p[2]) {
    for (int i = 0; i < 2; ++i) {
        if (p[i] >= 0) {
            ::close(p[i]);
            p[i] = -1;
        }
    }
}

}  // namespace

SshExecutor::SshExecutor(profile::TargetSettings target, std::string ssh_program)
    : target_(std::move(target)), ssh_program_(std::move(ssh_program)) {}

std::string SshExecutor::destination() const {
    return target_.port ? fmt::format("{}:{}", target_.ssh, *target_.port) : target_.ssh;
}

std::string SshExecutor::shell_quote(const std::string& word) {
    if (word.starts_with("~/")) {
        return "~/" + shell_quote(word.substr(2));
    }
    if (!word.empty() && std::all_of(word.begin(), word.end(), shell_safe)) {
        return word;
    }
    std::string out = "'";
    for (char c : word) {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}

std::vector<std::string> SshExecutor::ssh_argv(const std::vector<std::string>& remote_argv) const {
    const auto timeout_s = static_cast<long long>(
        std::ceil(std::chrono::duration<double>(target_.connect_timeout).count()));
    std::vector<std::string> argv{ssh_program_, "-T", "-o", "BatchMode=yes", "-o",
                                  fmt::format("ConnectTimeout={}", std::max(1LL, timeout_s)),
                                  // A target that vanishes (power cut, cable) is noticed within
                                  // about 15 s instead of at the next TCP timeout.
                                  "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3"};
    if (!control_path_.empty()) {
        // ControlPersist=no: a master never forks into the background, so it stays in its
        // session's process group and ends with it (once its multiplexed sessions have).
        argv.insert(argv.end(), {"-o", "ControlMaster=auto", "-o", "ControlPath=" + control_path_,
                                 "-o", "ControlPersist=no"});
    }
    if (target_.port) {
        argv.insert(argv.end(), {"-p", std::to_string(*target_.port)});
    }
    if (!target_.identity_file.empty()) {
        argv.insert(argv.end(), {"-i", target_.identity_file, "-o", "IdentitiesOnly=yes"});
    }
    for (const auto& o : target_.ssh_options) {
        argv.insert(argv.end(), {"-o", o});
    }
    argv.emplace_back("--");
    argv.push_back(target_.ssh);
    std::string command = "exec";
    for (const auto& word : remote_argv) {
        command += " " + shell_quote(word);
    }
    argv.push_back(std::move(command));
    return argv;
}

std::variant<std::unique_ptr<SshSession>, std::string> SshExecutor::start(
    const std::vector<std::string>& remote_argv) const {
    std::vector<std::string> argv = ssh_argv(remote_argv);
    std::vector<char*> args;
    for (auto& a : argv) {
        args.push_back(a.data());
    }
    args.push_back(nullptr);
    int in[2] = {-1, -1};
    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    int status[2] = {-1, -1};
    const auto close_all = [&] {
        close_pair(in);
        close_pair(out);
        close_pair(err);
        close_pair(status);
    };
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 ||
        ::pipe2(err, O_CLOEXEC) != 0 || ::pipe2(status, O_CLOEXEC) != 0) {
        const int e = errno;
        close_all();
        return fmt::format("pipe: {}", std::strerror(e));
    }
    // Its own watchdog, not the caller's: a session is also used outside any load (probes,
    // utilisation), and its group ends with wattbench all the same.
    auto watchdog = std::make_unique<load::LoadWatchdog>(std::chrono::seconds(1));
    if (auto e = watchdog->start()) {
        close_all();
        return *e;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int e = errno;
        close_all();
        return fmt::format("fork: {}", std::strerror(e));
    }
    if (pid == 0) {
        // Its own process group: a Ctrl-C at the terminal reaches wattbench, which then stops
        // the remote load in order, rather than killing ssh under it.
        ::setpgid(0, 0);
        watchdog->enroll_from_child();
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        ::signal(SIGPIPE, SIG_DFL);
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        ::dup2(err[1], 2);
        ::execvp(args[0], args.data());
        const int e = errno;
        (void)!::write(status[1], &e, sizeof e);
        ::_exit(127);
    }
    ::setpgid(pid, pid);
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    ::close(status[1]);
    int exec_errno = 0;
    const auto n = ::read(status[0], &exec_errno, sizeof exec_errno);
    ::close(status[0]);
    if (n == static_cast<ssize_t>(sizeof exec_errno)) {
        ::waitpid(pid, nullptr, 0);
        watchdog->forget(pid);
        ::close(in[1]);
        ::close(out[0]);
        ::close(err[0]);
        return fmt::format("cannot run '{}': {} (install the OpenSSH client)", ssh_program_,
                           std::strerror(exec_errno));
    }
    ::fcntl(err[0], F_SETFL, ::fcntl(err[0], F_GETFL) | O_NONBLOCK);
    return std::make_unique<SshSession>(pid, in[1], out[0], err[0], std::move(watchdog));
}

SshResult SshExecutor::run(const std::vector<std::string>& remote_argv,
                           std::chrono::milliseconds timeout) const {
    SshResult result;
    auto started = start(remote_argv);
    if (auto* e = std::get_if<std::string>(&started)) {
        result.err = *e;
        return result;
    }
    auto& session = *std::get<std::unique_ptr<SshSession>>(started);
    session.close_stdin();
    const auto deadline = SshSession::Clock::now() + timeout;
    while (auto line = session.read_line(deadline)) {
        result.out += *line + "\n";
    }
    if (!session.at_eof() || !session.wait_exit(deadline)) {
        result.timed_out = true;
        session.terminate(std::chrono::milliseconds(0));
    }
    session.read_line(deadline);  // collects what ssh wrote to stderr before it exited
    result.exit_status = session.exit_status();
    result.err = session.stderr_text();
    return result;
}

}  // namespace wattbench::core::remote
