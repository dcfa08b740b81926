// End to end: the real `wattbench` binary measuring a CEM meter (emulated over TCP) and a
// Wensn meter (a replayed USB session that ends in an unplug), with a background phase.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/emulators/cem_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

extern char** environ;

namespace wattbench {
namespace {

namespace fs = std::filesystem;
using tests::emulators::CemEmulator;
using tests::emulators::StreamServer;
using namespace std::chrono_literals;

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Runs wattbench with `input` on stdin; returns the exit code.
int run(std::vector<std::string> args, const fs::path& dir, const std::string& input) {
    args.insert(args.begin(), WATTBENCH_BIN);
    std::ofstream(dir / "stdin") << input;
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

TEST(SoundEndToEnd, LeqL10L90BackgroundPhaseAndAnUnpluggedUsbMeter) {
    CemEmulator emulator{20ms};
    // 50.0 dB for half a second, then 70.0 dB for half a second, and again.
    emulator.series.assign(25, 500);
    emulator.series.insert(emulator.series.end(), 25, 700);
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    server.set_ticker([&] { return emulator.tick(); });

    const fs::path dir = fs::temp_directory_path() / ("wb-sound-e2e-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string fixture =
        std::string(WATTBENCH_SOURCE_DIR) + "/tests/drivers/wensn/fixtures/session.usbreplay";
    std::ofstream(dir / "noise.toml") << "[run]\nname = \"noise\"\ninterval = \"250ms\"\n"
                                         "warmup = \"0s\"\nwindow = \"3s\"\n"
                                         "[[device]]\nid = \"slm\"\ndriver = \"cem-dt885x\"\n"
                                         "connection = \""
                                      << server.connection()
                                      << "\"\n"
                                         "[[device]]\nid = \"usb\"\ndriver = \"wensn-ws1361\"\n"
                                         "connection = \"replay://"
                                      << fixture
                                      << "\"\noptional = true\ntime_weighting = \"fast\"\n"
                                         "background_noise = 20.0\n"
                                         "[[phase]]\nname = \"room\"\nload = \"idle\"\n"
                                         "background = true\n"
                                         "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    const fs::path out = dir / "run";
    ASSERT_EQ(run({"run", (dir / "noise.toml").string(), "--out", out.string()}, dir, "y\n"), 0)
        << slurp(dir / "err") << slurp(dir / "out");

    const std::string phases = slurp(out / "phases.csv");
    EXPECT_EQ(phases.substr(0, phases.find('\n')),
              "phase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,end,"
              "flags,uncertainty,l10,l90");
    const auto slm = lines_with(phases, ",slm,spl,dBA,");
    ASSERT_EQ(slm.size(), 2u) << phases;
    const std::string samples = slurp(out / "samples.csv");
    for (const auto& row : slm) {
        // mean is the Leq of the window's readings as samples.csv has them, not their
        // arithmetic mean.
        const std::string phase = row.substr(0, row.find(','));
        double energy = 0.0;
        double sum = 0.0;
        int n = 0;
        for (const auto& line : lines_with(samples, "," + phase + ",window,slm,spl,")) {
            const auto at = line.find(",slm,spl,") + 9;
            const double v = std::stod(line.substr(at));
            energy += std::pow(10.0, v / 10.0);
            sum += v;
            ++n;
        }
        ASSERT_GT(n, 4) << phase;
        const auto at = row.find(",slm,spl,dBA,") + 13;
        const double mean = std::stod(row.substr(at));
        EXPECT_NEAR(mean, 10.0 * std::log10(energy / n), 1e-6) << row;
        EXPECT_GT(mean, sum / n + 1.0) << row;  // energy averaging weighs the loud half
        EXPECT_EQ(row.substr(row.size() - 6), ",70,50") << row;
    }

    const auto manifest = nlohmann::json::parse(slurp(out / "manifest.json"));
    EXPECT_EQ(manifest["phases"][0]["background"], true);
    bool settings_seen = false;
    for (const auto& d : manifest["devices"]) {
        if (d["id"] == "slm" && d.contains("settings")) {
            EXPECT_EQ(d["settings"]["weighting"], "A");
            EXPECT_EQ(d["settings"]["range"], "30-130");
            settings_seen = true;
        }
    }
    EXPECT_TRUE(settings_seen) << manifest["devices"].dump();

    // The replayed USB meter: readings, a timeout, an unplug, over range, a pressed button, then
    // gone for good: every status shows up and the run still completes.
    EXPECT_FALSE(lines_with(samples, ",usb,spl,58.2,dBA,ok").empty()) << samples.substr(0, 2000);
    EXPECT_FALSE(lines_with(samples, ",usb,spl,,dBA,overrange").empty());
    EXPECT_FALSE(lines_with(samples, ",usb,spl,,dBA,error").empty());
    EXPECT_FALSE(lines_with(samples, ",usb,spl,,dBA,unavailable").empty());

    ASSERT_EQ(
        run({"report", out.string(), "--format", "md", "-o", (dir / "r.md").string()}, dir, ""), 0)
        << slurp(dir / "err");
    const std::string md = slurp(dir / "r.md");
    EXPECT_NE(md.find("## Noise (ISO 7779)"), std::string::npos) << md;
    EXPECT_NE(md.find("(phase room)"), std::string::npos);
    EXPECT_NE(md.find("invalid (< 3 dB above background)"), std::string::npos);  // same room
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench
