#include "drivers/ipmi/ipmi_device.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include <unistd.h>

#include "drivers/ipmi/register.hpp"
#include "tests/drivers/ipmi/ipmi_sim.hpp"

namespace wattbench::drivers::ipmi {
namespace {

using testing::IpmiSim;
using Clock = std::chrono::steady_clock;

std::unique_ptr<api::Device> make(const std::string& connection,
                                  std::vector<std::pair<std::string, std::string>> extra = {}) {
    api::DeviceConfig c{"bmc", "ipmi", connection, {}};
    c.options.set("workarounds", std::string("opensesspriv"));
    c.options.set("session_timeout_ms", std::int64_t{1000});
    c.options.set("retransmission_timeout_ms", std::int64_t{250});
    for (auto& [k, v] : extra) {
        c.options.set(k, v);
    }
    auto made = driver_info().factory(c);
    if (auto* e = std::get_if<api::DeviceError>(&made)) {
        ADD_FAILURE() << e->message;
        return nullptr;
    }
    return std::get<std::unique_ptr<api::Device>>(std::move(made));
}

// ipmi_sim answers its console before it has read the whole .emu file: retry the first open.
std::optional<api::DeviceError> open_when_ready(api::Device& d) {
    std::optional<api::DeviceError> e;
    for (int i = 0; i < 50; ++i) {
        e = d.open();
        if (!e || e->kind == api::ErrorKind::auth || e->kind == api::ErrorKind::config) {
            return e;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return e;
}

std::size_t index_of(const api::Device& d, const std::string& name) {
    const auto& ch = d.channels();
    auto it = std::find_if(ch.begin(), ch.end(), [&](const auto& c) { return c.name == name; });
    EXPECT_NE(it, ch.end()) << name;
    return static_cast<std::size_t>(it - ch.begin());
}

const api::Reading* reading(const api::PollResult& r, std::size_t channel) {
    for (const auto& x : r.readings) {
        if (x.channel == channel) {
            return &x;
        }
    }
    return nullptr;
}

class IpmiSimTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!IpmiSim::available()) {
            GTEST_SKIP() << "ipmi_sim/sdrcomp not installed (Debian package openipmi)";
        }
        ::setenv("WATTBENCH_IPMI_PASSWORD", "secret", 1);
        sim_ = std::make_unique<IpmiSim>();
        ASSERT_TRUE(sim_->start()) << sim_->error();
    }
    void TearDown() override { ::unsetenv("WATTBENCH_IPMI_PASSWORD"); }

    api::PollResult poll(api::Device& d) { return d.poll(Clock::now() + std::chrono::seconds(1)); }

    std::unique_ptr<IpmiSim> sim_;
};

TEST_F(IpmiSimTest, DiscoversSensorsWithUnitsThresholdsAndStates) {
    auto d = make(sim_->connection());
    ASSERT_TRUE(d);
    ASSERT_FALSE(open_when_ready(*d));
    std::vector<std::string> names;
    for (const auto& c : d->channels()) {
        names.push_back(c.name);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"system_temp", "fan_1", "12v", "cpu_temp"}));
    const auto& temp = d->channels()[index_of(*d, "system_temp")];
    EXPECT_EQ(temp.unit, "degC");
    EXPECT_EQ(temp.quantity, api::Quantity::temperature);
    EXPECT_DOUBLE_EQ(*temp.thresholds.upper_non_critical, 50.0);
    EXPECT_DOUBLE_EQ(*temp.thresholds.upper_critical, 58.0);
    EXPECT_DOUBLE_EQ(*temp.thresholds.upper_non_recoverable, 65.0);
    EXPECT_DOUBLE_EQ(*temp.thresholds.lower_critical, 5.0);
    const auto& fan = d->channels()[index_of(*d, "fan_1")];
    EXPECT_EQ(fan.unit, "RPM");
    EXPECT_DOUBLE_EQ(*fan.thresholds.lower_critical, 300.0);
    EXPECT_FALSE(fan.thresholds.upper_non_recoverable);  // not readable in the SDR
    EXPECT_FALSE(temp.thresholds.lower_non_recoverable);
    EXPECT_EQ(d->channels()[index_of(*d, "12v")].unit, "V");
    EXPECT_EQ(d->channels()[index_of(*d, "cpu_temp")].unit, "state");

    auto r = poll(*d);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(reading(r, index_of(*d, "system_temp"))->value, 35.0);
    EXPECT_DOUBLE_EQ(reading(r, index_of(*d, "fan_1"))->value, 2000.0);
    EXPECT_NEAR(reading(r, index_of(*d, "12v"))->value, 12.1, 1e-9);
    const auto* cpu = reading(r, index_of(*d, "cpu_temp"));
    ASSERT_EQ(cpu->status, api::Status::ok);
    EXPECT_FALSE(cpu->text.empty());
}

