#include <gtest/gtest.h>

#include "drivers/tektronix/codec.hpp"

namespace wattbench::drivers::tektronix {
namespace {

using api::Status;

// analyzers.md §4: `:SEL:CLR`, then one `:SEL:` per result, each on its own line with its
// leading colon (`:SEL:VLT;:SEL:AMP` is invalid).
TEST(TektronixCodec, SelectsOneResultPerCommand) {
    const std::vector<Item> items = {Item::vlt, Item::amp, Item::wat, Item::vas,
                                     Item::var, Item::pwf, Item::frq, Item::whr};
    const std::vector<std::string> want = {":SEL:CLR", ":SEL:VLT", ":SEL:AMP",
                                           ":SEL:WAT", ":SEL:VAS", ":SEL:VAR",
                                           ":SEL:PWF", ":SEL:FRQ", ":SEL:WHR"};
    EXPECT_EQ(select_commands(items), want);
    for (const auto& c : select_commands(items)) {
        EXPECT_EQ(c.front(), ':');
        EXPECT_EQ(c.find(';'), std::string::npos);
    }
}

// The labels quoted in the facts ("Vrms, Arms, Freq, Watt, VA, Var, PF, …") map in the
// instrument's order, not the order of selection.
TEST(TektronixCodec, LabelsMapInTheInstrumentsOrder) {
    auto order = parse_labels("Vrms, Arms, Freq, Watt, VA, Var, PF");
    ASSERT_TRUE(order);
    const std::vector<Item> want = {Item::vlt, Item::amp, Item::frq, Item::wat,
                                    Item::vas, Item::var, Item::pwf};
    EXPECT_EQ(*order, want);
    auto with_energy = parse_labels("Vrms,Arms,Freq,Watt,VA,Var,PF,Whr\r");
    ASSERT_TRUE(with_energy);
    EXPECT_EQ(with_energy->back(), Item::whr);
    auto other_spellings = parse_labels("V, A, Hz, W, VA, VAR, PF, Wh");
    ASSERT_TRUE(other_spellings);
    EXPECT_EQ((*other_spellings)[3], Item::wat);
}

TEST(TektronixCodec, UnknownOrRepeatedLabelsAreRefused) {
    EXPECT_FALSE(parse_labels("Vrms, Arms, Vpk+"));
    EXPECT_FALSE(parse_labels("Vrms, Vrms"));
    EXPECT_FALSE(parse_labels(""));
}

TEST(TektronixCodec, DisplayOrderFollowsTheFrfListing) {
    const std::vector<Item> want = {Item::vlt, Item::amp, Item::frq, Item::wat,
                                    Item::vas, Item::var, Item::pwf, Item::whr};
    EXPECT_EQ(display_order(), want);
}

TEST(TektronixCodec, FrdValuesAreCommaSeparatedFloats) {
    auto v = parse_values("2.30100E+02,4.35100E-01,5.00100E+01,8.75200E+01\n", 4);
    ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(v));
    const auto& x = std::get<std::vector<Value>>(v);
    EXPECT_DOUBLE_EQ(x[0].value, 230.1);
    EXPECT_DOUBLE_EQ(x[1].value, 0.4351);
    EXPECT_DOUBLE_EQ(x[3].value, 87.52);
    auto plain = parse_values("230.1, 0.4351, +50.01, 87.52", 4);
    ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(plain));
    EXPECT_DOUBLE_EQ(std::get<std::vector<Value>>(plain)[2].value, 50.01);
}

