// Stands for a wattbench that dies abnormally: starts a load, prints what the test is to watch
// and waits to be killed.
//
//   load_owner_helper command LOG ARGV…   a CommandLoad; prints "<process group> <watchdog>"
//   load_owner_helper ssh FAKE_SSH        an ssh session whose client is FAKE_SSH; prints its pid
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/core/load/command_load.hpp"
#include "app/core/remote/ssh_executor.hpp"

namespace load = wattbench::core::load;
namespace remote = wattbench::core::remote;

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s command LOG ARGV... | ssh FAKE_SSH\n", argv[0]);
        return 2;
    }
    const std::string mode = argv[1];
    std::unique_ptr<load::CommandLoad> command;
    std::unique_ptr<remote::SshSession> session;
    std::string error;
    // Started from a thread that has ended by the time of the kill, as a run's phase runner
    // does: whatever ties the load to the forking thread (PR_SET_PDEATHSIG) would end it here.
    std::thread([&] {
        if (mode == "command") {
            load::CommandLoadSettings s;
            s.command.assign(argv + 3, argv + argc);
            s.log_path = argv[2];
            s.grace = std::chrono::milliseconds(500);
            command = std::make_unique<load::CommandLoad>(s);
            if (auto err = command->start()) {
                error = *err;
            }
        } else {
            wattbench::core::profile::TargetSettings t;
            t.ssh = "target.invalid";
            auto started = remote::SshExecutor(t, argv[2]).start({"true"});
            if (auto* e = std::get_if<std::string>(&started)) {
                error = *e;
            } else {
                session = std::move(std::get<std::unique_ptr<remote::SshSession>>(started));
            }
        }
    }).join();
    if (!error.empty()) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    if (command) {
        std::printf("%d %d\n", static_cast<int>(command->process_group()),
                    static_cast<int>(command->watchdog_pid()));
    } else {
        std::printf("%d\n", static_cast<int>(session->pid()));
    }
    std::fflush(stdout);
    for (;;) {
        ::pause();
    }
}
