// A run whose files cannot be written: every file of the run directory in turn, by an injected
// failure, and a real full disk (a small tmpfs, when the test may mount one).
#include <sys/mount.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/core/engine/engine.hpp"
#include "app/core/record/output_file.hpp"
#include "tests/support/fake_device.hpp"

namespace wattbench::core::engine {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

drivers::api::Registry registry_with_fake() {
    drivers::api::Registry r;
    r.add({"fake", "test device", "none", "fake://",
           [](drivers::api::DeviceConfig&)
               -> std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError> {
               return std::make_unique<tests::FakeDevice>(
                   std::vector{tests::channel("power"), tests::channel("voltage", "V")});
           }});
    return r;
}

profile::Profile two_idle_phases(milliseconds interval, milliseconds window) {
    profile::Profile p;
    p.path = "test.toml";
    p.text = "[run]\nname = \"t\"\n";
    p.run.name = "t";
    p.run.interval = interval;
    profile::DeviceSettings d;
    d.id = "meter";
    d.driver = "fake";
    d.connection = "fake://";
    d.interval = interval;
    p.devices.push_back(d);
    for (const char* name : {"idle", "idle-2"}) {
        profile::PhaseSettings ph;
        ph.name = name;
        ph.load = profile::LoadKind::idle;
        ph.warmup = milliseconds(50);
        ph.window = window;
        p.phases.push_back(ph);
    }
    return p;
}

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every line whole: the file ends with a line break and each row has `fields` fields.
void expect_whole_rows(const std::string& path, std::size_t fields) {
    const auto text = read_text(path);
    ASSERT_FALSE(text.empty()) << path;
    EXPECT_EQ(text.back(), '\n') << path;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        EXPECT_EQ(static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')), fields - 1)
            << path << ": " << line;
    }
}

struct Outcome {
    RunFinished result;
    nlohmann::json manifest;
};

Outcome run_into(const std::string& dir, const profile::Profile& profile) {
    auto registry = registry_with_fake();
    Engine engine(registry);
    RunOptions opt;
    opt.out_dir = dir;
    opt.force = true;
    EXPECT_FALSE(engine.prepare(profile, opt));
    engine.start();
    Outcome o;
    o.result = engine.wait();
    std::ifstream mf(dir + "/manifest.json");
    o.manifest = nlohmann::json::parse(mf, nullptr, false);
    return o;
}

class InjectedFailure : public ::testing::TestWithParam<const char*> {
protected:
    void TearDown() override { record::OutputFile::inject_write_failure_for_testing("", 0, 0); }
};

TEST_P(InjectedFailure, StopsTheRunAsFailedNamingTheFileAndKeepsWhatWasWritten) {
    const std::string file = GetParam();
    const auto dir =
        (fs::temp_directory_path() / ("wattbench-fail-" + file + "-" + std::to_string(::getpid())))
            .string();
    fs::remove_all(dir);
    // Enough for the header (the first manifest, the first events) and a little more, then the
    // disk is "full": within the first window for each file.
    const std::uint64_t budget = file == "manifest.json" ? 30'000
                                 : file == "samples.csv" ? 4'000
                                 : file == "events.log"  ? 800
                                                         : 300;
    record::OutputFile::inject_write_failure_for_testing(
        file == "manifest.json" ? "manifest.json.tmp" : file, ENOSPC, budget);
    const auto o = run_into(dir, two_idle_phases(milliseconds(5), milliseconds(400)));

    EXPECT_EQ(o.result.status, RunStatus::failed);
    const std::string cause = dir + "/" + file + ": No space left on device";
    EXPECT_EQ(o.result.failure, cause);
    EXPECT_EQ(o.result.message, "run failed: " + cause);
    ASSERT_TRUE(o.manifest.is_object()) << "manifest.json must stay parseable";
    if (file != "manifest.json") {
        EXPECT_EQ(o.manifest["run"]["status"], "failed");
        EXPECT_EQ(o.manifest["run"]["failure"], cause);
        EXPECT_EQ(o.manifest["run"]["exit_code"], 1);
    }
    expect_whole_rows(dir + "/samples.csv", 9);
    expect_whole_rows(dir + "/phases.csv", 17);
    const auto events = read_text(dir + "/events.log");
    EXPECT_EQ(events.back(), '\n');
    EXPECT_FALSE(fs::exists(dir + "/.wattbench-reserve"));
    EXPECT_FALSE(fs::exists(dir + "/manifest.json.tmp"));
    fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(EachFileOfTheRunDirectory, InjectedFailure,
                         ::testing::Values("samples.csv", "phases.csv", "events.log",
                                           "manifest.json"),
                         [](const auto& info) {
                             std::string n = info.param;
                             std::replace(n.begin(), n.end(), '.', '_');
                             return n;
                         });

TEST(FullDisk, ATmpfsThatFillsUpMidWindowEndsTheRunCleanly) {
    const auto dir =
        (fs::temp_directory_path() / ("wattbench-tmpfs-" + std::to_string(::getpid()))).string();
    fs::create_directories(dir);
    // Room for the reserve, the manifest and a few hundred rows: the disk fills within the first
    // window at 1 ms.
    if (::mount("tmpfs", dir.c_str(), "tmpfs", 0, "size=400k") != 0) {
        fs::remove_all(dir);
        GTEST_SKIP() << "cannot mount a tmpfs here (" << std::strerror(errno)
                     << "); the injected failures cover the same path";
    }
    const auto o = run_into(dir + "/run", two_idle_phases(milliseconds(1), milliseconds(3000)));
    EXPECT_EQ(o.result.status, RunStatus::failed);
    EXPECT_NE(o.result.failure.find("No space left on device"), std::string::npos)
        << o.result.failure;
    ASSERT_TRUE(o.manifest.is_object());
    EXPECT_EQ(o.manifest["run"]["status"], "failed");
    EXPECT_EQ(o.manifest["phases"][0]["status"], "interrupted");
    expect_whole_rows(dir + "/run/samples.csv", 9);
    expect_whole_rows(dir + "/run/phases.csv", 17);
    ::umount(dir.c_str());
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::core::engine
