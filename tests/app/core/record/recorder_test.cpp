#include "app/core/record/recorder.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <sstream>
#include <thread>

#include "tests/app/core/record/temp_dir.hpp"

namespace wattbench::core::record {
namespace {

using drivers::api::Quantity;
using drivers::api::Status;
using testing::read_file;
using testing::TempDir;

drivers::api::ChannelSpec power_spec(std::string name) {
    drivers::api::ChannelSpec s;
    s.name = std::move(name);
    s.quantity = Quantity::power;
    s.unit = "W";
    return s;
}

Catalog make_catalog() {
    Catalog c;
    DeviceChannels wm;
    wm.device_id = "wattmeter";
    wm.interval = std::chrono::milliseconds(100);
    wm.channels = {power_spec("power")};
    DeviceChannels bmc;
    bmc.device_id = "bmc";
    bmc.interval = std::chrono::milliseconds(100);
    c.devices = {wm, bmc};  // the BMC's channels are not known yet
    c.phase_names = {"idle"};
    c.phase_loads = {"idle"};
    return c;
}

struct Sink final : RecorderSink {
    void on_recorded(std::span<const Sample> s) override { recorded += s.size(); }
    void on_window_closed(std::int32_t, std::vector<stats::ChannelSummary>& rows) override {
        for (auto& r : rows) {
            r.flags = "checked";
        }
    }
    void on_window_recorded(std::int32_t, const std::vector<stats::ChannelSummary>& r) override {
        rows = r;
        ++windows;
    }
    void on_threshold(const ThresholdWatcher::Event&) override {}
    void on_catalog_changed(const Catalog& c) override {
        bmc_channels = c.devices[1].channels.size();
    }
    void on_write_failed(const IoError& e) override { failures.push_back(e.message()); }

    std::size_t recorded = 0;
    std::size_t windows = 0;
    std::size_t bmc_channels = 0;
    std::vector<stats::ChannelSummary> rows;
    std::vector<std::string> failures;
};

Sample reading(std::uint32_t device, std::uint32_t channel, double value, int ms,
               phases::Stage stage = phases::Stage::window) {
    Sample s;
    s.mono = std::chrono::steady_clock::time_point(std::chrono::milliseconds(ms));
    s.utc =
        std::chrono::system_clock::time_point(std::chrono::milliseconds(1'700'000'000'000 + ms));
    s.elapsed_s = ms / 1000.0;
    s.device = device;
    s.channel = channel;
    s.phase = 0;
    s.stage = stage;
    s.status = Status::ok;
    s.value = value;
    return s;
}

sampling::WindowMarker marker(sampling::WindowMarker::Kind kind, int ms) {
    sampling::WindowMarker m;
    m.kind = kind;
    m.phase = 0;
    m.mono = std::chrono::steady_clock::time_point(std::chrono::milliseconds(ms));
    m.utc =
        std::chrono::system_clock::time_point(std::chrono::milliseconds(1'700'000'000'000 + ms));
    return m;
}

struct Fixture {
    TempDir dir;
    sampling::SampleQueue queue;
    Sink sink;
    std::unique_ptr<Recorder> recorder;

    Fixture() {
        auto catalog = make_catalog();
        recorder = std::make_unique<Recorder>(
            catalog, std::make_unique<SamplesCsvWriter>(dir.file("samples.csv"), catalog),
            std::make_unique<PhasesCsvWriter>(dir.file("phases.csv")), 0.01, queue, sink);
    }
    void run_all() {
        queue.close();
        recorder->run();
    }
};

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        out.push_back(l);
    }
    return out;
}

