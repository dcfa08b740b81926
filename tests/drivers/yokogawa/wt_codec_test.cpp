// Byte vectors for the WT500/WT1800/WT3000/WT5000 dialects (through the shared analyzer codec)
// and the WT3000/WT1600 block framing, from analyzers.md §6: the real WT500 line [S49], the
// IDN examples [S41][S43][S47], the 4-byte header [S46].
#include <gtest/gtest.h>

#include <algorithm>

#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/yokogawa/block_frame.hpp"
#include "drivers/yokogawa/wt_codec.hpp"
#include "drivers/yokogawa/wt_dialect.hpp"
#include "drivers/yokogawa/wt_models.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using api::Status;

std::vector<std::uint8_t> bytes(std::initializer_list<int> b) {
    std::vector<std::uint8_t> v;
    for (int x : b) {
        v.push_back(static_cast<std::uint8_t>(x));
    }
    return v;
}

std::vector<std::uint8_t> bytes(std::string_view s) {
    return {s.begin(), s.end()};
}

using scpi_analyzer::Model;
using scpi_analyzer::Settings;

const Model& model(std::string_view driver) {
    for (const auto& m : wt_models()) {
        if (m.driver == driver) {
            return m;
        }
    }
    ADD_FAILURE() << "no model " << driver;
    return wt_models().front();
}

Settings settings(std::vector<int> elements = {1}) {
    Settings s;
    s.elements = std::move(elements);
    return s;
}

// Every command the framework sends at open for this plan and ranges, in order: set-up, item
// selection, ranges per element.
std::vector<std::string> open_commands(const Model& m, const Settings& s) {
    const auto plan = scpi_analyzer::make_plan(m, s);
    auto c = m.dialect->setup;
    for (auto& x : scpi_analyzer::select_commands(*m.dialect, plan)) {
        c.push_back(std::move(x));
    }
    for (auto& x : scpi_analyzer::range_commands(m, s.voltage_range, s.current_range,
                                                 scpi_analyzer::range_elements(plan))) {
        c.push_back(std::move(x));
    }
    return c;
}

TEST(BlockFrame, EncodesOneMessageAsOneLastBlock) {
    EXPECT_EQ(encode_block("*IDN?"), bytes({0x80, 0x00, 0x00, 0x05, '*', 'I', 'D', 'N', '?'}));
    EXPECT_EQ(encode_block("anonymous"),
              bytes({0x80, 0x00, 0x00, 0x09, 'a', 'n', 'o', 'n', 'y', 'm', 'o', 'u', 's'}));
    // The empty password is a header alone.
    EXPECT_EQ(encode_block(""), bytes({0x80, 0x00, 0x00, 0x00}));
    const std::string big(0x1234, 'x');
    auto b = encode_block(big);
    ASSERT_EQ(b.size(), big.size() + 4);
    EXPECT_EQ(b[2], 0x12);
    EXPECT_EQ(b[3], 0x34);
}

TEST(BlockFrame, SplitsAMessageLongerThanOneBlock) {
    const std::string big(0x10000 + 3, 'y');
    auto b = encode_block(big);
    ASSERT_EQ(b.size(), big.size() + 8);
    EXPECT_EQ(std::vector<std::uint8_t>(b.begin(), b.begin() + 4), bytes({0x00, 0x00, 0xFF, 0xFF}));
    EXPECT_EQ(std::vector<std::uint8_t>(b.begin() + 4 + 0xFFFF, b.begin() + 8 + 0xFFFF),
              bytes({0x80, 0x00, 0x00, 0x04}));
    BlockDecoder d;
    EXPECT_EQ(d.feed(b), big + "\n");
}

