#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/run_program.hpp"

// A whole `wattbench run` of one smart plug for the plug drivers' end-to-end tests: the profile,
// the program with the password only in its environment, and the search for that password in
// every file the run wrote.
namespace wattbench::tests::plugs {

namespace fs = std::filesystem;
using wattbench::testing::read_whole;

inline fs::path scratch_dir(const std::string& name) {
    const fs::path d = fs::temp_directory_path() /
                       ("wb-" + name + "-" + std::to_string(::getpid()) + "-" +
                        std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

// `device` is the [[device]] table's body after `id = "plug"`.
inline fs::path write_profile(const fs::path& dir, const std::string& name,
                              const std::string& window, const std::string& device) {
    const fs::path p = dir / (name + ".toml");
    std::ofstream(p) << "[run]\nname = \"" << name
                     << "\"\ninterval = \"500ms\"\nwarmup = \"0s\"\nwindow = \"" << window
                     << "\"\n\n[[device]]\nid = \"plug\"\n"
                     << device << "\n[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    return p;
}

// `wattbench ARGS…` with its output in dir/stdout and dir/stderr; `env` = `value` only in its
// environment (never on its command line).
inline pid_t spawn_wattbench(const std::string& bin, std::vector<std::string> args,
                             const fs::path& dir, const std::string& env = "",
                             const std::string& value = "") {
    args.insert(args.begin(), bin);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, (dir / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&fa, 2, (dir / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    if (!env.empty()) {
        ::setenv(env.c_str(), value.c_str(), 1);
    }
    const pid_t pid = wattbench::testing::spawn_program(args, fa);
    if (!env.empty()) {
        ::unsetenv(env.c_str());
    }
    posix_spawn_file_actions_destroy(&fa);
    EXPECT_GT(pid, 0);
    return pid;
}

inline int wait_exit(pid_t pid) {
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The secret in no file of `out` (recursively), nor in dir/stdout, dir/stderr.
inline void expect_nowhere(const fs::path& dir, const fs::path& out, const std::string& secret) {
    if (fs::exists(out)) {
        for (const auto& e : fs::recursive_directory_iterator(out)) {
            if (e.is_regular_file()) {
                EXPECT_EQ(read_whole(e.path()).find(secret), std::string::npos) << e.path();
            }
        }
    }
    EXPECT_EQ(read_whole(dir / "stdout").find(secret), std::string::npos);
    EXPECT_EQ(read_whole(dir / "stderr").find(secret), std::string::npos);
}

// The values of `channel` of device `plug` in samples.csv, as text ("61.753"), "" for a row
// without a value.
inline std::vector<std::string> column(const std::string& samples, const std::string& channel) {
    std::vector<std::string> out;
    const std::string key = ",plug," + channel + ",";
    for (std::size_t at = samples.find(key); at != std::string::npos;
         at = samples.find(key, at + 1)) {
        const auto start = at + key.size();
        out.push_back(samples.substr(start, samples.find(',', start) - start));
    }
    return out;
}

}  // namespace wattbench::tests::plugs
