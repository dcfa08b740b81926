#include "app/core/report/run_liveness.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {
namespace {

namespace fs = std::filesystem;

const fs::path kCases = fs::path(WATTBENCH_TEST_DATA) / "cases";

// A copy of a case directory, so a test can hold the writer's lock on its samples.csv.
class RunLiveness : public ::testing::Test {
protected:
    void SetUp() override {
        static int counter = 0;
        dir_ = fs::temp_directory_path() / ("wattbench-liveness-" + std::to_string(::getpid()) +
                                            "-" + std::to_string(counter++));
        fs::remove_all(dir_);
    }
    void TearDown() override {
        if (fd_ >= 0) {
            ::close(fd_);
        }
        fs::remove_all(dir_);
    }

    std::string copy_case(const std::string& name) {
        fs::copy(kCases / name, dir_, fs::copy_options::recursive);
        return dir_.string();
    }

    // What the recorder does from the creation of samples.csv to the end of the run.
    void hold_writer_lock() {
        fd_ = ::open((dir_ / "samples.csv").c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
        ASSERT_GE(fd_, 0);
        ASSERT_EQ(::flock(fd_, LOCK_EX | LOCK_NB), 0);
    }

    RunData load() {
        auto loaded = load_run(dir_.string());
        EXPECT_TRUE(std::holds_alternative<RunData>(loaded)) << std::get<std::string>(loaded);
        return std::move(std::get<RunData>(loaded));
    }

    fs::path dir_;
    int fd_ = -1;
};

TEST_F(RunLiveness, ALockHeldByAnotherDescriptionOfThisProcessCounts) {
    copy_case("killed");
    const auto samples = (dir_ / "samples.csv").string();
    EXPECT_FALSE(samples_locked(samples));
    hold_writer_lock();
    EXPECT_TRUE(samples_locked(samples));
    // Asking does not take the lock away or keep one.
    EXPECT_TRUE(samples_locked(samples));
    ::close(fd_);
    fd_ = -1;
    EXPECT_FALSE(samples_locked(samples));
    EXPECT_FALSE(samples_locked((dir_ / "no-such-file.csv").string()));
}

TEST_F(RunLiveness, RunningWithoutTheLockIsKilledInThePhaseWhoseWindowWasOpen) {
    copy_case("killed");
    const RunData run = load();
    EXPECT_EQ(run.liveness, Liveness::killed);
    EXPECT_EQ(run_status(run.liveness, run.info), "killed");
    EXPECT_EQ(stopped_phase(run.liveness, run.info), "cpu-1");
}

TEST_F(RunLiveness, RunningWithTheLockHeldIsLiveAndSaysSo) {
    copy_case("killed");
    hold_writer_lock();
    auto built = build_report_content(dir_.string());
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<ReportContent>>(built))
        << std::get<std::string>(built);
    const auto& content = *std::get<std::unique_ptr<ReportContent>>(built);
    EXPECT_EQ(content.run.liveness, Liveness::live);
    EXPECT_EQ(run_status(content.run.liveness, content.run.info), "running");
    const auto md = render_markdown(content);
    EXPECT_NE(md.find("The run is still being recorded."), std::string::npos) << md;
    EXPECT_EQ(md.find("killed"), std::string::npos);
    const auto json = nlohmann::json::parse(render_json(content));
    EXPECT_EQ(json["run"]["status"], "running");
    // A window still open in a live run is not cut short yet.
    EXPECT_EQ(json["phases"][1]["status"], "window");
    EXPECT_EQ(render_csv(content).find("Run status"), std::string::npos);
}

TEST_F(RunLiveness, EndedRunsKeepTheirRecordedStatus) {
    for (const char* name : {"completed", "interrupted", "no_results", "disk_full"}) {
        auto loaded = load_run((kCases / name).string());
        ASSERT_TRUE(std::holds_alternative<RunData>(loaded)) << name;
        const auto& run = std::get<RunData>(loaded);
        EXPECT_EQ(run.liveness, Liveness::ended) << name;
        const auto& recorded = run.info.run.status;
        EXPECT_EQ(
            run_status(run.liveness, run.info),
            recorded ? std::optional<std::string>(rundir::to_string(*recorded)) : std::nullopt)
            << name;
    }
}

TEST(RunLivenessOf, OnlyARunningManifestWithoutTheLockIsKilled) {
    const auto manifest_json = [](const char* status) {
        return nlohmann::json{
            {"run", {{"status", status}, {"interrupted_phase", "cpu-2"}}},
            {"phases",
             {{{"name", "idle"}, {"status", "done"}}, {{"name", "cpu-1"}, {"status", "warmup"}}}}};
    };
    const auto manifest = [&](const char* status) {
        return manifest_json(status).get<rundir::Manifest>();
    };
    EXPECT_EQ(run_liveness(false, manifest("running")), Liveness::killed);
    EXPECT_EQ(run_liveness(true, manifest("running")), Liveness::live);
    EXPECT_EQ(run_liveness(false, manifest("completed")), Liveness::ended);
    EXPECT_EQ(run_liveness(false, rundir::Manifest{}), Liveness::ended);
    // Killed in cpu-1's warm-up; a manifest that was not killed names its own phase.
    EXPECT_EQ(stopped_phase(Liveness::killed, manifest("running")), "cpu-1");
    EXPECT_EQ(stopped_phase(Liveness::ended, manifest("interrupted")), "cpu-2");
    // Killed between two phases: nothing was in progress.
    auto between = manifest_json("running");
    between["phases"][1]["status"] = "pending";
    between["run"]["interrupted_phase"] = nullptr;
    EXPECT_EQ(stopped_phase(Liveness::killed, between.get<rundir::Manifest>()), std::nullopt);
    EXPECT_EQ(run_status(Liveness::ended, rundir::Manifest{}), std::nullopt);
}

}  // namespace
}  // namespace wattbench::core::report
