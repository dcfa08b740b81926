#include <gtest/gtest.h>

#include "drivers/yokogawa/channels.hpp"
#include "drivers/yokogawa/codec.hpp"
#include "drivers/yokogawa/ranges.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using api::Status;

TEST(YokogawaCodec, IdentityFromTheManual) {
    auto id = parse_identity(Dialect::wt300, "YOKOGAWA,WT310,C2PH13047V,F1.03\r");
    ASSERT_TRUE(std::holds_alternative<api::DeviceIdentity>(id));
    const auto& d = std::get<api::DeviceIdentity>(id);
    EXPECT_EQ(d.vendor, "YOKOGAWA");
    EXPECT_EQ(d.model, "WT310");
    EXPECT_EQ(d.serial, "C2PH13047V");
    EXPECT_EQ(d.firmware, "F1.03");
    EXPECT_TRUE(std::holds_alternative<api::DeviceIdentity>(
        parse_identity(Dialect::wt300, "YOKOGAWA,WT330,X,F2.01")));
    EXPECT_TRUE(std::holds_alternative<api::DeviceIdentity>(
        parse_identity(Dialect::wt200, "YOKOGAWA,WT210,91K,F1.10")));
}

TEST(YokogawaCodec, IdentityRejectsOtherMetersAndNoise) {
    auto other = parse_identity(Dialect::wt300, "YOKOGAWA,WT210,91K,F1.10");
    ASSERT_TRUE(std::holds_alternative<std::string>(other));
    EXPECT_NE(std::get<std::string>(other).find("yokogawa-wt210"), std::string::npos);
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_identity(Dialect::wt300, "")));
    EXPECT_TRUE(std::holds_alternative<std::string>(
        parse_identity(Dialect::wt300, "HEWLETT-PACKARD,34401A,0,1")));
}

TEST(YokogawaCodec, Wt300SetupSelectsItemsInChannelOrder) {
    Settings s;
    s.voltage_range = 300.0;
    auto c = setup_commands(s, "WT310");
    auto has = [&](const std::string& x) { return std::find(c.begin(), c.end(), x) != c.end(); };
    EXPECT_TRUE(has(":NUM:FORM ASCII"));
    EXPECT_TRUE(has(":NUM:NORM:NUM 7"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM1 P,1"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM3 LAMBDA,1"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM7 WH,1"));
    EXPECT_TRUE(has(":INP:VOLT:AUTO OFF"));
    EXPECT_TRUE(has(":INP:VOLT:RANG 300"));
    EXPECT_TRUE(has(":INP:CURR:AUTO ON"));
    EXPECT_TRUE(has(":INTEG:STAR"));
    EXPECT_FALSE(has(":SYST:COMM:COMM WT300"));
    auto e = setup_commands(s, "WT310E");
    EXPECT_EQ(e.front(), ":SYST:COMM:COMM WT300");
    EXPECT_EQ(read_command(Dialect::wt300), ":NUM:NORM:VAL?");
}

TEST(YokogawaCodec, Wt200SetupSwitchesItemsAndUsesConf) {
    Settings s;
    s.dialect = Dialect::wt200;
    s.current_range = 0.5;
    s.integrate = false;
    auto c = setup_commands(s, "WT210");
    auto has = [&](const std::string& x) { return std::find(c.begin(), c.end(), x) != c.end(); };
    EXPECT_TRUE(has(":MEAS:ITEM:W ON"));
    EXPECT_TRUE(has(":MEAS:ITEM:VAR OFF"));
    EXPECT_TRUE(has(":MEAS:ITEM:VHZ ON"));
    EXPECT_TRUE(has(":CONF:CURR:RANG 0.5"));
    EXPECT_TRUE(has(":CONF:VOLT:AUTO ON"));
    EXPECT_FALSE(has(":INTEG:STAR"));
    EXPECT_EQ(read_command(Dialect::wt200), ":MEAS:VAL?");
}

TEST(YokogawaCodec, Wt300ValuesInChannelOrder) {
    auto r = parse_values(Dialect::wt300,
                          "8.752E+01,1.0012E+02,8.742E-01,2.3001E+02,4.351E-01,5.001E+01,NAN\r");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r));
    const auto& v = std::get<std::vector<api::Reading>>(r);
    ASSERT_EQ(v.size(), channel_count);
    EXPECT_DOUBLE_EQ(v[power].value, 87.52);
    EXPECT_DOUBLE_EQ(v[apparent_power].value, 100.12);
    EXPECT_DOUBLE_EQ(v[power_factor].value, 0.8742);
    EXPECT_DOUBLE_EQ(v[voltage].value, 230.01);
    EXPECT_DOUBLE_EQ(v[current].value, 0.4351);
    EXPECT_DOUBLE_EQ(v[frequency].value, 50.01);
    EXPECT_EQ(v[energy].status, Status::unavailable);
    for (std::size_t i = 0; i < channel_count; ++i) {
        EXPECT_EQ(v[i].channel, i);
    }
}

