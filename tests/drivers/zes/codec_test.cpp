#include <gtest/gtest.h>

#include "drivers/zes/codec.hpp"

namespace wattbench::drivers::zes {
namespace {

using api::Status;

const Model& lmg95() {
    return *find_model("zes-lmg95");
}
const Model& lmg600() {
    return *find_model("zes-lmg600");
}

TEST(ZesCodec, ModelTableHasEveryDriver) {
    for (const char* d : {"zes-lmg95", "zes-lmg450", "zes-lmg500", "zes-lmg600"}) {
        ASSERT_NE(find_model(d), nullptr) << d;
    }
    EXPECT_EQ(lmg95().eos, "\r\n");  // LMG95 on RS-232: EOS CRLF
    EXPECT_EQ(lmg600().eos, "\n");   // LMG670 on LAN: EOS LF
    EXPECT_EQ(lmg600().tcp_port, 5025);
    EXPECT_EQ(lmg95().baud, 115200);
}

TEST(ZesCodec, LanguageAndSync) {
    EXPECT_EQ(greeting_commands(lmg95()),
              (std::vector<std::string>{"cont off", "syst:lang short"}));
    EXPECT_EQ(greeting_commands(lmg600()), (std::vector<std::string>{"cont off", "*zlang short"}));
    EXPECT_EQ(synced("iam manual"), "iam manual;*OPC?");
    EXPECT_TRUE(is_opc_ack("1"));
    EXPECT_TRUE(is_opc_ack("1\r"));
    EXPECT_FALSE(is_opc_ack("0"));
    EXPECT_FALSE(is_opc_ack("234.835"));
}

TEST(ZesCodec, ValueListSingleAndPerChannel) {
    EXPECT_EQ(arm_command(lmg95(), 1, false), "actn;utrms?;itrms?;p?;s?;q?;pf?;freq?");
    EXPECT_EQ(arm_command(lmg95(), 1, true), "actn;utrms?;itrms?;p?;s?;q?;pf?;freq?;urng?;irng?");
    EXPECT_EQ(arm_command(lmg600(), 2, false), "actn;utrms2?;itrms2?;p2?;s2?;q2?;pf2?;fcyc2?");
    EXPECT_EQ(item_count(false), 7u);
    EXPECT_EQ(item_count(true), 9u);
    EXPECT_EQ(cycle_command(0.5), "cycl 0.5");
}

TEST(ZesCodec, Ranges) {
    EXPECT_EQ(range_commands(lmg95(), 1, 250.0, 10.0),
              (std::vector<std::string>{"uam manual", "urng 250", "iam manual", "irng 10"}));
    EXPECT_EQ(range_commands(lmg95(), 1, std::nullopt, 0.6),
              (std::vector<std::string>{"uam auto", "iam manual", "irng 0.6"}));
    EXPECT_EQ(range_commands(lmg600(), 1, 250.0, 10.0),
              (std::vector<std::string>{"uauto1 0", "urng1 250", "iauto1 0", "irng1 10"}));
    EXPECT_EQ(range_queries(lmg95(), 1), (std::vector<std::string>{"urng?", "irng?"}));
    EXPECT_EQ(range_queries(lmg600(), 3), (std::vector<std::string>{"urng3?", "irng3?"}));
}

TEST(ZesCodec, Identity) {
    auto id = parse_identity(lmg95(), "ZES ZIMMER Electronic Systems GmbH,LMG95,01234,4.110\r");
    ASSERT_TRUE(std::holds_alternative<api::DeviceIdentity>(id));
    EXPECT_EQ(std::get<api::DeviceIdentity>(id).model, "LMG95");
    EXPECT_EQ(std::get<api::DeviceIdentity>(id).serial, "01234");
    EXPECT_EQ(std::get<api::DeviceIdentity>(id).firmware, "4.110");
    auto six = parse_identity(lmg600(), "ZES ZIMMER,LMG670,9876,2.151");
    ASSERT_TRUE(std::holds_alternative<api::DeviceIdentity>(six));
    EXPECT_EQ(std::get<api::DeviceIdentity>(six).model, "LMG670");
    auto wrong = parse_identity(lmg600(), "ZES ZIMMER,LMG95,01234,4.110");
    ASSERT_TRUE(std::holds_alternative<std::string>(wrong));
    EXPECT_NE(std::get<std::string>(wrong).find("is not a"), std::string::npos);
    auto other = parse_identity(lmg95(), "YOKOGAWA,WT310,C2PH13047V,F1.03");
    ASSERT_TRUE(std::holds_alternative<std::string>(other));
    EXPECT_EQ(std::get<std::string>(other).find("is not a"), std::string::npos);
}

// The LMG95 line of the facts (lmgtools example/lmg95.log: utrms itrms udc idc ucf icf uff),
// as the meter sends it (`;`) and as lmgtools logged it (spaces).
TEST(ZesCodec, Lmg95ExampleLine) {
    for (const char* line : {"234.835;0.0;-0.0557327;0.0;1.38918;9.91e+37;1.11142\r",
                             "234.835 0.0 -0.0557327 0.0 1.38918 9.91e+37 1.11142"}) {
        auto parsed = parse_line(line, 7);
        ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(parsed)) << line;
        const auto& v = std::get<std::vector<Value>>(parsed);
        EXPECT_DOUBLE_EQ(v[0].value, 234.835);
        EXPECT_EQ(v[1].status, Status::ok);
        EXPECT_DOUBLE_EQ(v[2].value, -0.0557327);
        EXPECT_EQ(v[5].status, Status::unavailable);  // icf with no current: 9.91e+37
        EXPECT_DOUBLE_EQ(v[6].value, 1.11142);
    }
}

// LMG670 number format and its timestamp (lmgtools example/lmg670.log).
TEST(ZesCodec, Lmg670ValueFormat) {
    auto v = parse_value("2.316219E+02");
    ASSERT_TRUE(v);
    EXPECT_DOUBLE_EQ(v->value, 231.6219);
    EXPECT_EQ(parse_value("9.910000E+37")->status, Status::unavailable);
    EXPECT_EQ(parse_value("4.998982E+01")->value, 49.98982);
    EXPECT_FALSE(parse_value("2015:01:21D17:20:55.437817000+0000"));
}

TEST(ZesCodec, Sentinels) {
    EXPECT_EQ(parse_value("9.91e+37")->status, Status::unavailable);
    EXPECT_EQ(parse_value("9.91E37")->status, Status::unavailable);
    EXPECT_EQ(parse_value("9.9e+37")->status, Status::overrange);
    EXPECT_EQ(parse_value("-9.9e+37")->status, Status::overrange);
    EXPECT_EQ(parse_value("NAN")->status, Status::unavailable);
    EXPECT_EQ(parse_value("INF")->status, Status::overrange);
    EXPECT_EQ(parse_value("0.0")->status, Status::ok);
    EXPECT_FALSE(parse_value(""));
    EXPECT_FALSE(parse_value("1e999"));
    EXPECT_FALSE(parse_value("0x10"));
    EXPECT_FALSE(parse_value("nan(1)"));
}

TEST(ZesCodec, MalformedLines) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_line("1;2;3", 7)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_line("1;2;3;4;5;6;7;8", 7)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_line("1;2;x;4;5;6;7", 7)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_line("", 7)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_line("\x15\xff garbage", 7)));
    EXPECT_TRUE(std::holds_alternative<std::vector<Value>>(parse_line("1;2;3;4;5;6;7", 7)));
}

}  // namespace
}  // namespace wattbench::drivers::zes
