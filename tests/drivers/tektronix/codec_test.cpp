#include <gtest/gtest.h>

#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/tektronix/codec.hpp"
#include "drivers/tektronix/dialect.hpp"

namespace wattbench::drivers::tektronix {
namespace {

using api::Status;

// The PA1000 as the driver's table has it (the table itself is linked by the device tests).
scpi_analyzer::Model pa1000() {
    scpi_analyzer::Model m;
    m.driver = "tektronix-pa1000";
    m.description = "Tektronix PA1000 power analyzer";
    m.dialect = &pa_dialect();
    m.identity_models = {"PA1000"};
    m.voltage_ranges = {15, 30, 60, 150, 300, 600};
    m.current_ranges = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20};
    return m;
}

// analyzers.md §4: `:SEL:CLR`, then one `:SEL:` per result, each on its own line with its
// leading colon (`:SEL:VLT;:SEL:AMP` is invalid).
TEST(TektronixCodec, SelectsOneResultPerCommand) {
    const auto m = pa1000();
    const auto plan = scpi_analyzer::make_plan(m, {});
    ASSERT_EQ(plan.channels.size(), 8u);
    EXPECT_EQ(plan.channels[0].name, "power");
    EXPECT_EQ(plan.channels[2].name, "reactive_power");
    EXPECT_EQ(plan.channels[7].name, "energy");
    EXPECT_EQ(scpi_analyzer::select_commands(pa_dialect(), plan),
              std::vector<std::string>{":SEL:CLR"});
    std::vector<std::string> items;
    for (const auto& s : plan.spellings) {
        items.push_back(pa_dialect().select_item(s));
    }
    const std::vector<std::string> want = {":SEL:WAT", ":SEL:VAS", ":SEL:VAR", ":SEL:PWF",
                                           ":SEL:VLT", ":SEL:AMP", ":SEL:FRQ", ":SEL:WHR"};
    EXPECT_EQ(items, want);
    for (const auto& c : items) {
        EXPECT_EQ(c.front(), ':');
        EXPECT_EQ(c.find(';'), std::string::npos);
    }
    EXPECT_EQ(scpi_analyzer::read_query(pa_dialect(), plan), ":FRD?");
    EXPECT_EQ(pa_dialect().ready_setup, std::vector<std::string>{":DSE 2"});
    EXPECT_EQ(pa_dialect().ready_query, ":DSR?");
    EXPECT_EQ(pa_dialect().order_query, ":FRF?");
    // Channel 1 only on the PA3000: no element 2 spelling.
    EXPECT_EQ(pa_dialect().item_spelling(scpi_analyzer::Item::power, 2, m), "");
}

// The labels quoted in the facts ("Vrms, Arms, Freq, Watt, VA, Var, PF, …") map in the
// instrument's order, not the order of selection.
TEST(TektronixCodec, LabelsMapInTheInstrumentsOrder) {
    auto order = parse_labels("Vrms, Arms, Freq, Watt, VA, Var, PF");
    ASSERT_TRUE(order);
    const std::vector<Item> want = {Item::voltage,     Item::current,        Item::frequency,
                                    Item::power,       Item::apparent_power, Item::reactive_power,
                                    Item::power_factor};
    EXPECT_EQ(*order, want);
    auto with_energy = parse_labels("Vrms,Arms,Freq,Watt,VA,Var,PF,Whr\r");
    ASSERT_TRUE(with_energy);
    EXPECT_EQ(with_energy->back(), Item::energy);
    auto other_spellings = parse_labels("V, A, Hz, W, VA, VAR, PF, Wh");
    ASSERT_TRUE(other_spellings);
    EXPECT_EQ((*other_spellings)[3], Item::power);
}

TEST(TektronixCodec, UnknownOrRepeatedLabelsAreRefused) {
    EXPECT_FALSE(parse_labels("Vrms, Arms, Vpk+"));
    EXPECT_FALSE(parse_labels("Vrms, Vrms"));
    EXPECT_FALSE(parse_labels(""));
}

TEST(TektronixCodec, DisplayOrderFollowsTheFrfListing) {
    const std::vector<Item> want = {Item::voltage,      Item::current,        Item::frequency,
                                    Item::power,        Item::apparent_power, Item::reactive_power,
                                    Item::power_factor, Item::energy};
    EXPECT_EQ(display_order(), want);
}

// A `:FRD?` line in display order lands on the right channels, through the labels or, when
// there are none, the documented display order.
TEST(TektronixCodec, FrdValuesMapByLabelsOrDisplayOrder) {
    const auto m = pa1000();
    const auto plan = scpi_analyzer::make_plan(m, {});
    const std::string frd =
        "2.30100E+02,4.35100E-01,5.00100E+01,8.75200E+01,1.00120E+02,4.86000E+01,8.74200E-01,"
        "1.20000E+00\n";
    auto labelled =
        pa_dialect().parse_order("Vrms, Arms, Freq, Watt, VA, Var, PF, Whr", plan.spellings);
    ASSERT_TRUE(labelled);
    const auto unlabelled = pa_dialect().answer_order(plan.spellings);
    EXPECT_EQ(*labelled, unlabelled);
    auto a = scpi_analyzer::parse_answer(pa_dialect(), plan, frd, *labelled);
    ASSERT_TRUE(std::holds_alternative<scpi_analyzer::Answer>(a));
    const auto& r = std::get<scpi_analyzer::Answer>(a).readings;
    EXPECT_DOUBLE_EQ(r[0].value, 87.52);   // power
    EXPECT_DOUBLE_EQ(r[1].value, 100.12);  // apparent_power
    EXPECT_DOUBLE_EQ(r[2].value, 48.6);    // reactive_power
    EXPECT_DOUBLE_EQ(r[3].value, 0.8742);  // power_factor
    EXPECT_DOUBLE_EQ(r[4].value, 230.1);   // voltage
    EXPECT_DOUBLE_EQ(r[5].value, 0.4351);  // current
    EXPECT_DOUBLE_EQ(r[6].value, 50.01);   // frequency
    EXPECT_DOUBLE_EQ(r[7].value, 1.2);     // energy, Wh
    // A label the selection lacks is no usable order.
    const std::vector<std::string> fewer = {"WAT", "VLT"};
    EXPECT_FALSE(pa_dialect().parse_order("Vrms, Arms", fewer));
    EXPECT_EQ(pa_dialect().answer_order(fewer), (std::vector<std::size_t>{1, 0}));
}

TEST(TektronixCodec, PlainNumbersAreValues) {
    EXPECT_DOUBLE_EQ(parse_value("230.1").value, 230.1);
    EXPECT_DOUBLE_EQ(parse_value(" +50.01").value, 50.01);
    EXPECT_DOUBLE_EQ(parse_value("4.35100E-01").value, 0.4351);
    EXPECT_EQ(parse_value("4.35100E-01").status, Status::ok);
}

// Over-range encoding is UNCONFIRMED: every plausible marker is a status, never a number.
TEST(TektronixCodec, OverrangeAndNoDataAreStatusesInEveryPlausibleForm) {
    for (const char* over : {"9.9E+37", "-9.9E+37", "9.91E+37", "INF", "-INF", "OVER", "OL"}) {
        EXPECT_EQ(parse_value(over).status, Status::overrange) << over;
    }
    for (const char* none : {"NAN", "nan", "----", "-"}) {
        EXPECT_EQ(parse_value(none).status, Status::unavailable) << none;
    }
}

TEST(TektronixCodec, WrongCountOrGarbageIsAnError) {
    const auto m = pa1000();
    const auto plan = scpi_analyzer::make_plan(m, {});
    EXPECT_TRUE(std::holds_alternative<std::string>(
        scpi_analyzer::parse_answer(pa_dialect(), plan, "1,2,3")));
    EXPECT_TRUE(std::holds_alternative<std::string>(
        scpi_analyzer::parse_answer(pa_dialect(), plan, "1,2,x3,4,5,6,7,8")));
    EXPECT_EQ(parse_value("x3").status, Status::error);
    EXPECT_EQ(parse_value("").status, Status::error);
    EXPECT_EQ(parse_value("\x01\xff").status, Status::error);
}

// *IDN? strings from the PA1000 and PA3000 manuals.
TEST(TektronixCodec, IdentifiesBothModels) {
    const auto m = pa1000();
    auto pa1000_id = parse_identity("Tektronix, PA1000, 491107, 1.005.000\n");
    ASSERT_TRUE(pa1000_id);
    EXPECT_EQ(pa1000_id->vendor, "Tektronix");
    EXPECT_EQ(pa1000_id->model, "PA1000");
    EXPECT_EQ(pa1000_id->serial, "491107");
    EXPECT_EQ(pa1000_id->firmware, "1.005.000");
    EXPECT_TRUE(scpi_analyzer::model_matches(m, *pa1000_id));
    auto pa3000 = parse_identity("Tektronix, PA 3000, serial, firmware");
    ASSERT_TRUE(pa3000);
    EXPECT_EQ(pa3000->model, "PA3000");
    EXPECT_FALSE(scpi_analyzer::model_matches(m, *pa3000));
}

// Another instrument is named (so the open fails as a config error, not retried); noise is
// no identity.
TEST(TektronixCodec, AnotherInstrumentIsNamedNoiseIsNot) {
    const auto m = pa1000();
    auto wt = parse_identity("YOKOGAWA,WT310,C2PH13047V,F1.03");
    ASSERT_TRUE(wt);
    EXPECT_EQ(wt->model, "WT310");
    EXPECT_FALSE(scpi_analyzer::model_matches(m, *wt));
    auto mso = parse_identity("Tektronix, MSO44, 1, 2");
    ASSERT_TRUE(mso);
    EXPECT_FALSE(scpi_analyzer::model_matches(m, *mso));
    EXPECT_FALSE(parse_identity(""));
    EXPECT_FALSE(parse_identity("1.0,2.0"));
    EXPECT_FALSE(parse_identity("230.1,0.4351,50.01,87.52"));
    EXPECT_FALSE(parse_identity("\xff\xfe\x01#@!garbage,a,b,c"));
}

// A set command over Ethernet draws a bare line (LF on the PA3000, CR on the PM1000+); the
// error forms are UNCONFIRMED, every plausible one is a refusal.
TEST(TektronixCodec, ClassifiesReplies) {
    EXPECT_FALSE(is_refusal(""));
    EXPECT_FALSE(is_refusal("\r"));
    EXPECT_FALSE(is_refusal("\n"));
    EXPECT_TRUE(is_refusal("ERR"));
    EXPECT_TRUE(is_refusal("ERR\n"));
    EXPECT_TRUE(is_refusal("Error: unknown command"));
    EXPECT_TRUE(is_refusal("-113"));
    EXPECT_FALSE(is_refusal("230.1"));
    ASSERT_TRUE(pa_dialect().quirks.refused);
    EXPECT_TRUE(pa_dialect().quirks.refused("ERR\r"));
    EXPECT_TRUE(pa_dialect().quirks.answers_every_message);
    EXPECT_TRUE(pa_dialect().quirks.answers_only_on_tcp);
    EXPECT_EQ(pa_dialect().quirks.command_gap.count(), 500);
}

TEST(TektronixCodec, NewDataBitOfDsr) {
    EXPECT_EQ(parse_new_data("2"), true);
    EXPECT_EQ(parse_new_data("3\r"), true);
    EXPECT_EQ(parse_new_data("0"), false);
    EXPECT_EQ(parse_new_data("1"), false);
    EXPECT_FALSE(parse_new_data("x"));
    EXPECT_FALSE(parse_new_data("-2"));
    EXPECT_TRUE(pa_dialect().ready("2"));
    EXPECT_FALSE(pa_dialect().ready("0"));
    EXPECT_FALSE(pa_dialect().ready("garbage"));
}

TEST(TektronixCodec, RangeCommandsByCode) {
    EXPECT_EQ(range_command(true, 5), ":RNG:VLT:FIX 5");
    EXPECT_EQ(range_command(false, 3), ":RNG:AMP:FIX 3");
    EXPECT_EQ(range_command(true, std::nullopt), ":RNG:VLT:AUT");
    EXPECT_EQ(range_command(false, std::nullopt), ":RNG:AMP:AUT");
    EXPECT_EQ(range_query(true), ":RNG:VLT?");
    EXPECT_EQ(range_query(false), ":RNG:AMP?");
    const auto m = pa1000();
    EXPECT_EQ(scpi_analyzer::range_commands(m, 300.0, std::nullopt),
              (std::vector<std::string>{":RNG:VLT:FIX 5", ":RNG:AMP:AUT"}));
    EXPECT_EQ(scpi_analyzer::range_commands(m, 15.0, 20.0),
              (std::vector<std::string>{":RNG:VLT:FIX 1", ":RNG:AMP:FIX 8"}));
    EXPECT_EQ(pa_dialect().range_queries, (std::vector<std::string>{":RNG:VLT?", ":RNG:AMP?"}));
}

// The read-back is a code or a value (UNCONFIRMED): both are understood.
TEST(TektronixCodec, RangeReadBackAsCodeOrValue) {
    const std::vector<double> volts = {15, 30, 60, 150, 300, 600};
    EXPECT_EQ(parse_range("5", volts), 300.0);
    EXPECT_EQ(parse_range("1\r", volts), 15.0);
    EXPECT_EQ(parse_range("3.00000E+02", volts), 300.0);
    EXPECT_EQ(parse_range("300V", volts), 300.0);
    EXPECT_EQ(parse_range("600.0", volts), 600.0);
    EXPECT_FALSE(parse_range("7", volts));
    EXPECT_FALSE(parse_range("250.0", volts));
    EXPECT_FALSE(parse_range("ERR", volts));
    EXPECT_EQ(scpi_analyzer::parse_range_answer(pa1000(), false, "5"), 2.0);
}

TEST(TektronixCodec, IntegratorFollowsThePm1000PlusSet) {
    const std::vector<std::string> want = {":MOD:INT", ":INT:START 0", ":INT:RESET",
                                           ":INT:MAN:RUN"};
    EXPECT_EQ(integrator_commands(), want);
    EXPECT_EQ(pa_dialect().integrator_start, want);
    for (const auto& c : integrator_commands()) {
        auto space = c.find(' ');
        if (space != std::string::npos) {
            EXPECT_NE(c[space + 1], ' ');
        }
    }
}

}  // namespace
}  // namespace wattbench::drivers::tektronix
