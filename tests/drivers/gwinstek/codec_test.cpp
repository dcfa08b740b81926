// Byte vectors from ../shared/analyzers.md §2 (the real GPM-8213 V1.05 sequence) through the
// shared codec and the GW Instek dialect.
#include <gtest/gtest.h>

#include "drivers/gwinstek/dialect.hpp"
#include "drivers/gwinstek/models.hpp"
#include "drivers/scpi_analyzer/codec.hpp"

namespace wattbench::drivers::gwinstek {
namespace {

using api::Status;
using scpi_analyzer::Item;
using scpi_analyzer::Plan;

const scpi_analyzer::Model& model(const std::string& driver) {
    for (const auto& m : models()) {
        if (m.driver == driver) {
            return m;
        }
    }
    throw std::runtime_error("no model " + driver);
}

// The items of the real capture, in its order (fI read as a frequency slot).
Plan capture_plan() {
    Plan p;
    const std::pair<Item, const char*> items[] = {
        {Item::voltage, "U"},        {Item::current, "I"},    {Item::power, "P"},
        {Item::apparent_power, "S"}, {Item::frequency, "FU"}, {Item::power_factor, "LAMBDA"},
        {Item::reactive_power, "Q"}, {Item::frequency, "FI"}};
    for (auto [item, code] : items) {
        p.channels.push_back({});
        p.slots.push_back({item, 1});
        p.spellings.push_back(code);
    }
    return p;
}

TEST(GwinstekCodec, RealGpm8213SequenceSelectsTheItems) {
    const auto& d = dialect();
    std::string wire;
    for (const auto& c : scpi_analyzer::select_commands(d, capture_plan())) {
        wire += c + d.write_terminator;
    }
    EXPECT_EQ(wire,
              ":NUMERIC:NORMAL:NUMBER 8\r\n:NUMERIC:NORMAL:ITEM1 U\r\n:NUMERIC:NORMAL:ITEM2 I\r\n"
              ":NUMERIC:NORMAL:ITEM3 P\r\n:NUMERIC:NORMAL:ITEM4 S\r\n:NUMERIC:NORMAL:ITEM5 FU\r\n"
              ":NUMERIC:NORMAL:ITEM6 LAMBDA\r\n:NUMERIC:NORMAL:ITEM7 Q\r\n"
              ":NUMERIC:NORMAL:ITEM8 FI\r\n");
    EXPECT_EQ(scpi_analyzer::read_query(d, capture_plan()), ":NUMERIC:NORMAL:VALUE?");
}

TEST(GwinstekCodec, RealGpm8213ValueAnswerWithNan) {
    auto r = scpi_analyzer::parse_answer(dialect(), capture_plan(),
                                         "127.58E+00,240.02E-03,17.688E+00,30.622E+00,59.993E+00,"
                                         "0.5776E+00,24.997E+00,NAN\r\n");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r)) << std::get<std::string>(r);
    const auto& v = std::get<std::vector<api::Reading>>(r);
    ASSERT_EQ(v.size(), 8u);
    EXPECT_DOUBLE_EQ(v[0].value, 127.58);
    EXPECT_DOUBLE_EQ(v[1].value, 0.24002);
    EXPECT_DOUBLE_EQ(v[2].value, 17.688);
    EXPECT_DOUBLE_EQ(v[3].value, 30.622);
    EXPECT_DOUBLE_EQ(v[4].value, 59.993);
    EXPECT_DOUBLE_EQ(v[5].value, 0.5776);
    EXPECT_DOUBLE_EQ(v[6].value, 24.997);
    EXPECT_EQ(v[7].status, Status::unavailable);
}

