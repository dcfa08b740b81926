#include <gtest/gtest.h>

#include "drivers/chroma/codec.hpp"

namespace wattbench::drivers::chroma {
namespace {

using api::Status;

const Model& m66204() {
    return *find_model("chroma-66204");
}

TEST(ChromaCodec, ModelTable) {
    for (const char* d : {"chroma-66202", "chroma-66203", "chroma-66204"}) {
        ASSERT_NE(find_model(d), nullptr) << d;
    }
    EXPECT_EQ(find_model("chroma-66204")->channels, 4);
    EXPECT_EQ(find_model("chroma-66203")->channels, 3);
    const auto r = find_model("chroma-66202")->current_ranges;
    EXPECT_EQ(std::vector<double>(r.begin(), r.end()),
              (std::vector<double>{0.01, 0.1, 0.4, 2.0, 20.0}));
}

// The manual's CHANnel:ID? example, header off and on.
TEST(ChromaCodec, Identity) {
    for (const char* line : {"Chroma ATE,66204,66204M000066,1.00,1.00,1.00\n",
                             ":CHANNEL:ID Chroma ATE,66204,66204M000066,1.00,1.00,1.00\r\n",
                             "Chroma ATE,66204,66204M000066,1.00"}) {
        auto id = parse_identity(m66204(), line);
        ASSERT_TRUE(std::holds_alternative<api::DeviceIdentity>(id)) << line;
        EXPECT_EQ(std::get<api::DeviceIdentity>(id).vendor, "Chroma ATE");
        EXPECT_EQ(std::get<api::DeviceIdentity>(id).model, "66204");
        EXPECT_EQ(std::get<api::DeviceIdentity>(id).serial, "66204M000066");
        EXPECT_EQ(std::get<api::DeviceIdentity>(id).firmware, "1.00");
    }
    auto other = parse_identity(m66204(), "Chroma ATE,66203,66203M000001,1.00");
    ASSERT_TRUE(std::holds_alternative<std::string>(other));
    EXPECT_NE(std::get<std::string>(other).find("is not a"), std::string::npos);
    auto noise = parse_identity(m66204(), "YOKOGAWA,WT310,C2PH13047V,F1.03");
    EXPECT_EQ(std::get<std::string>(noise).find("is not a"), std::string::npos);
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_identity(m66204(), "")));
}

TEST(ChromaCodec, Commands) {
    Settings s;
    s.model = &m66204();
    s.channel = 3;
    EXPECT_EQ(channel_commands(s), (std::vector<std::string>{"CHAN 3"}));
    s.model = find_model("chroma-66202");
    s.channel = 1;
    EXPECT_TRUE(channel_commands(s).empty());
    EXPECT_EQ(read_query(Read::fetch, true), "FETC? V,I,W,VA,VAR,PF,FREQ,ENEG");
    EXPECT_EQ(read_query(Read::measure, false), "MEAS? V,I,W,VA,VAR,PF,FREQ");
    EXPECT_EQ(range_commands(300.0, 2.0),
              (std::vector<std::string>{"CONF:VOLT:AUTO OFF", "CONF:VOLT:RANG 300",
                                        "CONF:CURR:AUTO OFF", "CONF:CURR:RANG 2"}));
    EXPECT_EQ(range_commands(std::nullopt, std::nullopt),
              (std::vector<std::string>{"CONF:VOLT:AUTO ON", "CONF:CURR:AUTO ON"}));
}

// NR2 replies with `,` or `;`, LF or CRLF, header on or off.
TEST(ChromaCodec, AnswerForms) {
    for (const char* line : {"229.87,1.2345,250.12,283.77,-134.05,0.8814,50.00,12.345\n",
                             "229.87;1.2345;250.12;283.77;-134.05;0.8814;50.00;12.345\r\n",
                             ":FETCH 229.87,1.2345,250.12,283.77,-134.05,0.8814,50.00,12.345",
                             "V 229.87,I 1.2345,W 250.12,VA 283.77,VAR -134.05,PF 0.8814,"
                             "FREQ 50.00,ENEG 12.345"}) {
        auto a = parse_answer(line, true);
        ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(a)) << line;
        const auto& v = std::get<std::vector<Value>>(a);
        EXPECT_DOUBLE_EQ(v[item_voltage].value, 229.87);
        EXPECT_DOUBLE_EQ(v[item_reactive].value, -134.05);
        EXPECT_DOUBLE_EQ(v[item_energy].value, 12.345);
        for (const auto& x : v) {
            EXPECT_EQ(x.status, Status::ok);
        }
    }
}

TEST(ChromaCodec, Sentinels) {
    auto a = parse_answer("229.87,-3,-3,-3,-3,-3,50.00,-1", true);
    ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(a));
    const auto& v = std::get<std::vector<Value>>(a);
    EXPECT_EQ(v[item_voltage].status, Status::ok);
    EXPECT_EQ(v[item_current].status, Status::overrange);
    EXPECT_EQ(v[item_power].status, Status::overrange);
    EXPECT_EQ(v[item_energy].status, Status::unavailable);
    EXPECT_FALSE(v[item_energy].range_change);
    auto rce = parse_value("-2", item_power);
    ASSERT_TRUE(rce);
    EXPECT_EQ(rce->status, Status::unavailable);
    EXPECT_TRUE(rce->range_change);
    // With a decimal point a negative power or PF is a reading; a negative voltage is not.
    EXPECT_EQ(parse_value("-1.000", item_power_factor)->status, Status::ok);
    EXPECT_DOUBLE_EQ(parse_value("-2.00", item_power)->value, -2.0);
    EXPECT_EQ(parse_value("-1.00", item_voltage)->status, Status::unavailable);
    EXPECT_EQ(parse_value("-3.00", item_current)->status, Status::overrange);
    EXPECT_DOUBLE_EQ(parse_value("-1.5", item_power)->value, -1.5);
}

TEST(ChromaCodec, Malformed) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_answer("229.87,1.2", true)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_answer("a,b,c,d,e,f,g,h", true)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_answer("", false)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_answer("1,2,3,4,5,6,7,8,9", true)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_answer("1,2,3,4,5,6,inf", false)));
    EXPECT_EQ(parse_number(":CONFIGURE:VOLTAGE:RANGE 300.00"), 300.0);
    EXPECT_EQ(parse_number("2.00\r"), 2.0);
    EXPECT_FALSE(parse_number("AUTO"));
}

}  // namespace
}  // namespace wattbench::drivers::chroma
