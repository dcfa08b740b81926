// PduDevice against snmpsimd serving the recorded walks on loopback: v2c and v3, wrong
// credentials, an agent that stops answering and comes back.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>

#include "drivers/pdu_snmp/pdu_device.hpp"
#include "tests/drivers/pdu_snmp/snmp_agent.hpp"

namespace wattbench::drivers::pdu_snmp {
namespace {

using testing::SnmpAgent;
using Clock = std::chrono::steady_clock;

class PduDeviceTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!SnmpAgent::available()) {
            GTEST_SKIP() << "needs snmpsimd (Debian snmpsim)";
        }
        agent_.add_walk("apc-Comm-31", "apc_ap8853.snmprec");
        agent_.add_walk("eaton-Comm-32", "eatonpdu_2.snmprec");
        agent_.add_walk("raritan-Comm-33", "raritan-pdu_px3.excerpt.snmprec");
        ASSERT_TRUE(agent_.start()) << agent_.error();
    }

    Settings v2c(const std::string& community) {
        Settings s;
        s.device_id = "pdu";
        s.community = community;
        s.host = "127.0.0.1";
        s.port = agent_.port();
        s.timeout_ms = 300;
        s.retries = 0;
        return s;
    }
    Settings v3(const std::string& context) {
        Settings s = v2c("");
        s.v3 = true;
        s.user = SnmpAgent::kUser;
        s.auth = AuthProtocol::sha;
        s.priv = PrivProtocol::aes;
        s.context = context;
        return s;
    }

    static std::map<std::string, api::Reading> by_name(const PduDevice& d,
                                                       const api::PollResult& r) {
        std::map<std::string, api::Reading> out;
        for (const auto& x : r.readings) {
            out[d.channels()[x.channel].name] = x;
        }
        return out;
    }
    static Clock::time_point soon() { return Clock::now() + std::chrono::seconds(2); }

    SnmpAgent agent_;
};

TEST_F(PduDeviceTest, V2cReadsTheApcWalkInOneRoundTripAPoll) {
    PduDevice d(v2c("apc-Comm-31"));
    ASSERT_FALSE(d.open());
    EXPECT_EQ(d.identity().vendor, "apc");
    EXPECT_NE(d.identity().model.find("MN:AP8853"), std::string::npos);
    const auto before = d.round_trips();
    auto r = d.poll(soon());
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(d.round_trips() - before, 1u);
    auto v = by_name(d, r);
    EXPECT_DOUBLE_EQ(v["power"].value, 1140.0);
    EXPECT_DOUBLE_EQ(v["energy"].value, 3512800.0);
    EXPECT_DOUBLE_EQ(v["voltage"].value, 242.0);
    ASSERT_FALSE(r.notices.empty());
    EXPECT_EQ(std::get<std::string>(r.notices[0].settings.at("vendor")), "apc");
    EXPECT_TRUE(d.poll(soon()).notices.empty());
}

TEST_F(PduDeviceTest, V2cOutletsAndNamesFromTheEatonWalk) {
    Settings s = v2c("eaton-Comm-32");
    s.outlets = {2, 4};
    PduDevice d(s);
    ASSERT_FALSE(d.open());
    EXPECT_EQ(d.identity().model, "EMA114-10");
    EXPECT_EQ(d.identity().serial, "H619P44058");
    EXPECT_EQ(d.identity().firmware, "05.01.0002");
    auto r = d.poll(soon());
    ASSERT_FALSE(r.error) << r.error->message;
    auto v = by_name(d, r);
    EXPECT_DOUBLE_EQ(v["power"].value, 197.0);
    EXPECT_DOUBLE_EQ(v["pdu_power"].value, 1584.0);
    EXPECT_DOUBLE_EQ(v["outlet_4_power"].value, 55.0);
    const auto& settings = r.notices.at(0).settings;
    EXPECT_EQ(std::get<std::string>(settings.at("outlet_2_name")), "DC Converter-1");
    EXPECT_NE(r.notices[0].message.find("outlets 2 (DC Converter-1), 4 (DC Converter-2)"),
              std::string::npos)
        << r.notices[0].message;
}

