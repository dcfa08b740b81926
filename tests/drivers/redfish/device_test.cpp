#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

#include "drivers/redfish/redfish_device.hpp"
#include "tests/drivers/redfish/redfish_server.hpp"

namespace wattbench::drivers::redfish {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;
using testing::RedfishServer;

const std::string kPassword = "Rf-9xQ2mLp";
const std::string kTotalPower = "/redfish/v1/Chassis/1U/Sensors/TotalPower";
const std::string kCpuTemp = "/redfish/v1/Chassis/1U/Sensors/CPU1Temp";

class RedfishDeviceTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!RedfishServer::available()) {
            GTEST_SKIP() << "needs /usr/bin/python3 and openssl";
        }
        ASSERT_TRUE(server_.start()) << server_.error();
        ::setenv("WATTBENCH_REDFISH_PASSWORD", kPassword.c_str(), 1);
    }
    void TearDown() override { ::unsetenv("WATTBENCH_REDFISH_PASSWORD"); }

    Settings settings() const {
        Settings s;
        s.endpoint = std::get<Endpoint>(parse_endpoint(server_.connection()));
        s.ca_file = server_.ca_file();
        s.timeout_ms = 2000;
        return s;
    }
    static api::PollResult poll(
        RedfishDevice& d, std::chrono::milliseconds within = std::chrono::milliseconds(3000)) {
        return d.poll(Clock::now() + within);
    }
    static const api::Reading* reading(const RedfishDevice& d, const api::PollResult& r,
                                       const std::string& channel) {
        for (const auto& x : r.readings) {
            if (d.channels()[x.channel].name == channel) {
                return &x;
            }
        }
        return nullptr;
    }
    static std::string messages(const api::PollResult& r) {
        std::string all;
        for (const auto& n : r.notices) {
            all += n.message + "\n";
        }
        return all;
    }

    RedfishServer server_{"public-rackmount1", kPassword};
};

TEST_F(RedfishDeviceTest, DiscoversTheRackmountAndPollsItOverOneConnection) {
    RedfishDevice d(settings());
    ASSERT_FALSE(d.open()) << server_.error();
    EXPECT_EQ(d.channels()[0].name, "power");
    EXPECT_EQ(d.identity().vendor, "Contoso");
    EXPECT_EQ(d.identity().model, "3500RX");
    EXPECT_EQ(d.identity().serial, "437XR1138R2");
    EXPECT_EQ(d.identity().firmware, "1.45.455b66-rev4");
    const auto first = poll(d);
    ASSERT_FALSE(first.error) << first.error->message;
    ASSERT_FALSE(first.notices.empty());
    EXPECT_EQ(std::get<std::string>(first.notices[0].settings.at("auth")), "session");
    EXPECT_EQ(std::get<std::string>(first.notices[0].settings.at("tls")), "verified with ca_file");
    EXPECT_NE(messages(first).find("left out as absent or disabled"), std::string::npos);
    EXPECT_DOUBLE_EQ(reading(d, first, "power")->value, 374);
    EXPECT_DOUBLE_EQ(reading(d, first, "cpu1_temp")->value, 44);
    EXPECT_EQ(reading(d, first, "health")->text, "OK");

    const json before = server_.stats();
    for (int i = 0; i < 5; ++i) {
        EXPECT_FALSE(poll(d).error);
    }
    const json after = server_.stats();
    EXPECT_EQ(after["requests"].get<int>() - before["requests"].get<int>(), 10) << "2 per poll";
    EXPECT_EQ(after["connections"], before["connections"]) << "kept alive";
    EXPECT_GT(after["expanded"].get<int>(), 0);

    server_.control(
        {{"overrides", {{kTotalPower, {{"Reading", 512}}}, {kCpuTemp, {{"Reading", nullptr}}}}}});
    const auto changed = poll(d);
    EXPECT_DOUBLE_EQ(reading(d, changed, "power")->value, 512);
    EXPECT_EQ(reading(d, changed, "cpu1_temp")->status, api::Status::unavailable);
    server_.control({{"overrides", {{kCpuTemp, {{"Reading", 90}}}}}});  // ReadingRangeMax 75
    EXPECT_EQ(reading(d, poll(d), "cpu1_temp")->status, api::Status::overrange);

    d.close();
    EXPECT_EQ(server_.stats()["logouts"], 1);
}

TEST_F(RedfishDeviceTest, AnExpiredSessionIsReestablishedWithinTheTick) {
    RedfishDevice d(settings());
    ASSERT_FALSE(d.open());
    ASSERT_FALSE(poll(d).error);
    server_.control({{"epoch", 1}});
    const auto r = poll(d);
    EXPECT_FALSE(r.error);
    EXPECT_EQ(reading(d, r, "power")->status, api::Status::ok);
    EXPECT_NE(messages(r).find("the session expired; logged in again"), std::string::npos);
    EXPECT_EQ(server_.stats()["logins"], 2);
}

