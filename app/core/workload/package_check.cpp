#include "app/core/workload/package_check.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <sstream>

#include <fmt/format.h>

namespace wattbench::core::workload {

namespace {

struct Finished {
    int status = 0;  // as waitpid gives it
    std::string out;
};

std::string joined(const std::vector<std::string>& argv) {
    std::string text;
    for (const auto& a : argv) {
        text += (text.empty() ? "" : " ") + a;
    }
    return text;
}

// Runs argv from PATH, its stdout read into `out` when `capture`, stderr kept quiet then too.
std::variant<Finished, std::string> run(const std::vector<std::string>& argv, bool capture,
                                        const char* env_entry) {
    std::vector<std::string> copy = argv;
    std::vector<char*> args;
    for (auto& a : copy) {
        args.push_back(a.data());
    }
    args.push_back(nullptr);
    std::string env_text = env_entry ? env_entry : "";
    int out_pipe[2] = {-1, -1};
    int status_pipe[2];
    if ((capture && ::pipe2(out_pipe, O_CLOEXEC) != 0) || ::pipe2(status_pipe, O_CLOEXEC) != 0) {
        return fmt::format("pipe: {}", std::strerror(errno));
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        return fmt::format("fork: {}", std::strerror(errno));
    }
    if (pid == 0) {
        if (capture) {
            ::dup2(out_pipe[1], 1);
            const int devnull = ::open("/dev/null", O_WRONLY);
            ::dup2(devnull, 2);
        }
        if (!env_text.empty()) {
            ::putenv(env_text.data());
        }
        ::execvp(args[0], args.data());
        const int err = errno;
        (void)!::write(status_pipe[1], &err, sizeof err);
        ::_exit(127);
    }
    ::close(status_pipe[1]);
    Finished done;
    if (capture) {
        ::close(out_pipe[1]);
        char buffer[4096];
        ssize_t n = 0;
        while ((n = ::read(out_pipe[0], buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR)) {
            if (n > 0) {
                done.out.append(buffer, static_cast<std::size_t>(n));
            }
        }
        ::close(out_pipe[0]);
    }
    int err = 0;
    const auto got = ::read(status_pipe[0], &err, sizeof err);
    ::close(status_pipe[0]);
    while (::waitpid(pid, &done.status, 0) < 0 && errno == EINTR) {
    }
    if (got == static_cast<ssize_t>(sizeof err)) {
        return fmt::format("cannot run {}: {}", argv[0], std::strerror(err));
    }
    return done;
}

}  // namespace

std::vector<std::string> recipe_packages(const std::vector<profile::PhaseSettings>& phases) {
    std::vector<std::string> out;
    for (const auto& phase : phases) {
        if (!phase.recipe) {
            continue;
        }
        for (const auto& p : phase.recipe->packages) {
            if (std::find(out.begin(), out.end(), p) == out.end()) {
                out.push_back(p);
            }
        }
    }
    return out;
}

std::variant<std::vector<std::string>, std::string> missing_packages(
    const std::vector<std::string>& packages) {
    if (packages.empty()) {
        return std::vector<std::string>{};
    }
    std::vector<std::string> argv{"dpkg-query", "-W", "-f=${Package}\\t${Status}\\n"};
    argv.insert(argv.end(), packages.begin(), packages.end());
    auto ran = run(argv, true, nullptr);
    if (auto* err = std::get_if<std::string>(&ran)) {
        return fmt::format("{} (recipes need a Debian system's dpkg)", *err);
    }
    // dpkg-query exits 1 when it knows a name not at all; the lines it prints still count.
    std::map<std::string, std::string> status;
    std::istringstream lines(std::get<Finished>(ran).out);
    std::string line;
    while (std::getline(lines, line)) {
        const auto tab = line.find('\t');
        if (tab != std::string::npos) {
            status[line.substr(0, tab)] = line.substr(tab + 1);
        }
    }
    std::vector<std::string> missing;
    for (const auto& p : packages) {
        const auto it = status.find(p);
        if (it == status.end() || it->second != "install ok installed") {
            missing.push_back(p);
        }
    }
    return missing;
}

std::vector<std::string> install_command(const std::vector<std::string>& packages) {
    std::vector<std::string> argv;
    if (::geteuid() != 0) {
        argv.push_back("sudo");
    }
    argv.insert(argv.end(), {"apt-get", "install", "-y", "--no-install-recommends"});
    argv.insert(argv.end(), packages.begin(), packages.end());
    return argv;
}

std::optional<std::string> install_packages(const std::vector<std::string>& packages) {
    const auto argv = install_command(packages);
    auto ran = run(argv, false, "DEBIAN_FRONTEND=noninteractive");
    if (auto* err = std::get_if<std::string>(&ran)) {
        return *err;
    }
    const int status = std::get<Finished>(ran).status;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        return fmt::format("'{}' failed ({})", joined(argv),
                           WIFEXITED(status) ? fmt::format("exit status {}", WEXITSTATUS(status))
                                             : fmt::format("signal {}", WTERMSIG(status)));
    }
    return std::nullopt;
}

}  // namespace wattbench::core::workload