TEST_F(PduDeviceTest, V3AuthPrivWithPassphrasesFromTheEnvironment) {
    ::setenv("WATTBENCH_SNMP_AUTH", SnmpAgent::kAuthKey, 1);
    ::setenv("WATTBENCH_SNMP_PRIV", SnmpAgent::kPrivKey, 1);
    PduDevice d(v3("raritan-Comm-33"));
    const auto err = d.open();
    ASSERT_FALSE(err) << err->message;
    EXPECT_EQ(d.identity().model, "PX3-5493U-K2");
    auto v = by_name(d, d.poll(soon()));
    EXPECT_DOUBLE_EQ(v["power"].value, 1665.0);
    EXPECT_DOUBLE_EQ(v["current"].value, 7.467);

    // One agent, one engine ID: net-snmp's user list is per engine, so the first session goes.
    d.close();
    ::setenv("WATTBENCH_SNMP_AUTH", "Wrong-Pass-0000", 1);
    PduDevice wrong(v3("raritan-Comm-33"));
    const auto refused = wrong.open();
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->kind, api::ErrorKind::auth) << refused->message;
    EXPECT_NE(refused->message.find("'pdu'"), std::string::npos) << refused->message;
    EXPECT_EQ(refused->message.find("Wrong-Pass"), std::string::npos);
    ::unsetenv("WATTBENCH_SNMP_AUTH");
    PduDevice none(v3("raritan-Comm-33"));
    const auto missing = none.open();
    ASSERT_TRUE(missing);
    EXPECT_NE(missing->message.find("WATTBENCH_SNMP_AUTH"), std::string::npos);
    ::unsetenv("WATTBENCH_SNMP_PRIV");
}

TEST_F(PduDeviceTest, WrongCommunityIsNoAnswerAndNeverQuoted) {
    PduDevice d(v2c("Wrong-Comm-77"));
    const auto err = d.open();
    ASSERT_TRUE(err);
    EXPECT_EQ(err->kind, api::ErrorKind::unreachable);
    EXPECT_NE(err->message.find("wrong community"), std::string::npos) << err->message;
    EXPECT_NE(err->message.find("'pdu'"), std::string::npos);
    EXPECT_EQ(err->message.find("Wrong-Comm-77"), std::string::npos);
}

TEST_F(PduDeviceTest, CommunityFromAnOwnerOnlyFile) {
    const auto file = agent_.dir() / "community";
    std::ofstream(file) << "apc-Comm-31\n";
    std::filesystem::permissions(
        file, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    Settings s = v2c("");
    s.community_file = file.string();
    PduDevice d(s);
    ASSERT_FALSE(d.open());
    std::filesystem::permissions(file, std::filesystem::perms::others_read,
                                 std::filesystem::perm_options::add);
    PduDevice loose(s);
    const auto err = loose.open();
    ASSERT_TRUE(err);
    EXPECT_NE(err->message.find("chmod 600"), std::string::npos) << err->message;
}

// The agent dies: polls time out (unavailable), the third in a row is a lost link; core then
// closes and reopens, which succeeds once the agent answers again.
TEST_F(PduDeviceTest, AgentThatStopsAnsweringAndComesBack) {
    PduDevice d(v2c("apc-Comm-31"));
    ASSERT_FALSE(d.open());
    ASSERT_FALSE(d.poll(soon()).error);
    agent_.stop();
    auto r1 = d.poll(soon());
    ASSERT_TRUE(r1.error);
    EXPECT_EQ(r1.error->kind, api::ErrorKind::timeout);
    EXPECT_EQ(d.poll(soon()).error->kind, api::ErrorKind::timeout);
    EXPECT_EQ(d.poll(soon()).error->kind, api::ErrorKind::link_lost);
    d.close();
    EXPECT_TRUE(d.open());
    ASSERT_TRUE(agent_.start()) << agent_.error();
    ASSERT_FALSE(d.open());
    auto r = d.poll(soon());
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(by_name(d, r)["power"].value, 1140.0);
}

// A poll never runs past its deadline, whatever timeout_ms says.
TEST_F(PduDeviceTest, PollGivesUpAtTheDeadline) {
    Settings s = v2c("apc-Comm-31");
    s.timeout_ms = 5000;
    PduDevice d(s);
    ASSERT_FALSE(d.open());
    agent_.stop();
    const auto start = Clock::now();
    const auto r = d.poll(start + std::chrono::milliseconds(300));
    EXPECT_TRUE(r.error);
    EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(1500));
}

}  // namespace
}  // namespace wattbench::drivers::pdu_snmp
