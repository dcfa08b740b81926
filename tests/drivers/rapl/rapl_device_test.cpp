#include "drivers/rapl/rapl_device.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "drivers/rapl/register.hpp"

namespace wattbench::drivers::rapl {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

class Tree {
public:
    explicit Tree(const std::string& fixture) {
        dir_ = fs::temp_directory_path() /
               ("wb_rapl_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++));
        fs::remove_all(dir_);
        fs::copy(std::string(WATTBENCH_TEST_DATA) + "/fixtures/" + fixture, dir_,
                 fs::copy_options::recursive);
    }
    ~Tree() { fs::remove_all(dir_); }
    std::string root() const { return dir_.string(); }
    fs::path zone(const std::string& z) const { return dir_ / "sys/class/powercap" / z; }
    void set_energy(const std::string& z, std::uint64_t uj) const {
        std::ofstream(zone(z) / "energy_uj") << uj << "\n";
    }

private:
    static inline int counter_ = 0;
    fs::path dir_;
};

struct FakeNow {
    Clock::time_point t{std::chrono::hours(1)};
};

std::unique_ptr<RaplDevice> make(const std::string& root, std::shared_ptr<FakeNow> now) {
    Settings s;
    s.root = root;
    return std::make_unique<RaplDevice>(s, [now] { return now->t; });
}

std::vector<std::string> names(const api::Device& d) {
    std::vector<std::string> out;
    for (const auto& c : d.channels()) {
        out.push_back(c.name);
    }
    return out;
}

TEST(RaplDevice, TwoSocketsNameEveryZone) {
    Tree t("two-socket");
    auto now = std::make_shared<FakeNow>();
    auto d = make(t.root(), now);
    ASSERT_FALSE(d->open());
    EXPECT_EQ(names(*d), (std::vector<std::string>{"rapl_core_0", "rapl_dram_0", "rapl_package_0",
                                                   "rapl_package_1"}));
    EXPECT_EQ(d->channels()[0].unit, "W");
    t.set_energy("intel-rapl:0", 1000000 + 60'000'000);  // 60 J in 0.5 s
    t.set_energy("intel-rapl:1", 2000000 + 30'000'000);
    now->t += std::chrono::milliseconds(500);
    auto r = d->poll(now->t + std::chrono::seconds(1));
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings[2].value, 120.0);
    EXPECT_DOUBLE_EQ(r.readings[3].value, 60.0);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 0.0);  // core did not move: a true 0 W
    EXPECT_EQ(r.readings[0].status, api::Status::ok);
}

TEST(RaplDevice, CounterWrap) {
    Tree t("one-socket");
    auto now = std::make_shared<FakeNow>();
    auto d = make(t.root(), now);
    ASSERT_FALSE(d->open());
    EXPECT_EQ(names(*d), (std::vector<std::string>{"rapl_core", "rapl_package", "rapl_psys"}));
    // The package counter sat 328850 µJ below its top; it wraps and climbs to 671150.
    t.set_energy("intel-rapl:0", 671150);
    now->t += std::chrono::seconds(1);
    auto r = d->poll(now->t + std::chrono::seconds(1));
    EXPECT_DOUBLE_EQ(r.readings[1].value, 1.0);
}

TEST(RaplDevice, UnreadableCounterIsUnavailable) {
    Tree t("one-socket");
    auto now = std::make_shared<FakeNow>();
    auto d = make(t.root(), now);
    ASSERT_FALSE(d->open());
    std::ofstream(t.zone("intel-rapl:0:0") / "energy_uj") << "garbage\n";
    now->t += std::chrono::seconds(1);
    auto r = d->poll(now->t + std::chrono::seconds(1));
    EXPECT_EQ(r.readings[0].status, api::Status::unavailable);
    EXPECT_EQ(r.readings[1].status, api::Status::ok);
}

TEST(RaplDevice, RefusesUnreadableCounters) {
    if (::geteuid() == 0) {
        GTEST_SKIP() << "root reads mode-000 files; the refusal text is checked in RaplCounter";
    }
    Tree t("one-socket");
    ::chmod((t.zone("intel-rapl:0") / "energy_uj").c_str(), 0);
    auto d = make(t.root(), std::make_shared<FakeNow>());
    auto e = d->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::auth);
    EXPECT_NE(e->message.find("root"), std::string::npos);
}

TEST(RaplDevice, NoPowercapIsAClearError) {
    api::DeviceConfig c{"host", "rapl", "rapl://local", {}};
    c.options.set("root", std::string("/nonexistent-wattbench-root"));
    auto made = driver_info().factory(c);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    auto e = std::get<std::unique_ptr<api::Device>>(made)->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
    EXPECT_NE(e->message.find("no RAPL energy counters"), std::string::npos);
    api::DeviceConfig bad{"host", "rapl", "tcp://h:1", {}};
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(driver_info().factory(bad)));
}

}  // namespace
}  // namespace wattbench::drivers::rapl
