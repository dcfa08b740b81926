#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/core/profile/target_settings.hpp"
#include "app/core/remote/ssh_session.hpp"

namespace wattbench::core::remote {

// What a remote command printed and how it ended.
struct SshResult {
    int exit_status = -1;  // 255: ssh itself failed (connection, authentication)
    bool timed_out = false;
    std::string out;
    std::string err;
};

// Runs programs on the target through the system `ssh` client, never through a shell on this
// side: the argv is built here and exec'd. ssh always gets -T and BatchMode=yes (it never
// prompts: key or agent authentication only) and a ConnectTimeout, before the profile's own
// ssh_options, since ssh keeps the first value it sees for an option.
class SshExecutor {
public:
    explicit SshExecutor(profile::TargetSettings target, std::string ssh_program = "ssh");

    const profile::TargetSettings& target() const { return target_; }
    // "user@host" or "user@host:port", for messages; never carries a secret.
    std::string destination() const;

    // The local argv that runs `remote_argv` on the target. The remote side always goes through
    // the login shell (that is how ssh works), so every word is quoted for it and the command
    // is exec'd, leaving no shell process in between.
    std::vector<std::string> ssh_argv(const std::vector<std::string>& remote_argv) const;

    std::variant<std::unique_ptr<SshSession>, std::string> start(
        const std::vector<std::string>& remote_argv) const;

    // Runs to completion (or the timeout, then the session is ended).
    SshResult run(const std::vector<std::string>& remote_argv,
                  std::chrono::milliseconds timeout) const;

    // Sessions share one connection through this ControlPath (ControlMaster=auto): the first
    // session is the master, the others start without a new handshake. Empty: none.
    void set_control_path(std::string path) { control_path_ = std::move(path); }

    // One word quoted for a POSIX shell; a leading "~/" stays expandable.
    static std::string shell_quote(const std::string& word);

private:
    profile::TargetSettings target_;
    std::string ssh_program_;
    std::string control_path_;
};

}  // namespace wattbench::core::remote