TEST(YokogawaCodec, Wt200FixedOrderMapsToChannels) {
    // V, A, W, VA, PF, VHZ, WH
    auto r = parse_values(Dialect::wt200,
                          "2.301E+02,4.35E-01,8.75E+01,1.00E+02,8.7E-01,5.0E+01,"
                          "1.5E+00");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r));
    const auto& v = std::get<std::vector<api::Reading>>(r);
    EXPECT_DOUBLE_EQ(v[voltage].value, 230.1);
    EXPECT_DOUBLE_EQ(v[current].value, 0.435);
    EXPECT_DOUBLE_EQ(v[power].value, 87.5);
    EXPECT_DOUBLE_EQ(v[apparent_power].value, 100.0);
    EXPECT_DOUBLE_EQ(v[power_factor].value, 0.87);
    EXPECT_DOUBLE_EQ(v[frequency].value, 50.0);
    EXPECT_DOUBLE_EQ(v[energy].value, 1.5);
}

TEST(YokogawaCodec, NanInfAndHugeValues) {
    auto r = parse_values(Dialect::wt300, "INF,-INF,9.91E+37,9.9E+37,-9.9E+37,nan,+1.0E+00");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r));
    const auto& v = std::get<std::vector<api::Reading>>(r);
    EXPECT_EQ(v[0].status, Status::overrange);
    EXPECT_EQ(v[1].status, Status::overrange);
    EXPECT_EQ(v[2].status, Status::overrange);
    EXPECT_EQ(v[3].status, Status::overrange);
    EXPECT_EQ(v[4].status, Status::overrange);
    EXPECT_EQ(v[5].status, Status::unavailable);
    EXPECT_EQ(v[6].status, Status::ok);
    EXPECT_DOUBLE_EQ(v[6].value, 1.0);
    auto neg = parse_values(Dialect::wt300, "-1.5E+00,0,0,0,0,0,0");
    EXPECT_DOUBLE_EQ(std::get<std::vector<api::Reading>>(neg)[0].value, -1.5);
}

TEST(YokogawaCodec, MalformedAnswersAreErrors) {
    const char* bad[] = {
        "",
        "1,2,3",
        "1,2,3,4,5,6,7,8",
        "1,2,3,4,5,6,x",
        "1,2,3,4,5,6,1.0E+0O",
        "\xff\xfe\x01,2,3,4,5,6,7",
        "1,2,3,4,5,6,--1",
        "1,2,3,4,5,6,",
    };
    for (const char* b : bad) {
        EXPECT_TRUE(std::holds_alternative<std::string>(parse_values(Dialect::wt300, b))) << b;
    }
}

TEST(YokogawaCodec, DeclaredAccuracy) {
    auto a = power_accuracy(Dialect::wt300);
    EXPECT_DOUBLE_EQ(a.of_reading, 0.001);
    EXPECT_DOUBLE_EQ(a.of_range, 0.001);
}

TEST(YokogawaCodec, ReadOncePerUpdateOnlyOnTheWt300Set) {
    Settings s;
    EXPECT_EQ(sync_setup_commands(s),
              (std::vector<std::string>{":STAT:FILT1 FALL", ":STAT:EESR?"}));
    EXPECT_EQ(poll_commands(s),
              (std::vector<std::string>{":COMM:WAIT 1", ":NUM:NORM:VAL?", ":STAT:EESR?"}));
    s.sync = Sync::poll;
    EXPECT_TRUE(sync_setup_commands(s).empty());
    EXPECT_EQ(poll_commands(s), std::vector<std::string>{":NUM:NORM:VAL?"});
    s.sync = Sync::update;
    s.dialect = Dialect::wt200;
    EXPECT_EQ(poll_commands(s), std::vector<std::string>{":MEAS:VAL?"});
}

