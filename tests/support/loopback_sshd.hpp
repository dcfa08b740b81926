#pragma once

// An OpenSSH server on 127.0.0.1 for tests of the remote target: its own host key, a fresh user
// key in a temporary AuthorizedKeysFile, run as the current user (CI runs as root) on a free
// port. Tests skip when /usr/sbin/sshd is absent.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/core/profile/target_settings.hpp"

namespace wattbench::testing {

inline constexpr const char* sshd_program = "/usr/sbin/sshd";

class LoopbackSshd {
public:
    static bool available() { return ::access(sshd_program, X_OK) == 0; }

    LoopbackSshd() {
        char tmpl[] = "/tmp/wb-sshd-XXXXXX";
        dir_ = ::mkdtemp(tmpl);
        run({"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir_ + "/host_key"});
        run({"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir_ + "/user_key"});
        run({"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir_ + "/stranger_key"});
        std::filesystem::copy_file(dir_ + "/user_key.pub", dir_ + "/authorized_keys");
        port_ = free_port();
        std::ofstream(dir_ + "/sshd_config")
            << "Port " << port_ << "\nListenAddress 127.0.0.1\nHostKey " << dir_
            << "/host_key\nAuthorizedKeysFile " << dir_
            << "/authorized_keys\nStrictModes no\nPasswordAuthentication no\n"
               "KbdInteractiveAuthentication no\nUsePAM no\nPidFile none\n"
               "PermitRootLogin prohibit-password\nMaxStartups 50\n";
        if (::geteuid() == 0) {
            // sshd started as root wants its privilege-separation directory, which the Debian
            // package only creates when its service starts.
            ::mkdir("/run/sshd", 0755);
        }
        const std::string log = dir_ + "/sshd.log";
        pid_ = ::fork();
        if (pid_ == 0) {
            ::setpgid(0, 0);
            const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(fd, 1);
            ::dup2(fd, 2);
            const std::string config = dir_ + "/sshd_config";
            ::execl(sshd_program, sshd_program, "-D", "-e", "-f", config.c_str(),
                    static_cast<char*>(nullptr));
            ::_exit(127);
        }
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!accepts() && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }

    ~LoopbackSshd() {
        if (pid_ > 0) {
            ::kill(-pid_, SIGTERM);
            ::waitpid(pid_, nullptr, 0);
        }
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }

    LoopbackSshd(const LoopbackSshd&) = delete;
    LoopbackSshd& operator=(const LoopbackSshd&) = delete;

    bool ready() const { return accepts(); }
    int port() const { return port_; }
    pid_t pid() const { return pid_; }
    const std::string& dir() const { return dir_; }
    std::string log() const {
        std::ifstream in(dir_ + "/sshd.log");
        return std::string(std::istreambuf_iterator<char>(in), {});
    }
    static std::string user() {
        const passwd* pw = ::getpwuid(::geteuid());
        return pw ? pw->pw_name : "root";
    }

    // A [target] reaching this server; `key` "user_key" is authorised, "stranger_key" is not.
    core::profile::TargetSettings target(const std::string& key = "user_key") const {
        core::profile::TargetSettings t;
        t.ssh = user() + "@127.0.0.1";
        t.port = port_;
        t.identity_file = dir_ + "/" + key;
        // A fresh host key every time: nothing to verify it against.
        t.ssh_options = {"StrictHostKeyChecking=no", "UserKnownHostsFile=/dev/null",
                         "LogLevel=ERROR"};
        t.connect_timeout = std::chrono::seconds(10);
        return t;
    }

    // PIDs of processes serving a connection: the listener's children (sshd sessions and the
    // remote commands under them). Empty once every session has ended.
    std::vector<pid_t> sessions() const { return descendants(pid_); }

    static std::vector<pid_t> descendants(pid_t root) {
        std::vector<pid_t> found;
        std::vector<pid_t> frontier{root};
        while (!frontier.empty()) {
            const pid_t parent = frontier.back();
            frontier.pop_back();
            for (const auto& e : std::filesystem::directory_iterator("/proc")) {
                const std::string name = e.path().filename();
                if (name.find_first_not_of("0123456789") != std::string::npos) {
                    continue;
                }
                std::ifstream stat(e.path() / "stat");
                std::string text;
                std::getline(stat, text);
                const auto close = text.rfind(')');
                if (close == std::string::npos) {
                    continue;
                }
                char state = 0;
                int ppid = 0;
                if (std::sscanf(text.c_str() + close + 1, " %c %d", &state, &ppid) == 2 &&
                    ppid == parent && state != 'Z') {
                    found.push_back(std::stoi(name));
                    frontier.push_back(std::stoi(name));
                }
            }
        }
        return found;
    }

    // Processes whose command line mentions `needle` (such as this server's key folder).
    static std::vector<pid_t> processes_mentioning(const std::string& needle) {
        std::vector<pid_t> found;
        for (const auto& e : std::filesystem::directory_iterator("/proc")) {
            const std::string name = e.path().filename();
            if (name.find_first_not_of("0123456789") != std::string::npos) {
                continue;
            }
            std::ifstream in(e.path() / "cmdline");
            std::string cmdline(std::istreambuf_iterator<char>(in), {});
            if (cmdline.find(needle) != std::string::npos) {
                found.push_back(std::stoi(name));
            }
        }
        return found;
    }

private:
    static void run(const std::vector<std::string>& argv) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            std::vector<char*> args;
            for (const auto& a : argv) {
                args.push_back(const_cast<char*>(a.c_str()));
            }
            args.push_back(nullptr);
            ::execvp(args[0], args.data());
            ::_exit(127);
        }
        ::waitpid(pid, nullptr, 0);
    }

    static int free_port() {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
        socklen_t len = sizeof a;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
        ::close(fd);
        return ntohs(a.sin_port);
    }

    bool accepts() const {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<std::uint16_t>(port_));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
        ::close(fd);
        return ok;
    }

    std::string dir_;
    int port_ = 0;
    pid_t pid_ = -1;
};

}  // namespace wattbench::testing
