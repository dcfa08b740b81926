#pragma once

// Runs a program to completion the way a user's shell would, for end-to-end tests of the CLI:
// stdout and stderr captured whole, stdin from a file or /dev/null.

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace wattbench::testing {

struct ProgramResult {
    int exit_code = -1;  // 128 + signal when it was killed
    std::string out;
    std::string err;
};

inline std::string read_whole(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Starts `argv[0]` (a path) with the given file actions; its pid, or -1.
inline pid_t spawn_program(std::vector<std::string> argv, const posix_spawn_file_actions_t& fa) {
    std::vector<char*> args;
    for (auto& a : argv) {
        args.push_back(a.data());
    }
    args.push_back(nullptr);
    pid_t pid = -1;
    return posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ) == 0 ? pid : -1;
}

// `argv[0]` is the program's path. The output goes through files in `scratch` (which must
// exist), so a test can also look at them after a failure.
inline ProgramResult run_program(std::vector<std::string> argv,
                                 const std::filesystem::path& scratch,
                                 const std::string& input = "") {
    const auto out = scratch / "stdout";
    const auto err = scratch / "stderr";
    const std::string in = input.empty() ? "/dev/null" : input;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, in.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const pid_t pid = spawn_program(argv, fa);
    posix_spawn_file_actions_destroy(&fa);
    if (pid < 0) {
        return {-1, {}, "cannot start " + argv[0]};
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), read_whole(out),
            read_whole(err)};
}

}  // namespace wattbench::testing
