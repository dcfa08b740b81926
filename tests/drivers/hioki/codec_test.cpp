// Byte vectors from ../shared/analyzers.md §1 through the shared codec and the HIOKI dialect.
#include <gtest/gtest.h>

#include "drivers/hioki/dialect.hpp"
#include "drivers/hioki/models.hpp"
#include "drivers/scpi_analyzer/codec.hpp"

namespace wattbench::drivers::hioki {
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

// The items of the real capture `:MEAS? U,I,P,WH`, in that order.
Plan capture_plan() {
    Plan p;
    for (auto [item, code] : {std::pair{Item::voltage, "U"}, std::pair{Item::current, "I"},
                              std::pair{Item::power, "P"}, std::pair{Item::energy, "WH"}}) {
        p.channels.push_back({});
        p.slots.push_back({item, 1});
        p.spellings.push_back(code);
    }
    return p;
}

TEST(HiokiCodec, RealPw3335CaptureQueryAndAnswer) {
    const auto& d = single_channel();
    const auto plan = capture_plan();
    EXPECT_EQ(scpi_analyzer::read_query(d, plan) + d.write_terminator, ":MEASure? U,I,P,WH\n");
    auto r = scpi_analyzer::parse_answer(
        d, plan, "U +110.14E+0;I +0.0000E+0;P +000.00E+0;WP +00.0000E+0\r\n");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r)) << std::get<std::string>(r);
    const auto& v = std::get<std::vector<api::Reading>>(r);
    ASSERT_EQ(v.size(), 4u);
    EXPECT_DOUBLE_EQ(v[0].value, 110.14);
    EXPECT_EQ(v[0].status, Status::ok);
    EXPECT_DOUBLE_EQ(v[1].value, 0.0);
    EXPECT_DOUBLE_EQ(v[2].value, 0.0);
    EXPECT_DOUBLE_EQ(v[3].value, 0.0);
    EXPECT_EQ(v[3].channel, 3u);
}

TEST(HiokiCodec, HeaderOffAndCommaSeparatorsReadAlike) {
    const auto plan = capture_plan();
    auto r = scpi_analyzer::parse_answer(single_channel(), plan,
                                         "+110.14E+0,+0.4351E+0,+087.52E+0,+00.0125E+0");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r));
    const auto& v = std::get<std::vector<api::Reading>>(r);
    EXPECT_DOUBLE_EQ(v[1].value, 0.4351);
    EXPECT_DOUBLE_EQ(v[2].value, 87.52);
    EXPECT_DOUBLE_EQ(v[3].value, 0.0125);
}

TEST(HiokiCodec, SentinelsAreNeverNumbers) {
    EXPECT_EQ(parse_value("+999.99E+9").status, Status::overrange);
    EXPECT_EQ(parse_value("-999.99E+9").status, Status::overrange);
    EXPECT_EQ(parse_value("+888.88E+9").status, Status::overrange);
    EXPECT_EQ(parse_value("-8888.88E+9").status, Status::overrange);
    EXPECT_EQ(parse_value("+777.77E+9").status, Status::unavailable);
    EXPECT_EQ(parse_value("-7777.77E+9").status, Status::unavailable);
    EXPECT_EQ(parse_value("+999.98E+6").status, Status::ok);
    EXPECT_EQ(parse_value("o.r").status, Status::error);
    const auto plan = capture_plan();
    auto r = scpi_analyzer::parse_answer(single_channel(), plan,
                                         "U +999.99E+9;I +777.77E+9;P -888.88E+9;WP +7777.77E+9");
    const auto& v = std::get<std::vector<api::Reading>>(r);
    EXPECT_EQ(v[0].status, Status::overrange);
    EXPECT_EQ(v[1].status, Status::unavailable);
    EXPECT_EQ(v[2].status, Status::overrange);
    EXPECT_EQ(v[3].status, Status::unavailable);
}

TEST(HiokiCodec, WrongCountAndGarbageAreErrors) {
    const auto plan = capture_plan();
    EXPECT_TRUE(std::holds_alternative<std::string>(
        scpi_analyzer::parse_answer(single_channel(), plan, "U +110.14E+0;I +0.0000E+0")));
    EXPECT_TRUE(std::holds_alternative<std::string>(scpi_analyzer::parse_answer(
        single_channel(), plan, "U +110.14E+0;I x;P +1.0E+0;WP +0.0E+0")));
}

