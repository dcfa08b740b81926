#include <gtest/gtest.h>

#include "drivers/ptdaemon/codec.hpp"
#include "drivers/ptdaemon/sample_ticks.hpp"

namespace wattbench::drivers::ptdaemon {
namespace {

template <class T>
T as(const std::string& line) {
    const Reply r = parse_reply(line);
    EXPECT_TRUE(std::holds_alternative<T>(r)) << line << " -> index " << r.index();
    return std::holds_alternative<T>(r) ? std::get<T>(r) : T{};
}

TEST(PtdCodec, CommandsEndInCrlf) {
    EXPECT_EQ(encode("Go,1000,0,idle"), "Go,1000,0,idle\r\n");
}

TEST(PtdCodec, HelloStartAndStop) {
    as<Hello>("Hello, PTDaemon here!\r");
    EXPECT_EQ(as<Started>("Starting untimed measurement, maximum 500000 samples at 1000ms with 0 "
                          "rampup samples")
                  .text.substr(0, 8),
              "Starting");
    as<Stopped>("Stopping untimed measurement");
    EXPECT_EQ(as<RangeChanged>("Range V changed").quantity, 'V');
    EXPECT_EQ(as<RangeChanged>("Range A changed\r").quantity, 'A');
}

// util.pl's dummy Identify, quoted in the facts.
TEST(PtdCodec, IdentifyAsUtilPlQuotesIt) {
    const auto id = as<Identity>(
        "Dummy,1000,1,1,1,1,1,1,0,version=9.9.9-1fee1ded-20161226,OS=Linux,mode=power,1,1,1,0,0,"
        "no_cal_date,x");
    EXPECT_EQ(id.model, "Dummy");
    EXPECT_EQ(id.interval_ms, 1000);
    EXPECT_EQ(id.accepted, false);
    EXPECT_EQ(id.version, "9.9.9");
    EXPECT_EQ(id.version_crc, "1fee1ded");
    EXPECT_EQ(id.version_date, "20161226");
    EXPECT_EQ(id.os, "Linux");
    EXPECT_EQ(id.mode, "power");
    EXPECT_EQ(id.can_rangeset, true);
    EXPECT_EQ(id.channels, 1);
}

// An IDN with commas as field 0: positions counted back from version=.
TEST(PtdCodec, IdentifyWithCommasInTheModel) {
    const auto id = as<Identity>(
        "YOKOGAWA,WT310,C2PH13047V,F1.03,1000,1,1,1,1,1,1,1,version=1.11.1-a3b2c1d0-20200915,"
        "OS=Windows,mode=power,1,1,3");
    EXPECT_EQ(id.model, "YOKOGAWA,WT310,C2PH13047V,F1.03");
    EXPECT_EQ(id.interval_ms, 1000);
    EXPECT_EQ(id.accepted, true);
    EXPECT_EQ(id.version, "1.11.1");
    EXPECT_EQ(id.channels, 3);
}

TEST(PtdCodec, IdentifyWithoutOptionalFields) {
    const auto id = as<Identity>("WT310,500,1,1,1,1,1,1,1");
    EXPECT_EQ(id.model, "WT310");
    EXPECT_EQ(id.interval_ms, 500);
    EXPECT_EQ(id.accepted, true);
    EXPECT_EQ(id.version, "");
    EXPECT_FALSE(id.channels);
    const auto v = as<Identity>("WT310,1000,1,1,1,1,1,1,1,version=1.11.1");
    EXPECT_EQ(v.version, "1.11.1");
    EXPECT_EQ(v.version_crc, "");
}

TEST(PtdCodec, RangesSingleAndMultichannel) {
    const auto r = as<Ranges>("Ranges,0,5.000000,1,300.000000");
    ASSERT_EQ(r.channels.size(), 1u);
    EXPECT_EQ(r.channels[0].amps_auto, 0);
    EXPECT_EQ(r.channels[0].amps, 5.0);
    EXPECT_EQ(r.channels[0].volts_auto, 1);
    EXPECT_EQ(r.channels[0].volts, 300.0);
    const auto m = as<Ranges>("Ranges,-1,-1.000000,-1,-1.000000,0,2,0,150,0,1,0,300");
    ASSERT_EQ(m.channels.size(), 3u);
    EXPECT_EQ(m.channels[0].amps_auto, -1);
    EXPECT_FALSE(m.channels[0].volts);  // the sum channel has no range of its own
    EXPECT_EQ(m.channels[1].volts, 150.0);
    EXPECT_EQ(m.channels[2].amps, 1.0);
}

// The RL line quoted in the facts.
TEST(PtdCodec, SampleLineFromTheFacts) {
    EXPECT_EQ(as<SamplesHeader>("Last 3 samples").count, 3);
    const auto s = as<Sample>(
        "Time,12-23-2020 10:21:51.496,Watts,23.43,Volts,228.37,Amps,0.204,PF,0.502,Mark,x");
    EXPECT_EQ(s.time_text, "12-23-2020 10:21:51.496");
    EXPECT_EQ(s.sum.watts, 23.43);
    EXPECT_EQ(s.sum.volts, 228.37);
    EXPECT_EQ(s.sum.amps, 0.204);
    EXPECT_EQ(s.sum.pf, 0.502);
    EXPECT_EQ(s.mark, "x");
    EXPECT_TRUE(s.channels.empty());
    const auto later =
        as<Sample>("Time,12-23-2020 10:21:52.496,Watts,1,Volts,1,Amps,1,PF,1,Mark,x");
    EXPECT_EQ(later.time_ms - s.time_ms, 1000);
}

TEST(PtdCodec, MultichannelSampleAndMissingValues) {
    const auto s = as<Sample>(
        "Time,01-02-2021 00:00:01.000,Watts,-1.000000,Volts,230,Amps,-1.000000,PF,0.9,Mark,m,Ch1,"
        "Watts,40.5,Volts,230.1,Amps,0.2,PF,0.88,Ch2,Watts,60.25,Volts,229.9,Amps,0.3,PF,0.91");
    EXPECT_FALSE(s.sum.watts);
    EXPECT_FALSE(s.sum.amps);
    EXPECT_EQ(s.sum.volts, 230.0);
    ASSERT_EQ(s.channels.size(), 2u);
    EXPECT_EQ(s.channels[0].watts, 40.5);
    EXPECT_EQ(s.channels[1].watts, 60.25);
    EXPECT_EQ(s.channels[1].pf, 0.91);
}

TEST(PtdCodec, TimeForms) {
    EXPECT_EQ(parse_time("01-01-1970 00:00:01"), 1000);
    EXPECT_EQ(parse_time("01-01-1970 00:00:01.5"), 1500);
    EXPECT_EQ(parse_time("01-01-1970 00:00:01.123456"), 1123);
    EXPECT_EQ(parse_time("03-01-2020 00:00:00.000").value() -
                  parse_time("02-28-2020 00:00:00.000").value(),
              2 * 86400000LL);  // 2020 is a leap year
    EXPECT_FALSE(parse_time("2020-12-23 10:21:51"));
    EXPECT_FALSE(parse_time("13-23-2020 10:21:51"));
    EXPECT_FALSE(parse_time("12-23-2020 10:21:51."));
    EXPECT_FALSE(std::holds_alternative<Sample>(parse_reply("Time,garbage,Watts,1")));
}

TEST(PtdCodec, WattsAndUncertainty) {
    const auto w = as<WattsSummary>("Watts,120.500000,118.000000,123.250000,60,0,1");
    EXPECT_EQ(w.avg, 120.5);
    EXPECT_EQ(w.min, 118.0);
    EXPECT_EQ(w.max, 123.25);
    EXPECT_EQ(w.samples, 60);
    EXPECT_EQ(w.errors, 0);
    EXPECT_EQ(w.valid, "1");
    const auto none = as<WattsSummary>("Watts,-1.000000,-1.000000,-1.000000,0,0,0");
    EXPECT_FALSE(none.avg);
    const auto u = as<Uncertainty>("Uncertainty,0.0015,0.0012,0.0019,60,1,58,1");
    ASSERT_EQ(u.tuples.size(), 1u);
    EXPECT_EQ(u.tuples[0].avg, 0.0015);
    EXPECT_EQ(u.tuples[0].max, 0.0019);
    EXPECT_EQ(u.tuples[0].total, 60);
    EXPECT_EQ(u.tuples[0].invalid, 1);
    EXPECT_EQ(u.tuples[0].valid, 58);
    EXPECT_EQ(u.tuples[0].unknown, 1);
    const auto m = as<Uncertainty>("Uncertainty,1,1,1,2,0,2,0,2,2,2,2,0,2,0");
    EXPECT_EQ(m.tuples.size(), 2u);
}

TEST(PtdCodec, EveryErrorLine) {
    const std::pair<const char*, ErrorCode> lines[] = {
        {"Invalid number of parameters", ErrorCode::invalid_parameter_count},
        {"Error in parameter", ErrorCode::bad_parameter},
        {"Meter busy", ErrorCode::busy},
        {"Invalid channel", ErrorCode::invalid_channel},
        {"Unknown command", ErrorCode::unknown_command},
        {"Error: no measurement to stop", ErrorCode::nothing_to_stop},
        {"Error: something new", ErrorCode::other},
    };
    for (const auto& [text, code] : lines) {
        const auto e = as<ErrorReply>(std::string(text) + "\r");
        EXPECT_EQ(e.code, code) << text;
        EXPECT_EQ(e.text, text);
    }
}

TEST(PtdCodec, NoiseIsOther) {
    for (const char* s : {"", "\x01\x02garbage", "Watts", "Last x samples", "Ranges"}) {
        const auto r = parse_reply(s);
        EXPECT_TRUE(std::holds_alternative<Other>(r) || std::holds_alternative<Ranges>(r)) << s;
    }
    EXPECT_FALSE(parse_value("1e999"));
    EXPECT_FALSE(parse_value("nan"));
    EXPECT_EQ(parse_value("+5"), 5.0);
}

Sample at(std::int64_t ms, double watts) {
    Sample s;
    s.time_ms = ms;
    s.time_text = std::to_string(ms);
    s.sum.watts = watts;
    return s;
}

TEST(PtdSampleTicks, NewSamplesOnlyAndTheirMean) {
    SampleTicks t(1000);
    // First poll: an old history; only its newest sample counts.
    auto v = t.take({at(1000, 1), at(2000, 2), at(3000, 3)});
    EXPECT_EQ(v.used, 1);
    EXPECT_EQ(v.sum.watts, 3.0);
    // RL repeating a history: only what is newer than the last sample taken.
    v = t.take({at(2000, 2), at(3000, 3), at(4000, 10)});
    EXPECT_EQ(v.used, 1);
    EXPECT_EQ(v.sum.watts, 10.0);
    // Nothing new: no value, not a repeat.
    v = t.take({at(4000, 10)});
    EXPECT_EQ(v.used, 0);
    EXPECT_FALSE(v.sum.watts);
    // Two in one tick (a late poll): their mean, in time order whatever RL's order.
    v = t.take({at(6000, 30), at(5000, 20)});
    EXPECT_EQ(v.used, 2);
    EXPECT_EQ(v.sum.watts, 25.0);
    EXPECT_FALSE(v.gap_s);
}

TEST(PtdSampleTicks, GapAndClockSetBack) {
    SampleTicks t(1000);
    t.take({at(1000, 1)});
    auto v = t.take({at(5000, 5)});
    ASSERT_TRUE(v.gap_s);
    EXPECT_DOUBLE_EQ(*v.gap_s, 4.0);
    EXPECT_EQ(v.gap_from, "1000");
    EXPECT_EQ(v.gap_to, "5000");
    v = t.take({at(-100000, 7)});
    EXPECT_EQ(v.used, 1);
    EXPECT_EQ(v.sum.watts, 7.0);
}

}  // namespace
}  // namespace wattbench::drivers::ptdaemon