TEST(GwinstekCodec, InfIsOverrangeAndAHeaderEchoIsDropped) {
    auto r = scpi_analyzer::parse_answer(
        dialect(), capture_plan(),
        ":NUM:NORM:VAL 127.58E+00,INF,-INF,9.9E+37,9.91E+37,0.5776E+00,24.997E+00,+NAN");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r)) << std::get<std::string>(r);
    const auto& v = std::get<std::vector<api::Reading>>(r);
    EXPECT_DOUBLE_EQ(v[0].value, 127.58);
    EXPECT_EQ(v[1].status, Status::overrange);
    EXPECT_EQ(v[2].status, Status::overrange);
    EXPECT_EQ(v[3].status, Status::overrange);
    EXPECT_EQ(v[4].status, Status::unavailable);
    EXPECT_EQ(v[7].status, Status::unavailable);
}

TEST(GwinstekCodec, RealIdentity) {
    const auto id =
        scpi_analyzer::parse_identity(dialect(), "GWInstek,GPM-8213,GES913349,V1.05\r\n");
    ASSERT_TRUE(id);
    EXPECT_EQ(id->vendor, "GWInstek");
    EXPECT_EQ(id->model, "GPM-8213");
    EXPECT_EQ(id->serial, "GES913349");
    EXPECT_EQ(id->firmware, "V1.05");
    EXPECT_TRUE(scpi_analyzer::model_matches(model("gwinstek-gpm8213"), *id));
    EXPECT_FALSE(scpi_analyzer::model_matches(model("gwinstek-gpm8310"), *id));
    EXPECT_FALSE(scpi_analyzer::parse_identity(dialect(), "HIOKI,PW3335,1,V1.00"));
}

TEST(GwinstekCodec, PlanRangesRateAndAccuracy) {
    const auto& m = model("gwinstek-gpm8310");
    scpi_analyzer::Settings s;
    s.voltage_range = 300.0;
    s.current_range = 0.5;
    const auto plan = scpi_analyzer::make_plan(m, s);
    ASSERT_EQ(plan.channels.size(), 8u);
    EXPECT_EQ(plan.spellings,
              (std::vector<std::string>{"P", "S", "Q", "LAMBDA", "U", "I", "FU", "WH"}));
    ASSERT_TRUE(plan.channels[0].accuracy);
    EXPECT_DOUBLE_EQ(plan.channels[0].accuracy->range, 150.0);
    EXPECT_FALSE(scpi_analyzer::make_plan(model("gwinstek-gpm8213"), s).channels[0].accuracy);
    EXPECT_EQ(
        scpi_analyzer::range_commands(m, 300.0, 0.5),
        (std::vector<std::string>{":INPut:VOLTage:RANGe 300V", ":INPut:CURRent:RANGe 500mA"}));
    EXPECT_EQ(scpi_analyzer::range_commands(m, std::nullopt, 10.0),
              (std::vector<std::string>{":INPut:VOLTage:AUTO ON", ":INPut:CURRent:RANGe 10A"}));
    EXPECT_EQ(scpi_analyzer::parse_range_answer(m, true, "600.0E+00"), 600.0);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(m, true, ":INP:VOLT:RANG 600.0E+00"), 600.0);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(m, false, "500mA"), 0.5);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(m, false, "5A"), 5.0);
    EXPECT_EQ(rate_command(0.5), ":RATE 500MS");
    EXPECT_EQ(rate_command(0.25), ":RATE 250MS");
    EXPECT_EQ(rate_command(2.0), ":RATE 2S");
    EXPECT_EQ(m.tcp_port, 23);
    ASSERT_FALSE(model("gwinstek-gpm8213").usb.empty());
    EXPECT_EQ(model("gwinstek-gpm8213").usb[0].vendor, 0x2184);
    EXPECT_EQ(model("gwinstek-gpm8213").usb[0].product, 0x0052);
    EXPECT_TRUE(model("gwinstek-gpm8213").usb[0].confirmed);
}

TEST(GwinstekCodec, IntegratorStateSpellings) {
    const auto& d = dialect();
    EXPECT_TRUE(d.integrator_running("START"));
    EXPECT_TRUE(d.integrator_running("RUN"));
    EXPECT_TRUE(d.integrator_running(":INTEG:STAT START"));
    EXPECT_FALSE(d.integrator_running("RESET"));
    EXPECT_FALSE(d.integrator_running("STOP"));
}

}  // namespace
}  // namespace wattbench::drivers::gwinstek