TEST(YokogawaCodec, RangesCrestFactorAndReadBack) {
    EXPECT_EQ(range_commands(Dialect::wt300, 150.0, std::nullopt),
              (std::vector<std::string>{":INP:VOLT:AUTO OFF", ":INP:VOLT:RANG 150",
                                        ":INP:CURR:AUTO ON"}));
    EXPECT_EQ(range_commands(Dialect::wt200, std::nullopt, 0.005),
              (std::vector<std::string>{":CONF:VOLT:AUTO ON", ":CONF:CURR:AUTO OFF",
                                        ":CONF:CURR:RANG 0.005"}));
    EXPECT_EQ(range_queries(Dialect::wt300),
              (std::vector<std::string>{":INP:VOLT:RANG?", ":INP:CURR:RANG?"}));
    EXPECT_EQ(range_queries(Dialect::wt200),
              (std::vector<std::string>{":CONF:VOLT:RANG?", ":CONF:CURR:RANG?"}));
    EXPECT_EQ(parse_number("300.0E+00\r"), 300.0);
    EXPECT_EQ(parse_number(" 5.0E-03"), 0.005);
    EXPECT_EQ(parse_number("NAN"), std::nullopt);
    EXPECT_EQ(parse_number("0,\"No error\""), std::nullopt);
    EXPECT_EQ(parse_number(""), std::nullopt);
    // Crest factor before the ranges (changing it re-scales them); calibrating starts on auto.
    Settings s;
    s.crest_factor = 6;
    s.calibrate = true;
    auto c = setup_commands(s, "WT310");
    auto cf = std::find(c.begin(), c.end(), ":INP:CFAC 6");
    auto volt = std::find(c.begin(), c.end(), ":INP:VOLT:AUTO ON");
    ASSERT_NE(cf, c.end());
    ASSERT_NE(volt, c.end());
    EXPECT_LT(cf, volt);
    s.dialect = Dialect::wt200;
    c = setup_commands(s, "WT210");
    EXPECT_EQ(std::find(c.begin(), c.end(), ":INP:CFAC 6"), c.end());
}

TEST(YokogawaRanges, MlperfRuleTakesTheSmallestRangeAbove) {
    // V = smallest range ≥ max seen, A = smallest ≥ 1.1 × max seen.
    auto r = mlperf_ranges(Dialect::wt300, 3, 230.1, 0.4351);
    EXPECT_DOUBLE_EQ(r.volts, 300.0);
    EXPECT_DOUBLE_EQ(r.amps, 0.5);
    r = mlperf_ranges(Dialect::wt300, 3, 300.0, 0.46);  // exactly a range; 1.1 × 0.46 = 0.506
    EXPECT_DOUBLE_EQ(r.volts, 300.0);
    EXPECT_DOUBLE_EQ(r.amps, 1.0);
    r = mlperf_ranges(Dialect::wt300, 3, 120.0, 0.004);
    EXPECT_DOUBLE_EQ(r.volts, 150.0);
    EXPECT_DOUBLE_EQ(r.amps, 0.005);
    r = mlperf_ranges(Dialect::wt300, 6, 230.0, 2.0);  // crest factor 6 halves every range
    EXPECT_DOUBLE_EQ(r.volts, 300.0);
    EXPECT_DOUBLE_EQ(r.amps, 2.5);
    r = mlperf_ranges(Dialect::wt300, 3, 700.0, 25.0);  // beyond every range: the largest
    EXPECT_DOUBLE_EQ(r.volts, 600.0);
    EXPECT_DOUBLE_EQ(r.amps, 20.0);
    r = mlperf_ranges(Dialect::wt200, 6, 230.0, 2.0);  // WT210: no crest factor setting
    EXPECT_DOUBLE_EQ(r.amps, 5.0);
    EXPECT_EQ(smallest_range_at_least(voltage_ranges(Dialect::wt300, 3), 601.0), std::nullopt);
}

}  // namespace
}  // namespace wattbench::drivers::yokogawa