TEST(HiokiCodec, Pw3335PlanHasTheWt310ChannelsAndOneQuery) {
    const auto& m = model("hioki-pw3335");
    scpi_analyzer::Settings s;
    s.voltage_range = 300.0;
    s.current_range = 2.0;
    const auto plan = scpi_analyzer::make_plan(m, s);
    ASSERT_EQ(plan.channels.size(), 8u);
    EXPECT_EQ(plan.channels[0].name, "power");
    EXPECT_EQ(plan.channels[7].name, "energy");
    EXPECT_EQ(scpi_analyzer::read_query(*m.dialect, plan), ":MEASure? P,S,Q,PF,U,I,FREQU,WH");
    EXPECT_TRUE(scpi_analyzer::select_commands(*m.dialect, plan).empty());
    EXPECT_FALSE(plan.channels[0].accuracy);  // PW3335 accuracy UNCONFIRMED
}

TEST(HiokiCodec, Pw3337ChannelsCarryTheirDigitAndAccuracy) {
    const auto& m = model("hioki-pw3337");
    scpi_analyzer::Settings s;
    s.voltage_range = 300.0;
    s.current_range = 5.0;
    const auto plan = scpi_analyzer::make_plan(m, s);
    ASSERT_EQ(plan.channels.size(), 24u);
    EXPECT_EQ(plan.channels[8].name, "power_2");
    EXPECT_EQ(plan.spellings[8], "P2");
    EXPECT_EQ(plan.channels[16].name, "power_3");
    EXPECT_EQ(plan.spellings[23], "WH3");
    ASSERT_TRUE(plan.channels[0].accuracy);
    EXPECT_DOUBLE_EQ(plan.channels[0].accuracy->of_reading, 0.001);
    EXPECT_DOUBLE_EQ(plan.channels[0].accuracy->of_range, 0.0005);
    EXPECT_DOUBLE_EQ(plan.channels[0].accuracy->range, 1500.0);
    EXPECT_EQ(m.dialect->write_terminator, "\r\n");
}

TEST(HiokiCodec, RangeCommandsAndReadBack) {
    const auto& one = model("hioki-pw3335");
    EXPECT_EQ(scpi_analyzer::range_commands(one, 300.0, 0.5),
              (std::vector<std::string>{":VOLTage:AUTO OFF", ":VOLTage:RANGe 300",
                                        ":CURRent:AUTO OFF", ":CURRent:RANGe 0.5"}));
    EXPECT_EQ(scpi_analyzer::range_commands(one, std::nullopt, std::nullopt),
              (std::vector<std::string>{":VOLTage:AUTO ON", ":CURRent:AUTO ON"}));
    const auto& two = model("hioki-pw3336");
    const auto c = scpi_analyzer::range_commands(two, 150.0, std::nullopt);
    ASSERT_EQ(c.size(), 6u);
    EXPECT_EQ(c[1], ":VOLTage1:RANGe 150");
    EXPECT_EQ(c[2], ":CURRent1:AUTO ON");
    EXPECT_EQ(c[4], ":VOLTage2:RANGe 150");
    EXPECT_EQ(scpi_analyzer::parse_range_answer(one, true, ":VOLTAGE:RANGE 300"), 300.0);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(one, true, "300"), 300.0);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(one, false, "+2.0000E+0"), 2.0);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(one, false, ":CURRENT:RANGE 500mA"), 0.5);
}

TEST(HiokiCodec, IdentityMatchesItsModelOnly) {
    const auto id = scpi_analyzer::parse_identity(single_channel(), "HIOKI,PW3335,123456789,V1.00");
    ASSERT_TRUE(id);
    EXPECT_EQ(id->model, "PW3335");
    EXPECT_EQ(id->serial, "123456789");
    EXPECT_EQ(id->firmware, "V1.00");
    EXPECT_TRUE(scpi_analyzer::model_matches(model("hioki-pw3335"), *id));
    EXPECT_FALSE(scpi_analyzer::model_matches(model("hioki-pw3336"), *id));
    EXPECT_FALSE(scpi_analyzer::parse_identity(single_channel(), "YOKOGAWA,WT310,C2,F1.03"));
    EXPECT_FALSE(scpi_analyzer::parse_identity(single_channel(), "000"));
}

TEST(HiokiCodec, ConfirmationCodes) {
    EXPECT_EQ(scpi_analyzer::confirmation_code("000"), 0);
    EXPECT_EQ(scpi_analyzer::confirmation_code("003\r"), 3);
    EXPECT_FALSE(scpi_analyzer::confirmation_code("U +110.14E+0"));
    EXPECT_FALSE(scpi_analyzer::confirmation_code("0000"));
}

TEST(HiokiCodec, IntegratorCommandsAndState) {
    const auto& d = single_channel();
    EXPECT_EQ(d.integrator_start,
              (std::vector<std::string>{":INTEGrate:STATe RESET", ":INTEGrate:STATe START"}));
    EXPECT_TRUE(d.integrator_running("START"));
    EXPECT_TRUE(d.integrator_running(":INTEGRATE:STATE START"));
    EXPECT_FALSE(d.integrator_running(":INTEGRATE:STATE RESET"));
}

}  // namespace
}  // namespace wattbench::drivers::hioki
