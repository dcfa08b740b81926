// The shared framework's pure half and settings parser, against a test family: channel
// naming per element, answer parsing, the text defaults dialects build on, and the profile
// keys' validation (no I/O).
#include <gtest/gtest.h>

#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/scpi_analyzer/settings_parser.hpp"

namespace wattbench::drivers::scpi_analyzer {
namespace {

using api::Status;

const Dialect& test_dialect() {
    static const Dialect d = [] {
        Dialect t;
        t.family = "ACME";
        t.item_spelling = [](Item item, int element, const Model&) -> std::string {
            if (item == Item::reactive_power && element == sigma) {
                return "";  // not on the sum
            }
            return std::string(item_name(item)) + "," +
                   (element == sigma ? std::string("SIGMA") : std::to_string(element));
        };
        t.read_query = [](const std::vector<std::string>& s) { return "READ? " + s.front(); };
        t.range_commands = [](const Range& v, const Range&, const Model&) {
            return std::vector<std::string>{v ? "VOLT " + format_range(*v, "V") : "VOLT AUTO"};
        };
        t.energy_to_wh = 1000.0;  // reports kWh
        t.update_rate = [](double s) { return "RATE " + format_range(s, "S"); };
        return t;
    }();
    return d;
}

Model test_model(int elements = 1) {
    Model m;
    m.driver = "acme-pa9";
    m.description = "ACME PA9 power analyzer";
    m.dialect = &test_dialect();
    m.identity_models = {"PA9"};
    m.elements = elements;
    m.sigma = true;
    m.voltage_ranges = {15, 30, 60, 150, 300, 600};
    m.current_ranges = {0.005, 0.5, 1, 2, 5, 10, 20};
    m.accuracy = PowerAccuracy{0.001, 0.0005};
    m.update_intervals = {0.5, 1};
    m.tcp_port = 5025;
    return m;
}

TEST(ScpiAnalyzerPlan, ElementOneIsUnsuffixedOthersNumberedSumLast) {
    const Model m = test_model(3);
    Settings s;
    s.voltage_range = 300.0;
    s.current_range = 2.0;
    const auto plan = make_plan(m, s);
    ASSERT_EQ(plan.channels.size(), 8u * 3 + 7);
    EXPECT_EQ(plan.channels[0].name, "power");
    EXPECT_TRUE(plan.channels[0].key);
    EXPECT_EQ(plan.channels[2].name, "reactive_power");
    EXPECT_EQ(plan.channels[2].unit, "var");
    EXPECT_EQ(plan.channels[8].name, "power_2");
    EXPECT_FALSE(plan.channels[8].key);
    EXPECT_EQ(plan.channels[24].name, "power_sigma");
    EXPECT_TRUE(plan.channels[24].key);
    EXPECT_EQ(plan.spellings[24], "power,SIGMA");
    EXPECT_EQ(plan.channels.back().name, "energy_sigma");
    ASSERT_TRUE(plan.channels[0].accuracy);
    EXPECT_DOUBLE_EQ(plan.channels[0].accuracy->range, 600.0);
    EXPECT_DOUBLE_EQ(plan.channels[24].accuracy->range, 1800.0);
    s.current_range.reset();
    EXPECT_DOUBLE_EQ(make_plan(m, s).channels[0].accuracy->range, 0.0);
    EXPECT_EQ(read_query(test_dialect(), plan), "READ? power,1");
}

TEST(ScpiAnalyzerAnswer, FieldsInOrderEnergyScaledSentinelsKept) {
    const Model m = test_model();
    const auto plan = make_plan(m, {});
    auto r = parse_answer(test_dialect(), plan, "1.5,2,3,0.9,230.0,0.5,50.0,0.25,\r\n");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r)) << std::get<std::string>(r);
    const auto& v = std::get<std::vector<api::Reading>>(r);
    ASSERT_EQ(v.size(), 8u);
    EXPECT_DOUBLE_EQ(v[0].value, 1.5);
    EXPECT_DOUBLE_EQ(v[7].value, 250.0);  // kWh → Wh
    EXPECT_EQ(v[7].channel, 7u);
    r = parse_answer(test_dialect(), plan, "NAN,INF,9.91E+37,-9.9E+37,1,1,1,1");
    const auto& w = std::get<std::vector<api::Reading>>(r);
    EXPECT_EQ(w[0].status, Status::unavailable);
    EXPECT_EQ(w[1].status, Status::overrange);
    EXPECT_EQ(w[2].status, Status::unavailable);
    EXPECT_EQ(w[3].status, Status::overrange);
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_answer(test_dialect(), plan, "")));
    EXPECT_TRUE(std::holds_alternative<std::string>(
        parse_answer(test_dialect(), plan, "1,2,3,4,5,6,7,inf0")));
}

