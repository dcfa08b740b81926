#include <gtest/gtest.h>

#include "drivers/rohde_schwarz/codec.hpp"

namespace wattbench::drivers::rohde_schwarz {
namespace {

using api::Status;

// analyzers.md §3: the select list, then the values in list order.
TEST(HmcCodec, SelectsTheFunctionList) {
    EXPECT_EQ(function_command(poll_functions()), "CHAN1:MEAS:FUNC URMS,IRMS,P,S,Q,LAMB,FU,WH");
    EXPECT_EQ(data_query, "CHAN1:MEAS:DATA?");
}

TEST(HmcCodec, FunctionReadBackMatchesShortAndLongForms) {
    EXPECT_TRUE(functions_match("URMS,IRMS,P,S,Q,LAMB,FU,WH\n", poll_functions()));
    EXPECT_TRUE(functions_match("URMS, IRMS, P, S, Q, LAMBda, FU, WH", poll_functions()));
    EXPECT_FALSE(functions_match("URMS,IRMS,P,S", poll_functions()));
    EXPECT_FALSE(functions_match("URMS,IRMS,PHI,S,Q,LAMB,FU,WH", poll_functions()));
}

TEST(HmcCodec, ValuesInListOrder) {
    auto v = parse_values("2.301000E+02,4.351000E-01,8.752000E+01\n", 3);
    ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(v));
    const auto& x = std::get<std::vector<Value>>(v);
    EXPECT_DOUBLE_EQ(x[0].value, 230.1);
    EXPECT_DOUBLE_EQ(x[1].value, 0.4351);
    EXPECT_DOUBLE_EQ(x[2].value, 87.52);
}

// 9.91e+37 is RSHMC8015_NAN (R&S driver); literal NAN seen in third-party code.
TEST(HmcCodec, NoDataIn991E37AndNan) {
    for (const char* none : {"9.91E+37", "9.910000E+37", "NAN", "nan"}) {
        auto v = parse_values(std::string("230.1,") + none, 2);
        ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(v)) << none;
        EXPECT_EQ(std::get<std::vector<Value>>(v)[1].status, Status::unavailable) << none;
    }
}

// Over-range encoding UNCONFIRMED: INF and ±9.9E+37 are over-range.
TEST(HmcCodec, OverrangeInEveryPlausibleForm) {
    for (const char* over : {"INF", "-INF", "+INF", "9.9E+37", "-9.9E+37", "-9.91E+37"}) {
        auto v = parse_values(std::string("230.1,") + over, 2);
        ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(v)) << over;
        EXPECT_EQ(std::get<std::vector<Value>>(v)[1].status, Status::overrange) << over;
    }
}

TEST(HmcCodec, WrongCountOrGarbageIsAnError) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_values("1,2", 3)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_values("1,zz,3", 3)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_values("", 1)));
}

// The R&S driver's simulation string.
TEST(HmcCodec, Identity) {
    auto id = parse_identity("Rohde&Schwarz,HMC8015,012345678,00.011\n");
    ASSERT_TRUE(id);
    EXPECT_EQ(id->vendor, "Rohde&Schwarz");
    EXPECT_EQ(id->model, "HMC8015");
    EXPECT_EQ(id->serial, "012345678");
    EXPECT_EQ(id->firmware, "00.011");
    EXPECT_TRUE(parse_identity("HAMEG,HMC8015,1,2"));
    EXPECT_FALSE(parse_identity("Rohde&Schwarz,HMC8012,1,2"));
    EXPECT_FALSE(parse_identity("Tektronix, PA1000, 1, 2"));
}

TEST(HmcCodec, ErrorQueue) {
    EXPECT_EQ(parse_error("0,\"No error\""), 0);
    EXPECT_EQ(parse_error("-113,\"Undefined header\"\n"), -113);
    EXPECT_FALSE(parse_error("garbage"));
}

TEST(HmcCodec, RangeCommandsInBothForms) {
    const std::vector<std::string> fixed = {"CHAN1:VOLT:RANG:AUTO 0", "CHAN1:VOLT:RANG 300"};
    EXPECT_EQ(range_commands(RangeForm::plain, true, 300.0), fixed);
    const std::vector<std::string> amps = {"CHAN1:CURR:RANG:AUTO 0", "CHAN1:CURR:RANG 0.1"};
    EXPECT_EQ(range_commands(RangeForm::plain, false, 0.1), amps);
    const std::vector<std::string> autos = {"CHAN1:ACQ:CURR:RANG:AUTO 1"};
    EXPECT_EQ(range_commands(RangeForm::acq, false, std::nullopt), autos);
    EXPECT_EQ(range_query(RangeForm::plain, true), "CHAN1:VOLT:RANG?");
    EXPECT_EQ(range_query(RangeForm::acq, false), "CHAN1:ACQ:CURR:RANG?");
}

TEST(HmcCodec, Integrator) {
    const std::vector<std::string> want = {"INT:MODE MAN", "INT:STOP", "INT:RES", "INT:STAR"};
    EXPECT_EQ(integrator_commands(), want);
}

}  // namespace
}  // namespace wattbench::drivers::rohde_schwarz
