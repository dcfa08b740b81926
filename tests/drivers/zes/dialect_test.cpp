#include <gtest/gtest.h>

#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/zes/dialect.hpp"
#include "drivers/zes/models.hpp"
#include "tests/drivers/scpi_analyzer/table_lookup.hpp"

namespace wattbench::drivers::zes {
namespace {

using api::Status;
using scpi_analyzer::Model;
using scpi_analyzer::Settings;

const Model& model(const std::string& driver) {
    return testing::model_named(models(), driver);
}
const Model& lmg95() {
    return model("zes-lmg95");
}
const Model& lmg600() {
    return model("zes-lmg600");
}

// What the device sends for a command of the dialect on `channel`.
std::string sent(const Model& m, const std::string& text, int channel = 1) {
    return scpi_analyzer::with_channel(*m.dialect, text, channel);
}

std::vector<std::string> sent(const Model& m, const std::vector<std::string>& list,
                              int channel = 1) {
    std::vector<std::string> out;
    for (const auto& c : list) {
        out.push_back(sent(m, c, channel));
    }
    return out;
}

TEST(ZesDialect, ModelTableHasEveryDriver) {
    for (const char* d : {"zes-lmg95", "zes-lmg450", "zes-lmg500", "zes-lmg600"}) {
        EXPECT_NO_THROW(model(d)) << d;
    }
    EXPECT_EQ(lmg95().dialect->write_terminator, "\r\n");  // LMG95 on RS-232: EOS CRLF
    EXPECT_EQ(lmg600().dialect->write_terminator, "\n");   // LMG670 on LAN: EOS LF
    EXPECT_EQ(lmg600().tcp_port, 5025);
    EXPECT_EQ(lmg95().serial.baud, 115200);
    EXPECT_EQ(lmg95().channels, 1);
    EXPECT_EQ(lmg600().channels, 7);
}

TEST(ZesDialect, LanguageAndSync) {
    EXPECT_EQ(lmg95().dialect->greeting, (std::vector<std::string>{"cont off", "syst:lang short"}));
    EXPECT_EQ(lmg600().dialect->greeting, (std::vector<std::string>{"cont off", "*zlang short"}));
    EXPECT_EQ(lmg95().dialect->quirks.sync_suffix, ";*OPC?");
    EXPECT_TRUE(lmg95().dialect->quirks.streaming);
    EXPECT_EQ(lmg95().dialect->stream_on, (std::vector<std::string>{"cont on"}));
    EXPECT_EQ(lmg95().dialect->closing, (std::vector<std::string>{"cont off", "gtl"}));
}

TEST(ZesDialect, ValueListSingleAndPerChannel) {
    const auto plan95 = scpi_analyzer::make_plan(lmg95(), Settings{});
    EXPECT_EQ(plan95.channels.size(), 7u);  // no energy
    EXPECT_EQ(scpi_analyzer::read_query(*lmg95().dialect, plan95),
              "actn;utrms?;itrms?;p?;s?;q?;pf?;freq?");
    EXPECT_EQ(scpi_analyzer::read_query(*lmg95().dialect, plan95, true),
              "actn;utrms?;itrms?;p?;s?;q?;pf?;freq?;urng?;irng?");
    const auto plan6 = scpi_analyzer::make_plan(lmg600(), Settings{});
    EXPECT_EQ(sent(lmg600(), scpi_analyzer::read_query(*lmg600().dialect, plan6), 2),
              "actn;utrms2?;itrms2?;p2?;s2?;q2?;pf2?;fcyc2?");
    EXPECT_EQ(lmg95().dialect->update_rate(0.5), "cycl 0.5");
}

TEST(ZesDialect, Ranges) {
    EXPECT_EQ(scpi_analyzer::range_commands(lmg95(), 250.0, 10.0),
              (std::vector<std::string>{"uam manual", "urng 250", "iam manual", "irng 10"}));
    EXPECT_EQ(scpi_analyzer::range_commands(lmg95(), std::nullopt, 0.6),
              (std::vector<std::string>{"uam auto", "iam manual", "irng 0.6"}));
    EXPECT_EQ(sent(lmg600(), scpi_analyzer::range_commands(lmg600(), 250.0, 10.0)),
              (std::vector<std::string>{"uauto1 0", "urng1 250", "iauto1 0", "irng1 10"}));
    EXPECT_EQ(lmg95().dialect->range_queries, (std::vector<std::string>{"urng?", "irng?"}));
    EXPECT_EQ(sent(lmg600(), lmg600().dialect->range_queries, 3),
              (std::vector<std::string>{"urng3?", "irng3?"}));
    EXPECT_EQ(scpi_analyzer::parse_range_answer(lmg95(), true, "250"), 250.0);
}

TEST(ZesDialect, Identity) {
    auto id = parse_identity("ZES ZIMMER Electronic Systems GmbH,LMG95,01234,4.110\r");
    ASSERT_TRUE(id);
    EXPECT_EQ(id->model, "LMG95");
    EXPECT_EQ(id->serial, "01234");
    EXPECT_EQ(id->firmware, "4.110");
    EXPECT_TRUE(scpi_analyzer::model_matches(lmg95(), *id));
    EXPECT_FALSE(scpi_analyzer::model_matches(lmg600(), *id));
    auto six = parse_identity("ZES ZIMMER,LMG670,9876,2.151");
    ASSERT_TRUE(six);
    EXPECT_EQ(six->model, "LMG670");
    EXPECT_TRUE(scpi_analyzer::model_matches(lmg600(), *six));
    EXPECT_FALSE(scpi_analyzer::model_matches(lmg95(), *six));
    EXPECT_FALSE(parse_identity("YOKOGAWA,WT310,C2PH13047V,F1.03"));
    EXPECT_FALSE(parse_identity("234.835;0.0;1.0"));
}

// The LMG95 line of the facts (lmgtools example/lmg95.log: utrms itrms udc idc ucf icf uff),
// as the meter sends it (`;`) and as lmgtools logged it (spaces): seven values read as the
// seven channels in list order.
TEST(ZesDialect, Lmg95ExampleLine) {
    const auto plan = scpi_analyzer::make_plan(lmg95(), Settings{});
    const auto order = lmg95().dialect->answer_order(plan.spellings);
    auto at = [&](const char* name) {
        for (std::size_t i = 0; i < plan.channels.size(); ++i) {
            if (plan.channels[i].name == name) {
                return i;
            }
        }
        return plan.channels.size();
    };
    for (const char* line : {"234.835;0.0;-0.0557327;0.0;1.38918;9.91e+37;1.11142",
                             "234.835 0.0 -0.0557327 0.0  1.38918 9.91e+37 1.11142"}) {
        auto parsed = scpi_analyzer::parse_answer(*lmg95().dialect, plan, line, order);
        ASSERT_TRUE(std::holds_alternative<scpi_analyzer::Answer>(parsed)) << line;
        const auto& r = std::get<scpi_analyzer::Answer>(parsed).readings;
        EXPECT_DOUBLE_EQ(r[at("voltage")].value, 234.835);
        EXPECT_EQ(r[at("current")].status, Status::ok);
        EXPECT_DOUBLE_EQ(r[at("power")].value, -0.0557327);
        EXPECT_EQ(r[at("power_factor")].status, Status::unavailable);  // 9.91e+37
        EXPECT_DOUBLE_EQ(r[at("frequency")].value, 1.11142);
    }
    // The ranges ride along while one is on auto.
    auto parsed = scpi_analyzer::parse_answer(
        *lmg95().dialect, plan, "230.4;0.512;101.7;117.9;-59.6;0.8626;49.98;250;0.6", order, true);
    ASSERT_TRUE(std::holds_alternative<scpi_analyzer::Answer>(parsed));
    EXPECT_EQ(std::get<scpi_analyzer::Answer>(parsed).volts_in_use, 250.0);
    EXPECT_EQ(std::get<scpi_analyzer::Answer>(parsed).amps_in_use, 0.6);
    EXPECT_DOUBLE_EQ(std::get<scpi_analyzer::Answer>(parsed).readings[at("power")].value, 101.7);
}

// LMG670 number format and its timestamp (lmgtools example/lmg670.log).
TEST(ZesDialect, Lmg670ValueFormat) {
    EXPECT_DOUBLE_EQ(parse_value("2.316219E+02").value, 231.6219);
    EXPECT_EQ(parse_value("9.910000E+37").status, Status::unavailable);
    EXPECT_DOUBLE_EQ(parse_value("4.998982E+01").value, 49.98982);
    EXPECT_EQ(parse_value("2015:01:21D17:20:55.437817000+0000").status, Status::error);
}

TEST(ZesDialect, Sentinels) {
    EXPECT_EQ(parse_value("9.91e+37").status, Status::unavailable);
    EXPECT_EQ(parse_value("9.91E37").status, Status::unavailable);
    EXPECT_EQ(parse_value("9.9e+37").status, Status::overrange);
    EXPECT_EQ(parse_value("-9.9e+37").status, Status::overrange);
    EXPECT_EQ(parse_value("NAN").status, Status::unavailable);
    EXPECT_EQ(parse_value("INF").status, Status::overrange);
    EXPECT_EQ(parse_value("0.0").status, Status::ok);
    EXPECT_EQ(parse_value("").status, Status::error);
    EXPECT_EQ(parse_value("1e999").status, Status::error);
    EXPECT_EQ(parse_value("0x10").status, Status::error);
    EXPECT_EQ(parse_value("nan(1)").status, Status::error);
}

TEST(ZesDialect, MalformedLines) {
    const auto plan = scpi_analyzer::make_plan(lmg95(), Settings{});
    auto bad = [&](const char* line) {
        return std::holds_alternative<std::string>(
            scpi_analyzer::parse_answer(*lmg95().dialect, plan, line, {}));
    };
    EXPECT_TRUE(bad("1;2;3"));
    EXPECT_TRUE(bad("1;2;3;4;5;6;7;8"));
    EXPECT_TRUE(bad("1;2;x;4;5;6;7"));
    EXPECT_TRUE(bad(""));
    EXPECT_TRUE(bad("\x15\xff garbage"));
    EXPECT_FALSE(bad("1;2;3;4;5;6;7"));
}

}  // namespace
}  // namespace wattbench::drivers::zes
