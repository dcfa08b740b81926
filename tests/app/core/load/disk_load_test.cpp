#include "app/core/load/disk_load.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/core/load/byte_size.hpp"
#include "app/core/load/cpu_util_device.hpp"
#include "app/core/load/load_factory.hpp"

namespace wattbench::core::load {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class DiskLoadTest : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() /
                ("wattbench-disk-test-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        fs::create_directories(root_);
    }
    void TearDown() override { fs::remove_all(root_); }

    std::vector<std::string> ours(const fs::path& dir) const {
        std::vector<std::string> out;
        const std::string prefix = "wattbench-disk-" + std::to_string(::getpid()) + "-";
        for (const auto& e : fs::directory_iterator(dir)) {
            const auto name = e.path().filename().string();
            if (name.rfind(prefix, 0) == 0 && name != prefix + "0.dat") {
                out.push_back(name);
            }
        }
        return out;
    }

    // Files of ours under `dir`, named or unnamed: an O_TMPFILE file shows only as an open
    // descriptor whose link reads "<dir>/#<inode> (deleted)".
    std::size_t held(const fs::path& dir) const {
        std::size_t n = ours(dir).size();
        const std::string prefix = fs::canonical(dir).string() + "/#";
        for (const auto& e : fs::directory_iterator("/proc/self/fd")) {
            std::error_code ec;
            const auto target = fs::read_symlink(e.path(), ec).string();
            n += !ec && target.rfind(prefix, 0) == 0 ? 1 : 0;
        }
        return n;
    }

    // Bounded wait for the writer to reach `bytes`; the bound only keeps a broken build from
    // hanging, the assertion is on what was written.
    static void wait_for_bytes(const DiskLoad& load, std::uint64_t bytes) {
        for (int i = 0; i < 2000 && load.bytes_written() < bytes; ++i) {
            std::this_thread::sleep_for(5ms);
        }
    }

    fs::path root_;
};

TEST_F(DiskLoadTest, WritesRotatesWithinMaxSpaceAndRemovesItsFolder) {
    DiskLoadSettings s;
    s.path = (root_ / "new").string();
    s.file_size = 256 << 10;
    s.max_space = 768 << 10;
    s.sync = DiskSync::none;
    DiskLoad load(s);
    ASSERT_FALSE(load.start());
    wait_for_bytes(load, 10 * s.file_size);
    EXPECT_GE(load.bytes_written(), 10 * s.file_size);
    EXPECT_LE(held(s.path), 3u);
    EXPECT_GE(held(s.path), 1u);
    load.stop();
    EXPECT_EQ(held(root_), 0u);
    EXPECT_FALSE(fs::exists(s.path));
    EXPECT_TRUE(load.failure().empty()) << load.failure();
}

TEST_F(DiskLoadTest, NeverTouchesFilesItDidNotCreate) {
    const fs::path dir = root_ / "existing";
    fs::create_directories(dir);
    std::ofstream(dir / "keep.dat") << "mine";
    // A file with the very name the load would pick first: it must take another name.
    const fs::path clash = dir / ("wattbench-disk-" + std::to_string(::getpid()) + "-0.dat");
    std::ofstream(clash) << "also mine";
    DiskLoadSettings s;
    s.path = dir.string();
    s.file_size = 128 << 10;
    s.max_space = 256 << 10;
    s.sync = DiskSync::fsync;
    DiskLoad load(s);
    ASSERT_FALSE(load.start());
    wait_for_bytes(load, 6 * s.file_size);
    load.stop();
    EXPECT_GE(load.bytes_written(), 6 * s.file_size);
    EXPECT_TRUE(ours(dir).empty());
    EXPECT_TRUE(fs::exists(dir));
    std::string text;
    std::getline(std::ifstream(dir / "keep.dat"), text);
    EXPECT_EQ(text, "mine");
    std::getline(std::ifstream(clash), text);
    EXPECT_EQ(text, "also mine");
}

// What SIGKILL does to a disk phase: nothing of its files may stay on the disk.
TEST_F(DiskLoadTest, AKilledWriterLeavesNoFiles) {
    const fs::path dir = root_ / "killed";
    fs::create_directories(dir);
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        DiskLoadSettings s;
        s.path = dir.string();
        s.file_size = 1 << 20;
        s.max_space = 4 << 20;
        s.sync = DiskSync::none;
        DiskLoad load(s);
        if (load.start()) {
            ::_exit(1);
        }
        while (load.bytes_written() < 6u << 20) {
            std::this_thread::sleep_for(1ms);
        }
        (void)!::write(ready[1], "x", 1);
        for (;;) {
            std::this_thread::sleep_for(1s);
        }
    }
    ::close(ready[1]);
    char c = 0;
    ASSERT_EQ(::read(ready[0], &c, 1), 1) << "the writer did not get going";
    ::close(ready[0]);
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    EXPECT_TRUE(fs::is_empty(dir)) << "files outlived the killed writer";
}