TEST_F(RedfishDeviceTest, FaultsBecomeStatusesAndErrorsNeverThrows) {
    RedfishDevice d(settings());
    ASSERT_FALSE(d.open());
    ASSERT_FALSE(poll(d).error);

    server_.control({{"fault", "503"}});
    auto r = poll(d);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::link_lost);
    EXPECT_NE(r.error->message.find("HTTP 503"), std::string::npos);
    d.close();
    // Still in the spell: the reopen fails, so the sampler's backoff grows.
    const auto reopen = d.open();
    ASSERT_TRUE(reopen);
    EXPECT_EQ(reopen->kind, api::ErrorKind::unreachable);
    server_.control(json::object());
    ASSERT_FALSE(d.open());
    EXPECT_FALSE(poll(d).error);

    server_.control({{"fault", "drop"}});
    r = poll(d);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::link_lost) << r.error->message;

    server_.control({{"fault", "truncate"}});
    r = poll(d);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::link_lost) << r.error->message;

    server_.control({{"fault", "garbage"}, {"fault_path", "/redfish/v1/Chassis/1U/Sensors"}});
    r = poll(d);
    EXPECT_FALSE(r.error);
    EXPECT_EQ(reading(d, r, "power")->status, api::Status::error);
    EXPECT_EQ(reading(d, r, "health")->status, api::Status::ok);
    EXPECT_NE(messages(r).find("/redfish/v1/Chassis/1U/Sensors: the answer is not a JSON object"),
              std::string::npos)
        << messages(r);
    r = poll(d);
    EXPECT_EQ(messages(r).find("not a JSON object"), std::string::npos) << "logged once";

    server_.control({{"fault", "silence"}, {"silence_s", 4}});
    const auto t0 = Clock::now();
    r = poll(d, std::chrono::milliseconds(800));
    EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(2500));
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::timeout) << r.error->message;
    EXPECT_TRUE(r.readings.empty());
    server_.control(json::object());
    d.close();
    ASSERT_FALSE(d.open());
    EXPECT_FALSE(poll(d).error);
}

TEST_F(RedfishDeviceTest, BasicWhereSessionsAreRefused) {
    server_.control({{"no_sessions", true}});
    RedfishDevice d(settings());
    ASSERT_FALSE(d.open());
    const auto r = poll(d);
    ASSERT_FALSE(r.error);
    EXPECT_EQ(std::get<std::string>(r.notices[0].settings.at("auth")), "basic");
    EXPECT_DOUBLE_EQ(reading(d, r, "power")->value, 374);
    EXPECT_GT(server_.stats()["basic"].get<int>(), 0);
    EXPECT_EQ(server_.stats()["logins"], 0);
}

TEST_F(RedfishDeviceTest, WrongPasswordAndUntrustedCertificateStopOpen) {
    ::setenv("WATTBENCH_REDFISH_PASSWORD", "not-the-password", 1);
    RedfishDevice wrong(settings());
    auto e = wrong.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::auth);
    EXPECT_NE(e->message.find("127.0.0.1:" + std::to_string(server_.port()) +
                              ": wrong user name or password (user 'admin'"),
              std::string::npos)
        << e->message;
    ::setenv("WATTBENCH_REDFISH_PASSWORD", kPassword.c_str(), 1);

    auto s = settings();
    s.ca_file.clear();
    RedfishDevice untrusted(s);
    e = untrusted.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::config);
    EXPECT_NE(e->message.find("TLS certificate not trusted"), std::string::npos) << e->message;
    EXPECT_NE(e->message.find("ca_file"), std::string::npos);

    s.insecure = true;
    RedfishDevice insecure(s);
    ASSERT_FALSE(insecure.open());
    const auto r = poll(insecure);
    ASSERT_FALSE(r.notices.empty());
    EXPECT_TRUE(r.notices[0].warning);
    EXPECT_NE(r.notices[0].message.find("TLS certificate verification is off (insecure = true)"),
              std::string::npos);
    EXPECT_EQ(std::get<std::string>(r.notices[0].settings.at("tls")), "insecure");
}

TEST(RedfishCatfish, LegacyPowerAndThermal) {
    if (!RedfishServer::available()) {
        GTEST_SKIP() << "needs /usr/bin/python3 and openssl";
    }
    RedfishServer server("public-catfish", kPassword);
    ASSERT_TRUE(server.start()) << server.error();
    ::setenv("WATTBENCH_REDFISH_PASSWORD", kPassword.c_str(), 1);
    Settings s;
    s.endpoint = std::get<Endpoint>(parse_endpoint(server.connection()));
    s.ca_file = server.ca_file();
    s.chassis = "1";
    RedfishDevice d(s);
    ASSERT_FALSE(d.open());
    ::unsetenv("WATTBENCH_REDFISH_PASSWORD");
    const auto r = d.poll(Clock::now() + std::chrono::seconds(3));
    ASSERT_FALSE(r.error);
    std::map<std::string, double> values;
    for (const auto& x : r.readings) {
        EXPECT_EQ(x.status, api::Status::ok) << d.channels()[x.channel].name;
        values[d.channels()[x.channel].name] = x.value;
    }
    EXPECT_EQ(values.at("power"), 224);
    EXPECT_EQ(values.at("cpu1_temp"), 45);
    EXPECT_EQ(values.at("baseboard_system_fan_1"), 2100);
    EXPECT_EQ(d.identity().vendor, "CatfishManufacturer");
}

}  // namespace
}  // namespace wattbench::drivers::redfish