// Over-range encoding is UNCONFIRMED: every plausible marker is a status, never a number.
TEST(TektronixCodec, OverrangeAndNoDataAreStatusesInEveryPlausibleForm) {
    for (const char* over : {"9.9E+37", "-9.9E+37", "9.91E+37", "INF", "-INF", "OVER", "OL"}) {
        auto v = parse_values(std::string("230.1,") + over, 2);
        ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(v)) << over;
        EXPECT_EQ(std::get<std::vector<Value>>(v)[1].status, Status::overrange) << over;
        EXPECT_EQ(std::get<std::vector<Value>>(v)[0].status, Status::ok);
    }
    for (const char* none : {"NAN", "nan", "----", "-"}) {
        auto v = parse_values(std::string("230.1,") + none, 2);
        ASSERT_TRUE(std::holds_alternative<std::vector<Value>>(v)) << none;
        EXPECT_EQ(std::get<std::vector<Value>>(v)[1].status, Status::unavailable) << none;
    }
}

TEST(TektronixCodec, WrongCountOrGarbageIsAnError) {
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_values("1,2,3", 4)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_values("1,2,x3,4", 4)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_values("", 1)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_values("\x01\xff", 1)));
}

// *IDN? strings from the PA1000 and PA3000 manuals.
TEST(TektronixCodec, IdentifiesBothModels) {
    auto pa1000 = parse_identity("Tektronix, PA1000, 491107, 1.005.000\n");
    ASSERT_TRUE(pa1000);
    EXPECT_EQ(pa1000->vendor, "Tektronix");
    EXPECT_EQ(pa1000->model, "PA1000");
    EXPECT_EQ(pa1000->serial, "491107");
    EXPECT_EQ(pa1000->firmware, "1.005.000");
    auto pa3000 = parse_identity("Tektronix, PA 3000, serial, firmware");
    ASSERT_TRUE(pa3000);
    EXPECT_EQ(pa3000->model, "PA3000");
    EXPECT_FALSE(parse_identity("YOKOGAWA,WT310,C2PH13047V,F1.03"));
    EXPECT_FALSE(parse_identity("Tektronix, MSO44, 1, 2"));
    EXPECT_FALSE(parse_identity(""));
}

// A set command over Ethernet draws a bare line (LF on the PA3000, CR on the PM1000+).
TEST(TektronixCodec, ClassifiesReplies) {
    EXPECT_EQ(classify_reply(""), Reply::done);
    EXPECT_EQ(classify_reply("\r"), Reply::done);
    EXPECT_EQ(classify_reply("ERR"), Reply::refused);
    EXPECT_EQ(classify_reply("Error: unknown command"), Reply::refused);
    EXPECT_EQ(classify_reply("-113"), Reply::refused);
    EXPECT_EQ(classify_reply("230.1"), Reply::other);
}

TEST(TektronixCodec, NewDataBitOfDsr) {
    EXPECT_EQ(parse_new_data("2"), true);
    EXPECT_EQ(parse_new_data("3\r"), true);
    EXPECT_EQ(parse_new_data("0"), false);
    EXPECT_EQ(parse_new_data("1"), false);
    EXPECT_FALSE(parse_new_data("x"));
    EXPECT_FALSE(parse_new_data("-2"));
}

TEST(TektronixCodec, RangeCommandsByCode) {
    EXPECT_EQ(range_command(true, 5), ":RNG:VLT:FIX 5");
    EXPECT_EQ(range_command(false, 3), ":RNG:AMP:FIX 3");
    EXPECT_EQ(range_command(true, std::nullopt), ":RNG:VLT:AUT");
    EXPECT_EQ(range_command(false, std::nullopt), ":RNG:AMP:AUT");
    EXPECT_EQ(range_query(true), ":RNG:VLT?");
    EXPECT_EQ(range_query(false), ":RNG:AMP?");
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
}

TEST(TektronixCodec, IntegratorFollowsThePm1000PlusSet) {
    const std::vector<std::string> want = {":MOD:INT", ":INT:START 0", ":INT:RESET",
                                           ":INT:MAN:RUN"};
    EXPECT_EQ(integrator_commands(), want);
    for (const auto& c : integrator_commands()) {
        auto space = c.find(' ');
        if (space != std::string::npos) {
            EXPECT_NE(c[space + 1], ' ');
        }
    }
}

}  // namespace
}  // namespace wattbench::drivers::tektronix
