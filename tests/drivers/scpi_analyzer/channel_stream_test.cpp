// The hooks the ZES and Chroma families asked for, through an in-memory instrument: the
// `channel` key and channel_mark, an unsynced greeting, stream_on, the ranges streamed with
// the values (stream_ranges), a stall margin (stall_after), merged separators, an update-interval
// span.
#include <gtest/gtest.h>

#include "drivers/scpi_analyzer/analyzer_device.hpp"
#include "drivers/scpi_analyzer/settings_parser.hpp"
#include "tests/drivers/scpi_analyzer/scripted_transport.hpp"

namespace wattbench::drivers::scpi_analyzer {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

Dialect streaming_dialect() {
    Dialect d;
    d.family = "ACME";
    d.greeting = {"LANG SHORT"};
    d.item_spelling = [](Item item, int, const Model&) -> std::string {
        return item == Item::power ? "p{ch}?" : item == Item::voltage ? "u{ch}?" : "";
    };
    d.read_query = [](const std::vector<std::string>& spellings) {
        std::string q = "LIST";
        for (const auto& s : spellings) {
            q += ";" + s;
        }
        return q;
    };
    d.value_separators = "; ";
    d.merge_separators = true;
    d.range_commands = [](const Range& v, const Range& a, const Model&) {
        return std::vector<std::string>{v ? "URNG{ch} 250" : "UAUTO{ch}",
                                        a ? "IRNG{ch} 5" : "IAUTO{ch}"};
    };
    d.range_queries = {"urng{ch}?", "irng{ch}?"};
    d.update_rate = [](double s) { return "CYCL " + std::to_string(static_cast<int>(s * 1000)); };
    d.channel_mark = "{ch}";
    d.stream_on = {"CONT ON"};
    d.quirks.streaming = true;
    d.quirks.stream_ranges = true;
    d.quirks.stall_is_link_lost = true;
    d.quirks.sync_suffix = ";*OPC?";
    return d;
}

Model model_of(const Dialect& d) {
    Model m;
    m.driver = "acme-pa9";
    m.description = "ACME PA9";
    m.dialect = &d;
    m.identity_models = {"PA9"};
    m.channels = 4;
    m.voltage_limits = RangeLimits{0.0, 600.0};
    m.current_limits = RangeLimits{0.0, 20.0};
    m.min_update_interval = 0.05;
    m.max_update_interval = 60.0;
    return m;
}

std::variant<Settings, api::DeviceError> settings_of(
    const Model& m, std::map<std::string, api::OptionValue> options) {
    api::DeviceConfig c{"meter", m.driver, "tcp://192.0.2.7:1", {}};
    for (auto& [k, v] : options) {
        c.options.set(k, v);
    }
    auto s = parse_settings(m, c);
    if (std::holds_alternative<Settings>(s)) {
        EXPECT_TRUE(c.options.unused().empty());
    }
    return s;
}

std::string why(const std::variant<Settings, api::DeviceError>& s) {
    auto* e = std::get_if<api::DeviceError>(&s);
    return e ? e->message : std::string();
}

struct Rig {
    Model model;
    ScriptedTransport* link = nullptr;
    std::unique_ptr<AnalyzerDevice> device;
    Rig(const Model& m, Settings s) : model(m) {
        auto t = std::make_unique<ScriptedTransport>();
        link = t.get();
        link->reply = [](const std::string& line) -> std::string {
            if (line == "*IDN?") {
                return "ACME,PA9,1,1.0\n";
            }
            if (line.ends_with(";*OPC?")) {
                return "1\n";
            }
            return line == "urng3?" ? "250\n" : line == "irng3?" ? "5\n" : "";
        };
        device = std::make_unique<AnalyzerDevice>(model, std::move(s), std::move(t));
    }
    bool wrote(const std::string& line) const {
        return std::find(link->written.begin(), link->written.end(), line) != link->written.end();
    }
};

TEST(ScpiAnalyzerChannelAndStream, ChannelKeyIsSpelledInEveryCommand) {
    const Dialect d = streaming_dialect();
    const Model m = model_of(d);
    auto s = settings_of(m, {{"channel", std::int64_t{3}},
                             {"voltage_range", 250.0},
                             {"current_range", std::string("auto")},
                             {"update_interval", 0.2}});
    ASSERT_TRUE(std::holds_alternative<Settings>(s)) << why(s);
    EXPECT_EQ(std::get<Settings>(s).channel, 3);
    Rig rig(m, std::get<Settings>(s));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    // The greeting runs before the meter is known to speak the language: never synced.
    EXPECT_EQ(rig.link->written[0], "LANG SHORT");
    EXPECT_TRUE(rig.wrote("CYCL 200;*OPC?"));
    EXPECT_TRUE(rig.wrote("URNG3 250;*OPC?"));
    EXPECT_TRUE(rig.wrote("IAUTO3;*OPC?"));
    EXPECT_TRUE(rig.wrote("urng3?"));
    // A range on auto rides along with the values; the stream is started after the list.
    EXPECT_EQ(rig.link->written[rig.link->written.size() - 2], "LIST;p3?;u3?;urng3?;irng3?");
    EXPECT_EQ(rig.link->written.back(), "CONT ON");

    rig.link->pending = "87.5;230.0;250;5\n";
    auto r = rig.device->poll(Clock::now() + 200ms);
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.readings.size(), 2u);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 87.5);
    bool channel_noted = false;
    for (const auto& n : r.notices) {
        EXPECT_TRUE(n.phase_flag.empty()) << n.message;
        if (auto it = n.settings.find("channel"); it != n.settings.end()) {
            channel_noted = std::get<std::int64_t>(it->second) == 3;
        }
    }
    EXPECT_TRUE(channel_noted);
    // Runs of separators are one (a logged line's spaces); a streamed range switch is flagged.
    rig.link->pending = "88.0  231.0;250; 10\n";
    r = rig.device->poll(Clock::now() + 200ms);
    ASSERT_FALSE(r.error) << r.error->message;
    bool flagged = false;
    for (const auto& n : r.notices) {
        if (n.phase_flag == "range_change") {
            flagged = true;
            EXPECT_EQ(std::get<double>(n.settings.at("current_range_in_use")), 10.0);
        }
    }
    EXPECT_TRUE(flagged);
}

