#include "drivers/cpu/cpu_device.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

#include "drivers/cpu/register.hpp"

namespace wattbench::drivers::cpu {
namespace {

namespace fs = std::filesystem;

// A private copy of a fixture tree, so a test can advance the counters between polls.
class Tree {
public:
    explicit Tree(const std::string& fixture) {
        dir_ = fs::temp_directory_path() /
               ("wb_cpu_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++));
        fs::remove_all(dir_);
        fs::copy(std::string(WATTBENCH_TEST_DATA) + "/fixtures/" + fixture, dir_,
                 fs::copy_options::recursive);
    }
    ~Tree() { fs::remove_all(dir_); }
    std::string root() const { return dir_.string(); }
    void write(const std::string& rel, const std::string& text) const {
        std::ofstream(dir_ / rel) << text;
    }

private:
    static inline int counter_ = 0;
    fs::path dir_;
};

std::unique_ptr<api::Device> make(const std::string& root) {
    api::DeviceConfig c{"host", "cpu", "cpu://local", {}};
    c.options.set("root", root);
    auto made = driver_info().factory(c);
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    return std::get<std::unique_ptr<api::Device>>(std::move(made));
}

const api::Reading* find(const api::PollResult& r, std::size_t channel) {
    for (const auto& x : r.readings) {
        if (x.channel == channel) {
            return &x;
        }
    }
    return nullptr;
}

TEST(CpuDevice, DiscoversPerCpuChannelsAtOpen) {
    Tree t("vm");
    auto d = make(t.root());
    ASSERT_EQ(d->channels().size(), 1u);
    EXPECT_EQ(d->channels()[0].name, "cpu_util");
    EXPECT_EQ(d->channels()[0].unit, "%");
    ASSERT_FALSE(d->open());
    std::vector<std::string> names;
    for (const auto& c : d->channels()) {
        names.push_back(c.name);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"cpu_util", "cpu0_util", "cpu1_util", "cpu0_freq",
                                               "cpu1_freq"}));
    EXPECT_EQ(d->channels()[3].unit, "MHz");
}

TEST(CpuDevice, UtilisationFromCounterDeltas) {
    Tree t("vm");
    auto d = make(t.root());
    ASSERT_FALSE(d->open());
    // cpu0 +30 busy/+10 idle (75 %), cpu1 +10 busy/+30 idle (25 %), total 50 %.
    t.write("proc/stat",
            "cpu  376582 5420 34808 256608 539 0 103 118 0 0\n"
            "cpu0 177705 4210 18765 136151 91 0 14 62 0 0\n"
            "cpu1 198877 1209 16042 120456 447 0 89 55 0 0\n");
    auto r = d->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(find(r, 0)->value, 50.0);
    EXPECT_DOUBLE_EQ(find(r, 1)->value, 75.0);
    EXPECT_DOUBLE_EQ(find(r, 2)->value, 25.0);
    EXPECT_DOUBLE_EQ(find(r, 3)->value, 2599.998);  // cpuinfo fallback
    // No tick elapsed: unavailable, never a made-up 0.
    r = d->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    EXPECT_EQ(find(r, 0)->status, api::Status::unavailable);
}

TEST(CpuDevice, OfflineCpuIsUnavailable) {
    Tree t("vm");
    auto d = make(t.root());
    ASSERT_FALSE(d->open());
    t.write("proc/stat",
            "cpu  376582 5420 34808 256608 539 0 103 118 0 0\n"
            "cpu0 177705 4210 18765 136151 91 0 14 62 0 0\n");
    auto r = d->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    EXPECT_EQ(find(r, 1)->status, api::Status::ok);
    EXPECT_EQ(find(r, 2)->status, api::Status::unavailable);
}

TEST(CpuDevice, FrequencyFromCpufreq) {
    Tree t("cpufreq");
    auto d = make(t.root());
    ASSERT_FALSE(d->open());
    auto r = d->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    EXPECT_DOUBLE_EQ(find(r, 3)->value, 3400.0);
    EXPECT_DOUBLE_EQ(find(r, 4)->value, 800.0);
    fs::remove(fs::path(t.root()) / "sys/devices/system/cpu/cpu1/cpufreq/scaling_cur_freq");
    r = d->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    EXPECT_EQ(find(r, 4)->status, api::Status::unavailable);
}

TEST(CpuDevice, MissingProcStatIsAClearError) {
    auto d = make("/nonexistent-wattbench-root");
    auto e = d->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
    EXPECT_NE(e->message.find("/nonexistent-wattbench-root/proc/stat"), std::string::npos);
}

TEST(CpuDevice, RejectsBadConfiguration) {
    api::DeviceConfig c{"host", "cpu", "tcp://x:1", {}};
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(driver_info().factory(c)));
    api::DeviceConfig r{"host", "cpu", "cpu://local", {}};
    r.options.set("root", std::string("relative"));
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(driver_info().factory(r)));
    api::DeviceConfig b{"host", "cpu", "", {}};
    b.options.set("per_cpu", std::string("yes"));
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(driver_info().factory(b)));
}

TEST(CpuDevice, ReadsTheRealProc) {
    auto d = make("/");
    ASSERT_FALSE(d->open());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    auto r = d->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    ASSERT_FALSE(r.error);
    const auto* total = find(r, 0);
    ASSERT_NE(total, nullptr);
    if (total->status == api::Status::ok) {
        EXPECT_GE(total->value, 0.0);
        EXPECT_LE(total->value, 100.0);
    }
    EXPECT_GE(d->channels().size(),
              1 + static_cast<std::size_t>(std::thread::hardware_concurrency()));
}

}  // namespace
}  // namespace wattbench::drivers::cpu