TEST_F(IpmiSimTest, FiltersBySensorAndType) {
    auto by_type = make(sim_->connection(), {{"types", "fan,state"}});
    ASSERT_FALSE(open_when_ready(*by_type));
    ASSERT_EQ(by_type->channels().size(), 2u);
    EXPECT_EQ(by_type->channels()[0].name, "fan_1");
    auto by_name = make(sim_->connection(), {{"sensors", "System Temp,12v"}});
    ASSERT_FALSE(open_when_ready(*by_name));
    ASSERT_EQ(by_name->channels().size(), 2u);
    auto none = make(sim_->connection(), {{"sensors", "nosuch"}});
    auto e = open_when_ready(*none);
    ASSERT_TRUE(e);
    EXPECT_NE(e->message.find("filter"), std::string::npos);
}

TEST_F(IpmiSimTest, TemperatureRampFanFailureAndStateChange) {
    auto d = make(sim_->connection());
    ASSERT_FALSE(open_when_ready(*d));
    const auto temp = index_of(*d, "system_temp");
    const auto fan = index_of(*d, "fan_1");
    const auto cpu = index_of(*d, "cpu_temp");
    const std::string before = reading(poll(*d), cpu)->text;
    for (int t : {45, 52, 60}) {
        ASSERT_NE(sim_->console("sensor_set_value 0x20 0 1 " + std::to_string(t) + " 1"), "");
        auto r = poll(*d);
        ASSERT_FALSE(r.error);
        EXPECT_DOUBLE_EQ(reading(r, temp)->value, t);
    }
    sim_->console("sensor_set_value 0x20 0 2 0 1");
    auto r = poll(*d);
    EXPECT_EQ(reading(r, fan)->status, api::Status::ok);
    EXPECT_DOUBLE_EQ(reading(r, fan)->value, 0.0);
    sim_->console("sensor_set_bit_clr_rest 0x20 0 4 2 1");
    r = poll(*d);
    EXPECT_NE(reading(r, cpu)->text, before);
}

TEST_F(IpmiSimTest, WrongPasswordFailsCleanly) {
    ::setenv("WATTBENCH_IPMI_PASSWORD", "wrong", 1);
    auto d = make(sim_->connection());
    const auto start = Clock::now();
    auto e = open_when_ready(*d);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::auth) << e->message;
    EXPECT_NE(e->message.find("127.0.0.1:" + std::to_string(sim_->lan_port())), std::string::npos);
    EXPECT_NE(e->message.find("password"), std::string::npos) << e->message;
    EXPECT_EQ(e->message.find("wrong"), e->message.find("wrong password"));
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(10));
}

TEST_F(IpmiSimTest, SimulatorRestartIsALostLinkThenReconnects) {
    auto d = make(sim_->connection());
    ASSERT_FALSE(open_when_ready(*d));
    ASSERT_FALSE(poll(*d).error);
    sim_->stop();
    auto r = poll(*d);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::link_lost) << r.error->message;
    EXPECT_TRUE(r.readings.empty());
    d->close();
    auto e = d->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable) << e->message;
    ASSERT_TRUE(sim_->start()) << sim_->error();
    ASSERT_FALSE(open_when_ready(*d));
    r = poll(*d);
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(reading(r, index_of(*d, "system_temp"))->value, 35.0);
}