TEST(ScpiAnalyzerChannelAndStream, StallAfterWaitsBeforeTheLinkIsLost) {
    Dialect d = streaming_dialect();
    d.quirks.stall_after = 300ms;
    const Model m = model_of(d);
    auto s = settings_of(m, {{"voltage_range", 250.0}, {"current_range", 5.0}});
    ASSERT_TRUE(std::holds_alternative<Settings>(s)) << why(s);
    Rig rig(m, std::get<Settings>(s));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.link->written[rig.link->written.size() - 2], "LIST;p1?;u1?");
    rig.link->pending = "87.5;230.0\n";
    ASSERT_FALSE(rig.device->poll(Clock::now() + 100ms).error);
    // Within 300 ms + 4 × 0.5 s nothing is only a late cycle: a timeout, the link kept.
    auto r = rig.device->poll(Clock::now() + 50ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::timeout);
    EXPECT_TRUE(rig.link->is_open());
}

TEST(ScpiAnalyzerChannelAndStream, ChannelRangeAndIntervalSpansAreChecked) {
    const Dialect d = streaming_dialect();
    const Model m = model_of(d);
    EXPECT_NE(why(settings_of(m, {{"channel", std::int64_t{5}}})).find("channel"),
              std::string::npos);
    EXPECT_NE(why(settings_of(m, {{"channel", std::int64_t{0}}})).find("channel"),
              std::string::npos);
    EXPECT_NE(why(settings_of(m, {{"voltage_range", 601.0}})).find("voltage_range"),
              std::string::npos);
    EXPECT_EQ(
        why(settings_of(m, {{"voltage_range", 123.0}, {"current_range", std::string("500mA")}})),
        "");
    EXPECT_NE(why(settings_of(m, {{"update_interval", 0.01}})).find("update_interval"),
              std::string::npos);
    EXPECT_EQ(why(settings_of(m, {{"update_interval", 7.5}})), "");
    // No range table: nothing to calibrate from.
    EXPECT_NE(why(settings_of(m, {{"ranging", std::string("calibrate")}})).find("ranging"),
              std::string::npos);
    // A model without channels takes no `channel` key (it stays unused for the loader).
    Model plain = m;
    plain.channels = 0;
    api::DeviceConfig c{"meter", plain.driver, "tcp://192.0.2.7:1", {}};
    c.options.set("channel", std::int64_t{1});
    ASSERT_TRUE(std::holds_alternative<Settings>(parse_settings(plain, c)));
    EXPECT_FALSE(c.options.unused().empty());
}

}  // namespace
}  // namespace wattbench::drivers::scpi_analyzer