TEST_F(DiskLoadTest, RefusesWhenTheSpaceIsNotThere) {
    DiskLoadSettings s;
    s.path = (root_ / "x").string();
    s.file_size = 1 << 20;
    s.max_space = 1ull << 62;
    DiskLoad load(s);
    const auto err = load.start();
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("is more than the"), std::string::npos) << *err;
    EXPECT_FALSE(fs::exists(s.path));
}

TEST_F(DiskLoadTest, WriteRateIsMeasuredAsHostDiskWrite) {
    auto bytes = std::make_shared<std::atomic<std::uint64_t>>(0);
    CpuUtilDevice dev({}, "/proc/stat", bytes);
    ASSERT_EQ(dev.channels().back().name, "disk_write");
    EXPECT_EQ(dev.channels().back().unit, "MB/s");
    ASSERT_FALSE(dev.open());
    DiskLoadSettings s;
    s.path = (root_ / "rate").string();
    s.file_size = 1 << 20;
    s.max_space = 4 << 20;
    s.sync = DiskSync::none;
    DiskLoad load(s, bytes);
    ASSERT_FALSE(load.start());
    wait_for_bytes(load, 4 << 20);
    const auto r = dev.poll({});
    load.stop();
    ASSERT_EQ(r.readings.size(), 2u);
    EXPECT_EQ(r.readings[1].status, drivers::api::Status::ok);
    EXPECT_GT(r.readings[1].value, 0.0);
}

profile::PhaseSettings disk_phase(std::map<std::string, drivers::api::OptionValue> options) {
    profile::PhaseSettings p;
    p.name = "disk";
    p.load = profile::LoadKind::disk;
    p.location = {"p.toml", 10, 1};
    for (const auto& [k, _] : options) {
        p.key_locations[k] = {"p.toml", 13, 1};
    }
    p.load_options = std::move(options);
    return p;
}

TEST(DiskLoadFactory, ReadsItsKeysAndNamesBadOnes) {
    auto ok = make_load(disk_phase({{"file_size", std::string("64MiB")},
                                    {"sync", std::string("direct")},
                                    {"max_space", std::int64_t{1} << 30},
                                    {"path", std::string("/tmp/wb")}}));
    ASSERT_EQ(ok.index(), 0u) << std::get<1>(ok);
    EXPECT_NE(std::get<0>(ok)->describe().find("64 MiB files under /tmp/wb (sync direct"),
              std::string::npos)
        << std::get<0>(ok)->describe();
    auto bad = make_load(disk_phase({{"sync", std::string("sometimes")}}));
    ASSERT_EQ(bad.index(), 1u);
    EXPECT_EQ(std::get<1>(bad),
              "p.toml:13: phase 'disk': sync: expected \"fsync\", \"direct\" or \"none\"");
    bad = make_load(disk_phase({{"file_size", std::string("lots")}}));
    ASSERT_EQ(bad.index(), 1u);
    EXPECT_NE(std::get<1>(bad).find("p.toml:13: phase 'disk': file_size: expected a size"),
              std::string::npos);
    bad = make_load(
        disk_phase({{"file_size", std::string("2GiB")}, {"max_space", std::string("1GiB")}}));
    ASSERT_EQ(bad.index(), 1u);
    EXPECT_NE(std::get<1>(bad).find("is larger than max_space"), std::string::npos);
}

TEST(ByteSize, ReadsBinaryAndDecimalUnits) {
    EXPECT_EQ(parse_byte_size("1GiB"), 1ull << 30);
    EXPECT_EQ(parse_byte_size("512MiB"), 512ull << 20);
    EXPECT_EQ(parse_byte_size("100MB"), 100'000'000ull);
    EXPECT_EQ(parse_byte_size("4k"), 4096ull);
    EXPECT_EQ(parse_byte_size("4096"), 4096ull);
    EXPECT_EQ(parse_byte_size("8 GiB"), 8ull << 30);
    EXPECT_FALSE(parse_byte_size("GiB"));
    EXPECT_FALSE(parse_byte_size("1 parsec"));
    EXPECT_FALSE(parse_byte_size("99999999999TiB"));
}

}  // namespace
}  // namespace wattbench::core::load