// One sdr_cache_dir shared by runs: a cache that still matches the BMC is used quietly; after
// the BMC's SDR repository changed (here: the simulator restarted with a sensor renamed) the
// cache is found stale, said so, and rebuilt, and a device opened before the change finds its
// channels' sensors again by name.
TEST_F(IpmiSimTest, StaleSharedSdrCacheIsDetectedAndRebuilt) {
    char templ[] = "/tmp/ipmi-sdrcache-XXXXXX";
    const std::string cache = ::mkdtemp(templ);
    const std::vector<std::pair<std::string, std::string>> opts{{"sdr_cache_dir", cache}};
    {
        auto first = make(sim_->connection(), opts);
        ASSERT_FALSE(open_when_ready(*first));
        EXPECT_TRUE(poll(*first).notices.empty());
    }
    ASSERT_TRUE(std::filesystem::exists(
        cache + "/sdr-cache-127.0.0.1:" + std::to_string(sim_->lan_port())));
    auto running = make(sim_->connection(), opts);
    ASSERT_FALSE(open_when_ready(*running));
    auto r = poll(*running);
    EXPECT_TRUE(r.notices.empty()) << r.notices.front().message;
    const auto fan = index_of(*running, "fan_1");
    const auto temp = index_of(*running, "system_temp");

    sim_->stop();
    // ipmi_sim stamps its SDR additions in whole seconds of the host's uptime, as a BMC
    // without a set clock does: a restart within the same second would look unchanged.
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    sim_->edit_sdrs("\"System Temp\"", "\"Inlet Temp\"");
    ASSERT_TRUE(sim_->start()) << sim_->error();

    auto fresh = make(sim_->connection(), opts);
    ASSERT_FALSE(open_when_ready(*fresh));
    EXPECT_EQ(fresh->channels()[0].name, "inlet_temp");
    EXPECT_DOUBLE_EQ(*fresh->channels()[0].thresholds.upper_critical, 58.0);
    r = poll(*fresh);
    ASSERT_EQ(r.notices.size(), 1u);
    EXPECT_NE(r.notices[0].message.find("SDR cache " + cache + "/sdr-cache-127.0.0.1:"),
              std::string::npos)
        << r.notices[0].message;
    EXPECT_NE(r.notices[0].message.find("is stale (last addition "), std::string::npos)
        << r.notices[0].message;
    EXPECT_NE(r.notices[0].message.find("rebuilt from the BMC"), std::string::npos);
    EXPECT_DOUBLE_EQ(reading(r, 0)->value, 35.0);
    EXPECT_TRUE(poll(*fresh).notices.empty());

    // The device opened before the change: its cache was rebuilt by `fresh`, so reopening
    // it finds nothing stale, and its channel table (fixed for the run) stays as it was.
    running->close();
    ASSERT_FALSE(open_when_ready(*running));
    r = poll(*running);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(running->channels()[temp].name, "system_temp");
    EXPECT_DOUBLE_EQ(reading(r, fan)->value, 2000.0);
    std::filesystem::remove_all(cache);
}

TEST(IpmiInBand, NoLocalBmcIsAClearErrorWithoutHanging) {
    if (::access("/dev/ipmi0", F_OK) == 0) {
        GTEST_SKIP() << "this machine has a local BMC";
    }
    auto d = make("ipmi://local");
    const auto start = Clock::now();
    auto e = d->open();
    ASSERT_TRUE(e);
    EXPECT_NE(e->message.find("no local BMC"), std::string::npos);
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(1));
}

}  // namespace
}  // namespace wattbench::drivers::ipmi