TEST(ScpiAnalyzerText, NumbersAndTheirNeighbours) {
    EXPECT_EQ(parse_number("+110.14E+0"), 110.14);
    EXPECT_EQ(parse_number(" -5 "), -5.0);
    EXPECT_EQ(parse_number(".5"), 0.5);
    EXPECT_EQ(parse_number("240.02E-03"), 0.24002);
    EXPECT_FALSE(parse_number("inf"));
    EXPECT_FALSE(parse_number("nan"));
    EXPECT_FALSE(parse_number("1.0V"));
    EXPECT_FALSE(parse_number("-"));
    EXPECT_FALSE(parse_number(""));
    EXPECT_EQ(default_parse_value("+NAN").status, Status::unavailable);
    EXPECT_EQ(default_parse_value("-inf").status, Status::overrange);
    EXPECT_EQ(default_parse_value("x").status, Status::error);
    EXPECT_EQ(strip_header("U +110.14E+0"), "+110.14E+0");
    EXPECT_EQ(strip_header("  42 "), "42");
    EXPECT_EQ(format_range(300, "V"), "300V");
    EXPECT_EQ(format_range(7.5, "V"), "7.5V");
    EXPECT_EQ(format_range(0.005, "A"), "5mA");
    EXPECT_EQ(format_range(20, "A"), "20A");
    EXPECT_TRUE(same_name("PA 3000", "pa3000"));
    EXPECT_TRUE(starts_with_name("WT1806E-5A3-50A3", "WT1806"));
    EXPECT_FALSE(starts_with_name("PW3335", ""));
    const std::string bytes = "abc\r\ndef";
    const auto scan = scan_reply_line(
        std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
    EXPECT_EQ(scan.skip, 0u);
    EXPECT_EQ(scan.length, 4u);
    const auto id = default_parse_identity("ACME", " ACME , PA9 , 77 , 1.0 ");
    ASSERT_TRUE(id);
    EXPECT_EQ(id->model, "PA9");
    EXPECT_TRUE(model_matches(test_model(), *id));
}

TEST(ScpiAnalyzerText, MlperfRule) {
    const Model m = test_model();
    auto r = mlperf_ranges(m, 230.0, 1.2);
    EXPECT_DOUBLE_EQ(r.volts, 300.0);
    EXPECT_DOUBLE_EQ(r.amps, 2.0);
    r = mlperf_ranges(m, 700.0, 30.0);
    EXPECT_DOUBLE_EQ(r.volts, 600.0);
    EXPECT_DOUBLE_EQ(r.amps, 20.0);
}

struct Parsed {
    std::optional<Settings> settings;
    std::string error;
};

Parsed parse(const Model& m, api::Options o, const std::string& connection = "tcp://192.0.2.7") {
    api::DeviceConfig c{"meter", m.driver, connection, std::move(o)};
    auto r = parse_settings(m, c);
    if (auto* e = std::get_if<api::DeviceError>(&r)) {
        EXPECT_EQ(e->kind, api::ErrorKind::config);
        return {std::nullopt, e->message};
    }
    EXPECT_TRUE(c.options.unused().empty());
    return {std::get<Settings>(r), ""};
}

TEST(ScpiAnalyzerSettings, RangesAsTextNumbersOrAuto) {
    const Model m = test_model();
    api::Options o;
    o.set("voltage_range", std::string("300V"));
    o.set("current_range", std::string("500mA"));
    auto p = parse(m, o);
    ASSERT_TRUE(p.settings) << p.error;
    EXPECT_EQ(p.settings->voltage_range, 300.0);
    EXPECT_EQ(p.settings->current_range, 0.5);
    EXPECT_TRUE(p.settings->integrate == false);  // the test family has no integrator
    const auto& tcp = std::get<transport::TcpEndpoint>(p.settings->endpoint);
    EXPECT_EQ(tcp.port, 5025);
    api::Options n;
    n.set("voltage_range", 150.0);
    n.set("current_range", std::string("auto"));
    p = parse(m, n, "tcp://192.0.2.7:7000");
    ASSERT_TRUE(p.settings) << p.error;
    EXPECT_EQ(p.settings->voltage_range, 150.0);
    EXPECT_FALSE(p.settings->current_range);
    EXPECT_EQ(std::get<transport::TcpEndpoint>(p.settings->endpoint).port, 7000);
}

TEST(ScpiAnalyzerSettings, RefusalsNameDeviceKeyAndTheAllowedList) {
    const Model m = test_model();
    api::Options o;
    o.set("voltage_range", std::string("250V"));
    auto p = parse(m, o);
    ASSERT_FALSE(p.settings);
    EXPECT_NE(p.error.find("acme-pa9: key 'voltage_range'"), std::string::npos) << p.error;
    EXPECT_NE(p.error.find("15V, 30V, 60V, 150V, 300V, 600V, auto"), std::string::npos) << p.error;
    api::Options a;
    a.set("voltage_range", std::string("2A"));
    EXPECT_FALSE(parse(m, a).settings);
    api::Options c;
    c.set("ranging", std::string("calibrate"));
    c.set("current_range", std::string("2A"));
    p = parse(m, c);
    ASSERT_FALSE(p.settings);
    EXPECT_NE(p.error.find("'ranging'"), std::string::npos) << p.error;
    api::Options u;
    u.set("update_interval", 0.3);
    p = parse(m, u);
    ASSERT_FALSE(p.settings);
    EXPECT_NE(p.error.find("0.5, 1"), std::string::npos) << p.error;
    api::Options i;
    i.set("integrate", true);
    EXPECT_FALSE(parse(m, i).settings);
    api::Options r;
    r.set("ranging", std::string("sometimes"));
    EXPECT_FALSE(parse(m, r).settings);
    EXPECT_FALSE(parse(m, {}, "tcp://").settings);
}

TEST(ScpiAnalyzerSettings, CalibrateAndIntervals) {
    const Model m = test_model();
    api::Options o;
    o.set("ranging", std::string("calibrate"));
    o.set("update_interval", 0.5);
    auto p = parse(m, o);
    ASSERT_TRUE(p.settings) << p.error;
    EXPECT_TRUE(p.settings->calibrate);
    // The test family has no update-rate command: any interval is refused.
    Model fixed = test_model();
    fixed.update_intervals.clear();
    api::Options u;
    u.set("update_interval", 0.5);
    EXPECT_FALSE(parse(fixed, u).settings);
}

}  // namespace
}  // namespace wattbench::drivers::scpi_analyzer