TEST(BlockFrame, DecodesFramedAnswersWithAndWithoutTheirLf) {
    BlockDecoder d;
    auto framed = bytes({0x80, 0x00, 0x00, 0x0B});
    for (char c : std::string("198.36E+00\n")) {
        framed.push_back(static_cast<std::uint8_t>(c));
    }
    EXPECT_EQ(d.feed(framed), "198.36E+00\n");
    // Without a terminator the block's end is the message's end: the decoder adds the LF.
    auto bare = bytes({0x80, 0x00, 0x00, 0x03, 'N', 'A', 'N'});
    EXPECT_EQ(d.feed(bare), "NAN\n");
}

TEST(BlockFrame, ReassemblesAHeaderAndPayloadSplitAcrossReads) {
    BlockDecoder d;
    const auto all = [] {
        auto v = bytes({0x00, 0x00, 0x00, 0x02, '1', '2', 0x80, 0x00, 0x00, 0x03, '3', '4', '\n'});
        return v;
    }();
    std::string out;
    for (std::uint8_t b : all) {
        out += d.feed(std::span<const std::uint8_t>(&b, 1));
    }
    EXPECT_EQ(out, "1234\n");
}

TEST(BlockFrame, PassesUnframedTextAndIgnoresEmptyAcks) {
    BlockDecoder d;
    // The login prompt unframed, then an empty last block (a WT1600 set-command ack), then a
    // framed answer.
    auto v = bytes("Username: \n");
    for (int b : {0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x02, int{'O'}, int{'K'}}) {
        v.push_back(static_cast<std::uint8_t>(b));
    }
    EXPECT_EQ(d.feed(v), "Username: \nOK\n");
}

TEST(WtCodec, DecodesTheRealWt500Line) {
    // [S49]: ten items of a WT500 as a logger received them.
    scpi_analyzer::Plan ten;
    ten.slots.resize(10);
    ten.channels.resize(10);
    const auto r = scpi_analyzer::parse_answer(
        wt500_dialect(), ten,
        "198.36E+00,409.00E-03,81.13E+00,-0.61E+00,81.13E+00,1.0000E+00,NAN,NAN,0.00E+00,"
        "0.0000E+00\r");
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r));
    const auto& v = std::get<std::vector<api::Reading>>(r);
    EXPECT_DOUBLE_EQ(v[0].value, 198.36);
    EXPECT_DOUBLE_EQ(v[1].value, 0.409);
    EXPECT_DOUBLE_EQ(v[2].value, 81.13);
    EXPECT_DOUBLE_EQ(v[3].value, -0.61);
    EXPECT_DOUBLE_EQ(v[5].value, 1.0);
    EXPECT_EQ(v[6].status, Status::unavailable);
    EXPECT_EQ(v[7].status, Status::unavailable);
    EXPECT_EQ(v[8].status, Status::ok);
    EXPECT_DOUBLE_EQ(v[9].value, 0.0);
    for (std::size_t i = 0; i < v.size(); ++i) {
        EXPECT_EQ(v[i].channel, i);
    }
    // The same line is no answer to the eight items of one element.
    const auto eight = scpi_analyzer::make_plan(model("yokogawa-wt500"), settings());
    ASSERT_EQ(eight.slots.size(), 8u);
    EXPECT_TRUE(std::holds_alternative<std::string>(scpi_analyzer::parse_answer(
        wt500_dialect(), eight,
        "198.36E+00,409.00E-03,81.13E+00,-0.61E+00,81.13E+00,1.0000E+00,NAN,NAN,0.00E+00,"
        "0.0000E+00")));
    EXPECT_TRUE(std::holds_alternative<std::string>(
        scpi_analyzer::parse_answer(wt500_dialect(), eight, "1.0E+00,NAN")));
}

