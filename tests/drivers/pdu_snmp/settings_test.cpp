#include <gtest/gtest.h>

#include "drivers/pdu_snmp/settings.hpp"

namespace wattbench::drivers::pdu_snmp {
namespace {

api::DeviceConfig config(const std::string& connection) {
    return api::DeviceConfig{"pdu", "pdu-snmp", connection, {}};
}

std::variant<Settings, api::DeviceError> parse(api::DeviceConfig c) {
    return parse_settings(c);
}

std::string error_of(api::DeviceConfig c) {
    auto got = parse_settings(c);
    auto* e = std::get_if<api::DeviceError>(&got);
    EXPECT_NE(e, nullptr);
    return e ? e->message : "";
}

TEST(PduSettings, V2cConnection) {
    auto s = std::get<Settings>(parse(config("snmp://Lab-Comm-7@192.0.2.20")));
    EXPECT_FALSE(s.v3);
    EXPECT_EQ(s.community, "Lab-Comm-7");
    EXPECT_EQ(s.host, "192.0.2.20");
    EXPECT_EQ(s.port, 161);
    EXPECT_EQ(s.peer(), "udp:192.0.2.20:161");
    s = std::get<Settings>(parse(config("snmp://c@pdu.example:1161")));
    EXPECT_EQ(s.port, 1161);
    s = std::get<Settings>(parse(config("snmp://c@[2001:db8::20]:162")));
    EXPECT_EQ(s.host, "2001:db8::20");
    EXPECT_EQ(s.peer(), "udp6:[2001:db8::20]:162");
    // No community in the string: WATTBENCH_SNMP_COMMUNITY or community_file at open.
    s = std::get<Settings>(parse(config("snmp://192.0.2.20")));
    EXPECT_TRUE(s.community.empty());
}

TEST(PduSettings, V3Connection) {
    auto c = config("snmpv3://labuser@192.0.2.20");
    c.options.set("auth_protocol", std::string("SHA-256"));
    c.options.set("priv_protocol", std::string("AES"));
    c.options.set("context", std::string("pdu1"));
    auto s = std::get<Settings>(parse(c));
    EXPECT_TRUE(s.v3);
    EXPECT_EQ(s.user, "labuser");
    EXPECT_EQ(s.auth, AuthProtocol::sha256);
    EXPECT_EQ(s.priv, PrivProtocol::aes);
    EXPECT_EQ(s.context, "pdu1");
    EXPECT_NE(error_of(config("snmpv3://192.0.2.20")).find("needs a user"), std::string::npos);
}

TEST(PduSettings, BadConnectionsNeverEchoTheCommunity) {
    for (const char* bad :
         {"snmp://Sekr1t-99@", "snmp://Sekr1t-99@host:0", "snmp://Sekr1t-99@host:99999",
          "snmp://Sekr1t-99@host:x", "snmp://Sekr1t-99@[::1", "snmp://Sekr1t-99@host/path",
          "http://Sekr1t-99@host", "snmp://@host"}) {
        const auto msg = error_of(config(bad));
        EXPECT_FALSE(msg.empty()) << bad;
        EXPECT_EQ(msg.find("Sekr1t-99"), std::string::npos) << msg;
    }
}

TEST(PduSettings, SecretsAsProfileKeysAreRefused) {
    for (const char* key : {"community", "password", "auth_passphrase", "priv_passphrase"}) {
        auto c = config("snmp://192.0.2.20");
        c.options.set(key, std::string("Sekr1t-99"));
        const auto msg = error_of(c);
        EXPECT_NE(msg.find(key), std::string::npos) << msg;
        EXPECT_EQ(msg.find("Sekr1t-99"), std::string::npos) << msg;
    }
}

TEST(PduSettings, Options) {
    auto c = config("snmp://c@192.0.2.20");
    c.options.set("vendor", std::string("geist"));
    c.options.set("outlets", std::vector<double>{3, 4});
    c.options.set("timeout_ms", std::int64_t{400});
    c.options.set("retries", std::int64_t{0});
    auto s = std::get<Settings>(parse(c));
    EXPECT_EQ(s.vendor, "vertiv");
    EXPECT_EQ(s.outlets, (std::vector<int>{3, 4}));
    EXPECT_EQ(s.timeout_ms, 400);
    EXPECT_EQ(s.retries, 0);

    auto bad = [](const char* key, api::OptionValue v, const char* expect) {
        auto c = config("snmp://c@192.0.2.20");
        c.options.set(key, std::move(v));
        const auto msg = error_of(c);
        EXPECT_NE(msg.find(expect), std::string::npos) << key << ": " << msg;
        EXPECT_NE(msg.find(key), std::string::npos) << msg;
    };
    bad("vendor", std::string("cisco"), "\"raritan\"");
    bad("outlets", std::vector<double>{0}, "outlet numbers");
    bad("outlets", std::vector<double>{2.5}, "outlet numbers");
    bad("outlets", std::vector<double>{3, 3}, "twice");
    bad("outlets", std::string("3,4"), "list of numbers");
    bad("retries", std::int64_t{3}, "0 or 1");
    bad("timeout_ms", std::int64_t{10}, "milliseconds");
    bad("auth_protocol", std::string("SHA"), "SNMPv3 option");
    bad("context", std::string("x"), "SNMPv3 option");
}

TEST(PduSettings, V3OptionChecks) {
    auto with = [](std::initializer_list<std::pair<const char*, const char*>> kv) {
        auto c = config("snmpv3://u@192.0.2.20");
        for (auto [k, v] : kv) {
            c.options.set(k, std::string(v));
        }
        return c;
    };
    EXPECT_NE(error_of(with({{"auth_protocol", "SHA1"}})).find("SHA-256"), std::string::npos);
    EXPECT_NE(error_of(with({{"priv_protocol", "AES"}})).find("needs auth_protocol"),
              std::string::npos);
    EXPECT_NE(error_of(with({{"auth_protocol", "SHA"}, {"priv_protocol", "3DES"}})).find("AES"),
              std::string::npos);
    EXPECT_NE(error_of(with({{"community_file", "/x"}})).find("v2c"), std::string::npos);
    EXPECT_NE(error_of(with({{"auth_passphrase_file", "/x"}})).find("needs auth_protocol"),
              std::string::npos);
    auto c = config("snmp://c@192.0.2.20");
    c.options.set("community_file", std::string("/x"));
    EXPECT_NE(error_of(c).find("one or the other"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers::pdu_snmp
