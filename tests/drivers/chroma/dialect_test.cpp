#include <gtest/gtest.h>

#include <stdexcept>

#include "drivers/chroma/dialect.hpp"
#include "drivers/chroma/models.hpp"
#include "drivers/scpi_analyzer/codec.hpp"
#include "tests/drivers/scpi_analyzer/table_lookup.hpp"

namespace wattbench::drivers::chroma {
namespace {

using api::Status;
using scpi_analyzer::Item;
using scpi_analyzer::Model;
using scpi_analyzer::Settings;

const Model& model(const std::string& driver) {
    return testing::model_named(models(), driver);
}

// What the device sends for a command of the dialect on `channel`.
std::string sent(const Model& m, const std::string& text, int channel = 1) {
    return scpi_analyzer::with_channel(*m.dialect, text, channel);
}

// Plan channel `name`'s reading in an answer.
const api::Reading& reading(const scpi_analyzer::Plan& plan,
                            const std::vector<api::Reading>& readings, const std::string& name) {
    for (std::size_t i = 0; i < plan.channels.size(); ++i) {
        if (plan.channels[i].name == name) {
            return readings[i];
        }
    }
    throw std::runtime_error("no channel " + name);
}

std::variant<scpi_analyzer::Answer, std::string> answer(const Model& m, std::string_view line,
                                                        const Settings& s = {}) {
    const auto plan = scpi_analyzer::make_plan(m, s);
    const auto order = m.dialect->answer_order(plan.spellings);
    return scpi_analyzer::parse_answer(*m.dialect, plan, line, order);
}

TEST(ChromaDialect, ModelTable) {
    EXPECT_EQ(model("chroma-66204").channels, 4);
    EXPECT_EQ(model("chroma-66203").channels, 3);
    EXPECT_EQ(model("chroma-66202").channels, 1);
    EXPECT_EQ(model("chroma-66202").current_ranges,
              (std::vector<double>{0.01, 0.1, 0.4, 2.0, 20.0}));
    EXPECT_EQ(model("chroma-66202").ptdaemon_device, 31);
    EXPECT_EQ(model("chroma-66204").ptdaemon_device, 51);
    EXPECT_EQ(model("chroma-66204").serial.baud, 9600);
    EXPECT_EQ(model("chroma-66204").tcp_port, 0);
    EXPECT_FALSE(model("chroma-66204").accuracy);
}

// The manual's CHANnel:ID? example, header off and on, and the *IDN? form.
TEST(ChromaDialect, Identity) {
    for (const char* line :
         {"Chroma ATE,66204,66204M000066,1.00,1.00,1.00\n",
          ":CHANNEL:ID Chroma ATE,66204,66204M000066,1.00,1.00,1.00\r\n",
          "*IDN Chroma ATE;66204;66204M000066;1.00", "Chroma ATE,66204,66204M000066,1.00"}) {
        auto id = scpi_analyzer::parse_identity(*model("chroma-66204").dialect, line);
        ASSERT_TRUE(id) << line;
        EXPECT_EQ(id->vendor, "Chroma ATE");
        EXPECT_EQ(id->model, "66204");
        EXPECT_EQ(id->serial, "66204M000066");
        EXPECT_EQ(id->firmware, "1.00");
        EXPECT_TRUE(scpi_analyzer::model_matches(model("chroma-66204"), *id));
        EXPECT_FALSE(scpi_analyzer::model_matches(model("chroma-66203"), *id));
    }
    EXPECT_FALSE(parse_identity("YOKOGAWA,WT310,C2PH13047V,F1.03"));
    EXPECT_FALSE(parse_identity(""));
    EXPECT_FALSE(parse_identity(":CHANNEL:ID"));
    EXPECT_EQ(model("chroma-66204").dialect->identity_fallback, "CHAN:ID?");
}

TEST(ChromaDialect, OpenCommands) {
    const auto& multi = model("chroma-66204");
    EXPECT_EQ(multi.dialect->greeting, (std::vector<std::string>{""}));
    ASSERT_EQ(multi.dialect->setup.size(), 1u);
    EXPECT_EQ(sent(multi, multi.dialect->setup[0], 3), "CHAN 3");
    EXPECT_TRUE(model("chroma-66202").dialect->setup.empty());
    EXPECT_EQ(scpi_analyzer::range_commands(multi, 300.0, 2.0),
              (std::vector<std::string>{"CONF:VOLT:AUTO OFF", "CONF:VOLT:RANG 300",
                                        "CONF:CURR:AUTO OFF", "CONF:CURR:RANG 2"}));
    EXPECT_EQ(scpi_analyzer::range_commands(multi, std::nullopt, std::nullopt),
              (std::vector<std::string>{"CONF:VOLT:AUTO ON", "CONF:CURR:AUTO ON"}));
    EXPECT_EQ(multi.dialect->range_queries,
              (std::vector<std::string>{"CONF:VOLT:RANG?", "CONF:CURR:RANG?"}));
    EXPECT_EQ(multi.dialect->integrator_start,
              (std::vector<std::string>{"TRIG:MODE ENERGY", "TRIG OFF", "TRIG ON"}));
    EXPECT_EQ(sent(multi, multi.dialect->integrator_query, 2), "TRIG? 2");
    EXPECT_EQ(model("chroma-66202").dialect->integrator_query, "TRIG? 1");
}

TEST(ChromaDialect, ReadQueryInTheManualsOrder) {
    const auto& m = model("chroma-66204");
    const auto plan = scpi_analyzer::make_plan(m, Settings{});
    ASSERT_EQ(plan.channels.size(), 8u);
    EXPECT_EQ(plan.channels[0].name, "power");
    EXPECT_EQ(plan.channels[2].name, "reactive_power");
    EXPECT_EQ(plan.channels[2].unit, "var");
    EXPECT_EQ(scpi_analyzer::read_query(*m.dialect, plan), "FETC? V,I,W,VA,VAR,PF,FREQ,ENEG");
    EXPECT_EQ(scpi_analyzer::read_query(*m.dialect, plan, false, 1),
              "MEAS? V,I,W,VA,VAR,PF,FREQ,ENEG");
    EXPECT_EQ(m.dialect->read_modes.at(0).name, "fetch");
    EXPECT_EQ(m.dialect->read_modes.at(1).name, "measure");
    EXPECT_TRUE(m.dialect->quirks.energy_needs_integrator);
}

// NR2 replies with `,` or `;`, LF or CRLF, header on or off, each read the same.
TEST(ChromaDialect, AnswerForms) {
    const auto& m = model("chroma-66204");
    const auto plan = scpi_analyzer::make_plan(m, Settings{});
    for (const char* line : {"229.87,1.2345,250.12,283.77,-134.05,0.8814,50.00,12.345\n",
                             "229.87;1.2345;250.12;283.77;-134.05;0.8814;50.00;12.345\r\n",
                             ":FETCH 229.87,1.2345,250.12,283.77,-134.05,0.8814,50.00,12.345",
                             "V 229.87,I 1.2345,W 250.12,VA 283.77,VAR -134.05,PF 0.8814,"
                             "FREQ 50.00,ENEG 12.345"}) {
        auto a = answer(m, line);
        ASSERT_TRUE(std::holds_alternative<scpi_analyzer::Answer>(a))
            << line << ": " << std::get<std::string>(a);
        const auto& r = std::get<scpi_analyzer::Answer>(a).readings;
        EXPECT_DOUBLE_EQ(reading(plan, r, "voltage").value, 229.87);
        EXPECT_DOUBLE_EQ(reading(plan, r, "current").value, 1.2345);
        EXPECT_DOUBLE_EQ(reading(plan, r, "power").value, 250.12);
        EXPECT_DOUBLE_EQ(reading(plan, r, "reactive_power").value, -134.05);
        EXPECT_DOUBLE_EQ(reading(plan, r, "frequency").value, 50.0);
        EXPECT_DOUBLE_EQ(reading(plan, r, "energy").value, 12.345);
        for (const auto& x : r) {
            EXPECT_EQ(x.status, Status::ok);
        }
        EXPECT_TRUE(std::get<scpi_analyzer::Answer>(a).phase_flags.empty());
    }
}

TEST(ChromaDialect, Sentinels) {
    const auto& m = model("chroma-66204");
    const auto plan = scpi_analyzer::make_plan(m, Settings{});
    auto a = answer(m, "229.87,-3,-3,-3,-3,-3,50.00,-1");
    ASSERT_TRUE(std::holds_alternative<scpi_analyzer::Answer>(a));
    const auto& got = std::get<scpi_analyzer::Answer>(a);
    EXPECT_EQ(reading(plan, got.readings, "voltage").status, Status::ok);
    EXPECT_EQ(reading(plan, got.readings, "current").status, Status::overrange);
    EXPECT_EQ(reading(plan, got.readings, "power").status, Status::overrange);
    EXPECT_EQ(reading(plan, got.readings, "energy").status, Status::unavailable);
    EXPECT_TRUE(got.phase_flags.empty());
    auto rc = answer(m, "-2,-2,-2,-2,-2,-2,-2,-2");
    ASSERT_TRUE(std::holds_alternative<scpi_analyzer::Answer>(rc));
    EXPECT_EQ(std::get<scpi_analyzer::Answer>(rc).phase_flags.size(), 8u);
    EXPECT_EQ(std::get<scpi_analyzer::Answer>(rc).phase_flags[0], "range_change");
    // With a decimal point a negative power or PF is a reading; a negative voltage is not.
    EXPECT_EQ(parse_value("-1.000", Item::power_factor).status, Status::ok);
    EXPECT_DOUBLE_EQ(parse_value("-2.00", Item::power).value, -2.0);
    EXPECT_TRUE(parse_value("-2.00", Item::power).phase_flag.empty());
    EXPECT_EQ(parse_value("-2", Item::power).status, Status::unavailable);
    EXPECT_EQ(parse_value("-2", Item::power).phase_flag, "range_change");
    EXPECT_EQ(parse_value("-1.00", Item::voltage).status, Status::unavailable);
    EXPECT_EQ(parse_value("-3.00", Item::current).status, Status::overrange);
    EXPECT_DOUBLE_EQ(parse_value("-1.5", Item::power).value, -1.5);
}

TEST(ChromaDialect, Malformed) {
    const auto& m = model("chroma-66204");
    EXPECT_TRUE(std::holds_alternative<std::string>(answer(m, "229.87,1.2")));
    EXPECT_TRUE(std::holds_alternative<std::string>(answer(m, "a,b,c,d,e,f,g,h")));
    EXPECT_TRUE(std::holds_alternative<std::string>(answer(m, "")));
    EXPECT_TRUE(std::holds_alternative<std::string>(answer(m, "1,2,3,4,5,6,7,8,9")));
    EXPECT_TRUE(std::holds_alternative<std::string>(answer(m, "1,2,3,4,5,6,7,inf")));
    EXPECT_EQ(parse_value("nan", Item::power).status, Status::error);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(m, true, ":CONFIGURE:VOLTAGE:RANGE 300.00"), 300.0);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(m, false, "2.00\r"), 2.0);
    EXPECT_FALSE(scpi_analyzer::parse_range_answer(m, true, "AUTO"));
}

}  // namespace
}  // namespace wattbench::drivers::chroma