TEST(WtCodec, SentinelsBecomeStatusesNeverNumbers) {
    api::Reading r;
    ASSERT_TRUE(decode_wt_field("NAN", r));
    EXPECT_EQ(r.status, Status::unavailable);
    ASSERT_TRUE(decode_wt_field("INF", r));
    EXPECT_EQ(r.status, Status::overrange);
    ASSERT_TRUE(decode_wt_field("-INF", r));
    EXPECT_EQ(r.status, Status::overrange);
    ASSERT_TRUE(decode_wt_field("9.91E+37", r));  // FLOat 0x7E951BEE: no data
    EXPECT_EQ(r.status, Status::unavailable);
    ASSERT_TRUE(decode_wt_field("9.9E+37", r));  // FLOat 0x7E94F56A: over-range
    EXPECT_EQ(r.status, Status::overrange);
    ASSERT_TRUE(decode_wt_field("-9.900E+37", r));
    EXPECT_EQ(r.status, Status::overrange);
    ASSERT_TRUE(decode_wt_field("1E+400", r));
    EXPECT_EQ(r.status, Status::overrange);
    EXPECT_FALSE(decode_wt_field("12.3.4", r));
    EXPECT_FALSE(decode_wt_field("", r));
    EXPECT_FALSE(decode_wt_field("--1", r));
    ASSERT_TRUE(decode_wt_field(" 123.45E+00", r));
    EXPECT_EQ(r.status, Status::ok);
    EXPECT_DOUBLE_EQ(r.value, 123.45);
    // The dialect's value hook says the same, and garbage is an error, not a zero.
    EXPECT_EQ(parse_wt_value("9.91E+37").status, Status::unavailable);
    EXPECT_EQ(parse_wt_value("INF").status, Status::overrange);
    EXPECT_EQ(parse_wt_value("12.3.4").status, Status::error);
    EXPECT_DOUBLE_EQ(parse_wt_value("-0.61E+00").value, -0.61);
}

TEST(WtCodec, RangeAnswersWithAndWithoutHeaders) {
    const auto& wt500 = model("yokogawa-wt500");
    EXPECT_EQ(scpi_analyzer::parse_range_answer(wt500, true, ":INP:VOLT:RANG:ELEM1 300.0E+00"),
              300.0);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(wt500, false, "500.0E-03\r"), 0.5);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(wt500, true, "NAN"), std::nullopt);
    EXPECT_EQ(scpi_analyzer::parse_range_answer(wt500, true, "Username:"), std::nullopt);
}

TEST(WtCodec, IdentifiesModelsByTheirModelCodes) {
    auto id = parse_wt_identity("YOKOGAWA,760203,91K123456,F1.01\r");
    ASSERT_TRUE(id);
    EXPECT_EQ(id->vendor, "YOKOGAWA");
    EXPECT_EQ(id->model, "760203");
    EXPECT_EQ(id->serial, "91K123456");
    EXPECT_EQ(id->firmware, "F1.01");
    EXPECT_TRUE(scpi_analyzer::model_matches(model("yokogawa-wt500"), *id));
    EXPECT_FALSE(scpi_analyzer::model_matches(model("yokogawa-wt1800"), *id));
    EXPECT_EQ(wt_elements_of("760203"), 3);
    EXPECT_EQ(wt_elements_of("760201"), 1);
    EXPECT_EQ(wt_elements_of("WT1806E-5A3-50A3"), 6);
    EXPECT_EQ(wt_elements_of("WT3004E-2A0-30A4"), 4);
    EXPECT_EQ(wt_elements_of("WT5000"), std::nullopt);
    EXPECT_EQ(wt_elements_of("WT1600"), std::nullopt);
    EXPECT_FALSE(parse_wt_identity("HIOKI,PW3335,1,1"));
    EXPECT_FALSE(parse_wt_identity("YOKOGAWA,760203"));

    // The wrong driver for the meter names the right one.
    EXPECT_NE(wt_wrong_model_hint("WT1806E-5A3-50A3").find("yokogawa-wt1800"), std::string::npos);
    EXPECT_NE(wt_wrong_model_hint("WT5000").find("yokogawa-wt5000"), std::string::npos);
    EXPECT_NE(wt_wrong_model_hint("WT3004E").find("yokogawa-wt3000"), std::string::npos);
    EXPECT_NE(wt_wrong_model_hint("WT310").find("yokogawa-wt310"), std::string::npos);
    EXPECT_NE(wt_wrong_model_hint("WT210").find("yokogawa-wt210"), std::string::npos);
    EXPECT_EQ(wt_wrong_model_hint("PW3335"), "");
}

