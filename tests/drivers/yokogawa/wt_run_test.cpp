// `wattbench run` end to end: the real binary measuring an emulated WT500 (plain lines over
// TCP) and an emulated WT3000 (framed TCP with its login), one short phase each.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/drivers/yokogawa/wt3000_emulator.hpp"
#include "tests/drivers/yokogawa/wt_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

extern char** environ;

namespace wattbench {
namespace {

namespace fs = std::filesystem;
using tests::emulators::StreamServer;
using tests::yokogawa::Wt3000Emulator;
using tests::yokogawa::WtEmulator;

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

int run(std::vector<std::string> args, const fs::path& dir) {
    args.insert(args.begin(), WATTBENCH_BIN);
    std::ofstream(dir / "stdin") << "y\n";
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, (dir / "stdin").c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, (dir / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&fa, 2, (dir / "err").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    std::vector<char*> argv;
    for (auto& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    pid_t pid = -1;
    posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::vector<std::string> lines_with(const std::string& text, const std::string& part) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.find(part) != std::string::npos) {
            out.push_back(line);
        }
    }
    return out;
}

// Runs one phase against `connection` and checks the power row and the manifest entry.
void measure(const std::string& name, const std::string& driver, const std::string& connection,
             const std::string& model) {
    const fs::path dir =
        fs::temp_directory_path() / ("wb-" + name + "-e2e-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "p.toml") << "[run]\nname = \"" << name
                                  << "\"\ninterval = \"500ms\"\nwarmup = \"1s\"\n"
                                     "window = \"3s\"\n"
                                     "[[device]]\nid = \"analyzer\"\ndriver = \""
                                  << driver << "\"\nconnection = \"" << connection
                                  << "\"\nvoltage_range = 300.0\ncurrent_range = 5.0\n"
                                     "elements = [\"1\", \"2\"]\n"
                                     "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    const fs::path out = dir / "run";
    ASSERT_EQ(run({"run", (dir / "p.toml").string(), "--out", out.string()}, dir), 0)
        << slurp(dir / "err") << slurp(dir / "out");
    const std::string phases = slurp(out / "phases.csv");
    const auto power = lines_with(phases, ",analyzer,power,W,");
    ASSERT_EQ(power.size(), 1u) << phases;
    const auto at = power[0].find(",analyzer,power,W,") + 18;
    EXPECT_NEAR(std::stod(power[0].substr(at)), 87.52, 1e-6) << power[0];
    EXPECT_EQ(lines_with(phases, ",analyzer,power_2,W,").size(), 1u) << phases;
    EXPECT_EQ(lines_with(phases, ",analyzer,reactive_power,var,").size(), 1u) << phases;
    const auto manifest = nlohmann::json::parse(slurp(out / "manifest.json"));
    bool seen = false;
    for (const auto& d : manifest["devices"]) {
        if (d["id"] == "analyzer") {
            seen = true;
            EXPECT_NE(d.dump().find(model), std::string::npos) << d.dump();
            ASSERT_TRUE(d.contains("settings")) << d.dump();
            EXPECT_EQ(d["settings"]["voltage_range_in_use"], 300.0) << d.dump();
            EXPECT_EQ(d["settings"]["elements"], "1,2") << d.dump();
        }
    }
    EXPECT_TRUE(seen);
    fs::remove_all(dir);
}

TEST(WtRun, Wt500OverPlainLines) {
    WtEmulator emulator;
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    measure("wt500", "yokogawa-wt500", server.connection(), "760203");
    EXPECT_GT(emulator.value_queries(), 4);
}

TEST(WtRun, Wt3000OverItsFramedLogin) {
    Wt3000Emulator emulator;
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    server.set_ticker([&] { return emulator.tick(server.connections()); });
    measure("wt3000", "yokogawa-wt3000", server.connection(), "WT3004E");
    EXPECT_GE(emulator.logins(), 1);
    EXPECT_EQ(emulator.unframed_bytes(), 0);
}

}  // namespace
}  // namespace wattbench