TEST(Recorder, WritesReadingsAndTheWindowsRowsInQueueOrder) {
    Fixture f;
    f.queue.push(marker(sampling::WindowMarker::Kind::open, 0));
    for (int k = 0; k < 10; ++k) {
        f.queue.push(reading(0, 0, 100.0 + k, 100 * k));
    }
    f.queue.push(marker(sampling::WindowMarker::Kind::close, 1000));
    f.queue.push(reading(0, 0, 1.0, 1100));  // late: its window has closed
    f.run_all();
    EXPECT_EQ(f.sink.recorded, 11u);
    EXPECT_EQ(f.sink.windows, 1u);
    EXPECT_EQ(f.recorder->late_readings(), 1u);
    const auto phases = lines_of(read_file(f.dir.file("phases.csv")));
    ASSERT_EQ(phases.size(), 2u);  // header and the wattmeter's one channel
    EXPECT_EQ(phases[1].rfind("idle,idle,wattmeter,power,W,104.5,100,109,", 0), 0u) << phases[1];
    EXPECT_NE(phases[1].find(",checked,"), std::string::npos) << "sink flags must be written";
    EXPECT_EQ(lines_of(read_file(f.dir.file("samples.csv"))).size(), 12u);
    EXPECT_TRUE(f.sink.failures.empty());
}

TEST(Recorder, ChannelsDiscoveredLateAreWrittenFromThenOn) {
    Fixture f;
    f.queue.push(reading(0, 0, 50.0, 0, phases::Stage::between));
    sampling::ChannelsDiscovered d;
    d.device = 1;
    d.channels = {power_spec("psu1_input_power"), power_spec("psu2_input_power")};
    f.queue.push(d);
    f.queue.push(reading(1, 1, 210.0, 100, phases::Stage::between));
    f.run_all();
    EXPECT_EQ(f.sink.bmc_channels, 2u);
    const auto text = read_file(f.dir.file("samples.csv"));
    EXPECT_NE(text.find(",between,bmc,psu2_input_power,210,W,ok\n"), std::string::npos) << text;
}

TEST(Recorder, AFullDiskIsReportedOnceAndLeavesOnlyWholeRows) {
    Fixture f;
    // samples.csv has its header; the next 1000 bytes fit, then the disk is full.
    OutputFile::inject_write_failure_for_testing("samples.csv", ENOSPC, 1000);
    f.queue.push(marker(sampling::WindowMarker::Kind::open, 0));
    for (int k = 0; k < 200; ++k) {
        f.queue.push(reading(0, 0, 100.0 + k, 10 * k));
    }
    f.queue.push(marker(sampling::WindowMarker::Kind::close, 2000));
    f.run_all();
    OutputFile::inject_write_failure_for_testing("", 0, 0);
    ASSERT_EQ(f.sink.failures.size(), 1u);
    EXPECT_EQ(f.sink.failures[0], f.dir.file("samples.csv") + ": No space left on device");
    EXPECT_EQ(f.sink.recorded, 200u) << "observers still get every reading";
    const auto text = read_file(f.dir.file("samples.csv"));
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.back(), '\n');
    EXPECT_LE(text.size(), std::string(SamplesCsvWriter::kHeader).size() + 1000);
    for (const auto& line : lines_of(text)) {
        EXPECT_EQ(std::count(line.begin(), line.end(), ','), 8) << line;
    }
    // The window still closed: its rows are in phases.csv, a file of its own.
    EXPECT_EQ(lines_of(read_file(f.dir.file("phases.csv"))).size(), 2u);
}

TEST(Recorder, AFailedPhasesWriteLeavesThePreviousWindowsWhole) {
    Fixture f;
    const std::string header(PhasesCsvWriter::kHeader);
    OutputFile::inject_write_failure_for_testing("phases.csv", EIO, 0);
    f.queue.push(marker(sampling::WindowMarker::Kind::open, 0));
    f.queue.push(reading(0, 0, 100.0, 0));
    f.queue.push(marker(sampling::WindowMarker::Kind::close, 100));
    f.run_all();
    OutputFile::inject_write_failure_for_testing("", 0, 0);
    ASSERT_EQ(f.sink.failures.size(), 1u);
    EXPECT_EQ(f.sink.failures[0], f.dir.file("phases.csv") + ": Input/output error");
    EXPECT_EQ(read_file(f.dir.file("phases.csv")), header);
}

TEST(Recorder, ReleasesTheSamplesLockOnlyWhenDone) {
    Fixture f;
    const auto path = f.dir.file("samples.csv");
    auto locked = [&] {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        const bool busy = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
        ::close(fd);
        return busy;
    };
    EXPECT_TRUE(locked());
    f.run_all();
    EXPECT_FALSE(locked());
}

}  // namespace
}  // namespace wattbench::core::record