TEST(WtCodec, ItemsCarryTheMandatoryElement) {
    auto s = settings({1, 2, scpi_analyzer::sigma});
    s.voltage_range = 300.0;
    const auto& wt500 = model("yokogawa-wt500");
    const auto c = open_commands(wt500, s);
    auto has = [&](const std::string& x) { return std::find(c.begin(), c.end(), x) != c.end(); };
    EXPECT_EQ(c[0], ":NUM:FORM ASCII");
    EXPECT_EQ(c[1], ":NUM:NORM:NUM 23");  // 8 + 8 + 7 (Σ has no frequency)
    EXPECT_TRUE(has(":NUM:NORM:ITEM1 P,1"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM5 URMS,1"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM6 IRMS,1"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM9 P,2"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM17 P,SIGMA"));
    EXPECT_TRUE(has(":INP:VOLT:AUTO:ELEM1 OFF"));
    EXPECT_TRUE(has(":INP:VOLT:RANG:ELEM2 300"));
    EXPECT_TRUE(has(":INP:CURR:AUTO:ELEM2 ON"));
    EXPECT_EQ(wt500.dialect->integrator_start.back(), ":INTEG:STAR");
    for (const auto& x : c) {
        EXPECT_EQ(x.find("SIGMA") != std::string::npos && x.find(":INP:") != std::string::npos,
                  false)
            << x;
    }
    const auto ch = scpi_analyzer::make_plan(wt500, s).channels;
    ASSERT_EQ(ch.size(), 23u);
    EXPECT_EQ(ch[0].name, "power");
    EXPECT_EQ(ch[2].name, "reactive_power");
    EXPECT_EQ(ch[2].unit, "var");
    EXPECT_EQ(ch[8].name, "power_2");
    EXPECT_EQ(ch[16].name, "power_sigma");
    EXPECT_TRUE(ch[0].key);
    EXPECT_FALSE(ch[8].key);
    EXPECT_FALSE(ch[0].accuracy);  // none published in the facts
    EXPECT_EQ(wt_range_queries(2),
              (std::vector<std::string>{":INP:VOLT:RANG:ELEM2?", ":INP:CURR:RANG:ELEM2?"}));
    // Without an `elements` key the profile parser reads element 1 alone.
    EXPECT_EQ(wt500.default_elements, std::vector<int>{1});
}

TEST(WtCodec, Wt3000UsesItsOwnFunctionNamesAndRates) {
    const auto& wt3000 = model("yokogawa-wt3000");
    const auto c = open_commands(wt3000, settings());
    auto has = [&](const std::string& x) { return std::find(c.begin(), c.end(), x) != c.end(); };
    EXPECT_TRUE(has(":NUM:NORM:ITEM5 U,1"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM6 I,1"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM4 LAMBDA,1"));
    EXPECT_TRUE(has(":NUM:NORM:ITEM7 FU,1"));
    EXPECT_TRUE(has(":INP:VOLT:AUTO:ELEM1 ON"));
    EXPECT_EQ(wt3000.dialect->update_rate(0.05), ":RATE 50MS");
    EXPECT_EQ(rate_command(0.5), ":RATE 500MS");
    EXPECT_EQ(rate_command(2.0), ":RATE 2S");
    EXPECT_EQ(wt3000.tcp_port, 10001);
    EXPECT_TRUE(wt3000.dialect->link);
    EXPECT_TRUE(wt3000.dialect->endpoint_error(transport::SerialEndpoint{}));
    EXPECT_FALSE(wt3000.dialect->endpoint_error(transport::TcpEndpoint{"192.0.2.1", 10001}));
    EXPECT_FALSE(model("yokogawa-wt500").dialect->link);
}

}  // namespace
}  // namespace wattbench::drivers::yokogawa
