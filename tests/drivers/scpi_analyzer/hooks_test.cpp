// The generic device's family hooks through an in-memory instrument: answer order learned
// at open, a new-data handshake, `;*OPC?` sync, streaming with a stall, element count from the
// identity, sentinel phase flags, the `elements` key, per-element ranges, range limits, default
// elements, an endpoint refused by the family, the wrong-model hint, an identity fallback,
// read modes and energy without the run's integration.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <functional>

#include "drivers/scpi_analyzer/analyzer_device.hpp"
#include "drivers/scpi_analyzer/settings_parser.hpp"
#include "tests/drivers/scpi_analyzer/scripted_transport.hpp"

namespace wattbench::drivers::scpi_analyzer {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

Dialect base_dialect() {
    Dialect d;
    d.family = "ACME";
    d.item_spelling = [](Item item, int element, const Model&) -> std::string {
        if (item != Item::power && item != Item::voltage) {
            return "";
        }
        return std::string(item == Item::power ? "W" : "V") + std::to_string(element);
    };
    d.read_query = [](const std::vector<std::string>&) { return std::string("READ?"); };
    return d;
}

Model model_of(const Dialect& d, int elements = 1) {
    Model m;
    m.driver = "acme-pa9";
    m.description = "ACME PA9";
    m.dialect = &d;
    m.identity_models = {"PA9"};
    m.elements = elements;
    return m;
}

struct Rig {
    Model model;
    ScriptedTransport* link = nullptr;
    std::unique_ptr<AnalyzerDevice> device;
    Rig(const Model& m, std::function<std::string(const std::string&)> reply, Settings s = {})
        : model(m) {
        auto t = std::make_unique<ScriptedTransport>();
        link = t.get();
        link->reply = [reply](const std::string& line) {
            return line == "*IDN?" ? std::string("ACME,PA9,1,1.0\n") : reply(line);
        };
        device = std::make_unique<AnalyzerDevice>(model, s, std::move(t));
    }
};

TEST(ScpiAnalyzerHooks, AnswerOrderLearnedAtOpen) {
    Dialect d = base_dialect();
    d.order_query = "ORDER?";
    d.parse_order =
        [](std::string_view line,
           const std::vector<std::string>& spellings) -> std::optional<std::vector<std::size_t>> {
        // "V1,W1": the instrument's order of the spellings.
        std::vector<std::size_t> out;
        for (const auto* name : {"V1", "W1"}) {
            if (line.find(name) == std::string_view::npos) {
                return std::nullopt;
            }
            out.push_back(std::find(spellings.begin(), spellings.end(), name) - spellings.begin());
        }
        return out;
    };
    Rig rig(model_of(d), [](const std::string& c) {
        return c == "ORDER?" ? "V1,W1\n" : c == "READ?" ? "230.0,87.5\n" : "";
    });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.device->poll(Clock::now() + 200ms);
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(rig.device->channels()[0].name, "power");
    EXPECT_DOUBLE_EQ(r.readings[0].value, 87.5);
    EXPECT_DOUBLE_EQ(r.readings[1].value, 230.0);
}

TEST(ScpiAnalyzerHooks, ReadyHandshakeAndSyncSuffix) {
    Dialect d = base_dialect();
    d.ready_query = "DSR?";
    d.ready = [](std::string_view line) { return line == "2"; };
    d.setup = {"MODE X"};
    d.quirks.sync_suffix = ";*OPC?";
    int asked = 0;
    Rig rig(model_of(d), [&](const std::string& c) -> std::string {
        if (c == "DSR?") {
            return ++asked < 3 ? "0\n" : "2\n";
        }
        if (c.ends_with(";*OPC?")) {
            return "1\n";
        }
        return c == "READ?" ? "87.5,230.0\n" : "";
    });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.link->written[1], "MODE X;*OPC?");
    auto r = rig.device->poll(Clock::now() + 500ms);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(asked, 3);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 87.5);
}

TEST(ScpiAnalyzerHooks, StreamingTakesTheNewestAndAStallIsALostLink) {
    Dialect d = base_dialect();
    d.quirks.streaming = true;
    d.quirks.stall_is_link_lost = true;
    d.read_query = [](const std::vector<std::string>&) { return std::string("CONT ON"); };
    Rig rig(model_of(d), [](const std::string&) { return std::string(); });
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.link->written.back(), "CONT ON");
    rig.link->pending = "1.0,2.0\n3.0,4.0\n";
    auto r = rig.device->poll(Clock::now() + 200ms);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(r.readings[0].value, 3.0);
    r = rig.device->poll(Clock::now() + 50ms);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->kind, api::ErrorKind::link_lost);
}

TEST(ScpiAnalyzerHooks, ElementCountFromTheIdentityAndPhaseFlags) {
    Dialect d = base_dialect();
    d.elements_of = [](const api::DeviceIdentity&) { return std::optional<int>(1); };
    d.parse_value = [](std::string_view f) {
        return f == "-2" ? Value{api::Status::unavailable, 0.0, "range_change"}
                         : default_parse_value(f);
    };
    Rig two(model_of(d, 2), [](const std::string&) { return std::string(); });
    auto e = two.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::config);
    Rig one(model_of(d, 1), [](const std::string& c) {
        return c == "READ?" ? std::string("-2,230.0\n") : std::string();
    });
    ASSERT_EQ(one.device->open(), std::nullopt);
    auto r = one.device->poll(Clock::now() + 200ms);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(r.readings[0].status, api::Status::unavailable);
    bool flagged = false;
    for (const auto& n : r.notices) {
        flagged = flagged || n.phase_flag == "range_change";
    }
    EXPECT_TRUE(flagged);
}

TEST(ScpiAnalyzerHooks, ElementsKeyPicksTheElementsRead) {
    const Dialect d = base_dialect();
    Model m = model_of(d, 3);
    m.sigma = true;
    api::DeviceConfig c{"meter", m.driver, "tcp://192.0.2.7:1", {}};
    c.options.set("elements", std::vector<std::string>{"1", "3"});
    auto s = parse_settings(m, c);
    ASSERT_TRUE(std::holds_alternative<Settings>(s)) << std::get<api::DeviceError>(s).message;
    const auto plan = make_plan(m, std::get<Settings>(s));
    ASSERT_EQ(plan.channels.size(), 4u);
    EXPECT_EQ(plan.channels[2].name, "power_3");
    for (const auto* bad : {"4", "sigma2", "1,1", ""}) {
        api::DeviceConfig b{"meter", m.driver, "tcp://192.0.2.7:1", {}};
        b.options.set("elements", std::string(bad));
        EXPECT_TRUE(std::holds_alternative<api::DeviceError>(parse_settings(m, b))) << bad;
    }
}

// A dialect whose ranges are per element: `VOLT<e> <v>` / `VOLT<e> AUTO`, `VR<e>?` / `AR<e>?`.
Dialect element_range_dialect() {
    Dialect d = base_dialect();
    d.element_range_commands = [](const Range& volts, const Range& amps, int element,
                                  const Model&) {
        const std::string e = std::to_string(element);
        auto one = [&](const char* what, const Range& r) {
            return what + e + (r ? " " + format_range(*r, "") : std::string(" AUTO"));
        };
        return std::vector<std::string>{one("VOLT", volts), one("CURR", amps)};
    };
    d.element_range_queries = [](int element) {
        const std::string e = std::to_string(element);
        return std::vector<std::string>{"VR" + e + "?", "AR" + e + "?"};
    };
    return d;
}

TEST(ScpiAnalyzerHooks, RangesPerElementAreSetReadBackAndAnySwitchIsFlagged) {
    const Dialect d = element_range_dialect();
    Model m = model_of(d, 3);
    m.sigma = true;
    m.voltage_limits = RangeLimits{15, 1000};
    m.current_limits = RangeLimits{0.005, 40};
    Settings s;
    s.elements = {1, 3, sigma};
    s.voltage_range = 300.0;
    std::string amps_3 = "1";
    Rig rig(
        m,
        [&](const std::string& c) -> std::string {
            if (c.starts_with("VR")) {
                return "300\n";
            }
            if (c == "AR1?") {
                return "5\n";
            }
            if (c == "AR3?") {
                return amps_3 + "\n";
            }
            return c == "READ?" ? "1,2,3,4,5,6\n" : "";
        },
        s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto& w = rig.link->written;
    auto sent = [&](const std::string& c) { return std::find(w.begin(), w.end(), c) != w.end(); };
    EXPECT_TRUE(sent("VOLT1 300"));
    EXPECT_TRUE(sent("VOLT3 300"));
    EXPECT_TRUE(sent("CURR3 AUTO"));
    EXPECT_FALSE(sent("VOLT2 300"));  // not read: left alone
    EXPECT_FALSE(sent("VOLT0 300"));  // Σ has no range of its own
    auto r = rig.device->poll(Clock::now() + 200ms);
    ASSERT_FALSE(r.error) << r.error->message;
    bool recorded = false;
    for (const auto& n : r.notices) {
        if (n.settings.count("current_range_in_use_3")) {
            recorded = true;
            EXPECT_EQ(std::get<double>(n.settings.at("voltage_range_in_use")), 300.0);
            EXPECT_EQ(std::get<double>(n.settings.at("current_range_in_use")), 5.0);
            EXPECT_EQ(std::get<double>(n.settings.at("voltage_range_in_use_3")), 300.0);
            EXPECT_EQ(std::get<double>(n.settings.at("current_range_in_use_3")), 1.0);
            EXPECT_EQ(std::get<std::string>(n.settings.at("elements")), "1,3,sigma");
        }
        EXPECT_TRUE(n.phase_flag.empty());
    }
    EXPECT_TRUE(recorded);
    amps_3 = "2";
    r = rig.device->poll(Clock::now() + 200ms);
    ASSERT_FALSE(r.error) << r.error->message;
    bool flagged = false;
    for (const auto& n : r.notices) {
        if (n.phase_flag == "range_change") {
            flagged = true;
            EXPECT_EQ(n.message, "auto-ranging changed the element 3 current range 1 A → 2 A");
        }
    }
    EXPECT_TRUE(flagged);
}

TEST(ScpiAnalyzerHooks, RangeLimitsDefaultElementsEndpointsAndTheWrongModelHint) {
    Dialect d = element_range_dialect();
    d.endpoint_error = [](const transport::Endpoint& ep) -> std::optional<std::string> {
        if (std::holds_alternative<transport::TcpEndpoint>(ep)) {
            return std::nullopt;
        }
        return "needs tcp://";
    };
    d.wrong_model_hint = [](const api::DeviceIdentity& id) {
        return " (use driver acme-" + id.model + ")";
    };
    Model m = model_of(d, 3);
    m.voltage_limits = RangeLimits{15, 1000};
    m.current_limits = RangeLimits{0.005, 40};
    m.default_elements = {1};
    auto parse = [&](std::function<void(api::Options&)> f,
                     const std::string& connection = "tcp://192.0.2.7:1") {
        api::DeviceConfig c{"meter", m.driver, connection, {}};
        f(c.options);
        return parse_settings(m, c);
    };
    auto s = parse([](api::Options& o) { o.set("voltage_range", 250.0); });
    ASSERT_TRUE(std::holds_alternative<Settings>(s)) << std::get<api::DeviceError>(s).message;
    EXPECT_EQ(std::get<Settings>(s).voltage_range, 250.0);  // no step table: as given
    EXPECT_EQ(std::get<Settings>(s).elements, std::vector<int>{1});
    auto bad = parse([](api::Options& o) { o.set("current_range", 50.0); });
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(bad));
    EXPECT_NE(std::get<api::DeviceError>(bad).message.find("outside"), std::string::npos);
    bad = parse([](api::Options& o) { o.set("ranging", std::string("calibrate")); });
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(bad));
    EXPECT_NE(std::get<api::DeviceError>(bad).message.find("range steps"), std::string::npos);
    bad = parse([](api::Options&) {}, "serial:///dev/ttyS0");
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(bad));
    EXPECT_EQ(std::get<api::DeviceError>(bad).message, "acme-pa9: needs tcp://");

    m.identity_models = {"PA8"};
    Rig rig(m, [](const std::string&) { return std::string(); });
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::config);
    EXPECT_TRUE(e->message.ends_with("(driver acme-pa9) (use driver acme-PA9)")) << e->message;
}

// An answers-every-message family whose answers may refuse (Quirks::refused): what each
// refusal costs, as dialect.hpp promises.
Dialect refusing_dialect() {
    Dialect d;
    d.family = "ACME";
    d.item_spelling = [](Item item, int element, const Model&) -> std::string {
        if (element != 1) {
            return "";
        }
        return item == Item::power     ? "W"
               : item == Item::voltage ? "V"
               : item == Item::energy  ? "E"
                                       : "";
    };
    d.select_items = [](const std::vector<std::string>&) {
        return std::vector<std::string>{"CLR"};
    };
    d.select_item = [](const std::string& spelling) { return "SEL " + spelling; };
    d.read_query = [](const std::vector<std::string>&) { return std::string("READ?"); };
    d.ready_setup = {"ARM"};
    d.ready_query = "RDY?";
    d.ready = [](std::string_view line) { return line == "1"; };
    d.range_commands = [](const Range& volts, const Range& amps, const Model&) {
        return std::vector<std::string>{volts ? "VR FIX" : "VR AUTO", amps ? "AR FIX" : "AR AUTO"};
    };
    d.integrator_start = {"INT GO"};
    d.quirks.answers_every_message = true;
    d.quirks.refused = [](std::string_view line) { return line.starts_with("ERR"); };
    return d;
}

Model ranged(const Dialect& d) {
    Model m = model_of(d);
    m.voltage_ranges = {150, 300};
    m.current_ranges = {1, 5};
    return m;
}

std::function<std::string(const std::string&)> refusing(std::vector<std::string> refused,
                                                        std::string values) {
    return [refused, values](const std::string& c) -> std::string {
        if (c == "READ?") {
            return values + "\n";
        }
        if (c.find('?') != std::string::npos) {
            return "";
        }
        return std::find(refused.begin(), refused.end(), c) != refused.end() ? "ERR\n" : "\n";
    };
}

bool warned(const api::PollResult& r, const std::string& text) {
    return std::any_of(r.notices.begin(), r.notices.end(), [&](const auto& n) {
        return n.warning && n.message.find(text) != std::string::npos;
    });
}

TEST(ScpiAnalyzerHooks, RefusedSelectionIntegratorAndHandshake) {
    const Dialect d = refusing_dialect();
    Settings s;
    s.integrate = true;
    Rig rig(ranged(d), refusing({"SEL V", "ARM", "INT GO", "AR AUTO"}, "87.5,1.5"), s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.device->poll(Clock::now() + 300ms);
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.readings.size(), 3u);
    EXPECT_EQ(rig.device->channels()[1].name, "voltage");
    EXPECT_DOUBLE_EQ(r.readings[0].value, 87.5);
    EXPECT_EQ(r.readings[0].status, api::Status::ok);
    EXPECT_EQ(r.readings[1].status, api::Status::unavailable);  // refused selection
    EXPECT_EQ(r.readings[1].channel, 1u);
    EXPECT_EQ(r.readings[2].status, api::Status::unavailable);  // refused integrator
    EXPECT_TRUE(warned(r, "SEL V"));
    EXPECT_TRUE(warned(r, "integrator"));
    EXPECT_TRUE(warned(r, "AR AUTO"));  // on auto a refused range command is a warning
    // The refused handshake is skipped, not waited for until the deadline.
    EXPECT_EQ(std::find(rig.link->written.begin(), rig.link->written.end(), "RDY?"),
              rig.link->written.end());
    api::Notice settings;
    for (const auto& n : r.notices) {
        settings = n.settings.empty() ? settings : n;
    }
    EXPECT_EQ(std::get<bool>(settings.settings.at("integrate")), false);
}

TEST(ScpiAnalyzerHooks, RefusedFixedRangeFailsOpenAsConfig) {
    const Dialect d = refusing_dialect();
    Settings s;
    s.voltage_range = 300.0;
    s.current_range = 5.0;
    Rig rig(ranged(d), refusing({"VR FIX"}, "87.5,230.0,1.5"), s);
    auto e = rig.device->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::config);
    EXPECT_NE(e->message.find("VR FIX"), std::string::npos) << e->message;
    // Without a refusal rule every answer is an acknowledgement.
    Dialect lenient = refusing_dialect();
    lenient.quirks.refused = nullptr;
    lenient.ready_setup.clear();
    lenient.ready_query.clear();
    Rig ok(ranged(lenient), refusing({"VR FIX", "SEL V"}, "87.5,230.0,1.5"), s);
    ASSERT_EQ(ok.device->open(), std::nullopt);
    auto r = ok.device->poll(Clock::now() + 300ms);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_DOUBLE_EQ(r.readings[1].value, 230.0);
}

// answers_only_on_tcp: off TCP a missing answer costs the command gap, not answer_wait; the
// `command_gap` key overrides the dialect's gap where it has one.
TEST(ScpiAnalyzerHooks, AnswersOnlyOnTcpAndTheCommandGapKey) {
    Dialect d = refusing_dialect();
    d.ready_setup.clear();
    d.quirks.answers_only_on_tcp = true;
    d.quirks.answer_wait = 2s;
    d.quirks.command_gap = 10ms;
    Settings s;
    s.endpoint = transport::SerialEndpoint{};
    Rig rig(
        ranged(d),
        [](const std::string& c) {
            return c == "READ?" ? std::string("87.5,230.0,1.5\n") : std::string();
        },
        s);
    const auto start = Clock::now();
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_LT(Clock::now() - start, 1s);
    const Model m = ranged(d);
    api::DeviceConfig c{"meter", m.driver, "tcp://192.0.2.7:1", {}};
    c.options.set("command_gap", 0.2);
    auto parsed = parse_settings(m, c);
    ASSERT_TRUE(std::holds_alternative<Settings>(parsed));
    EXPECT_EQ(std::get<Settings>(parsed).command_gap, 0.2);
    api::DeviceConfig bad{"meter", m.driver, "tcp://192.0.2.7:1", {}};
    bad.options.set("command_gap", -1.0);
    auto refused = parse_settings(m, bad);
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(refused));
    EXPECT_NE(std::get<api::DeviceError>(refused).message.find("command_gap"), std::string::npos);
    // A family without a gap leaves the key untaken (an unknown key to the profile loader).
    const Dialect plain = base_dialect();
    const Model pm = model_of(plain);
    api::DeviceConfig other{"meter", pm.driver, "tcp://192.0.2.7:1", {}};
    other.options.set("command_gap", 0.2);
    auto p = parse_settings(pm, other);
    ASSERT_TRUE(std::holds_alternative<Settings>(p));
    EXPECT_FALSE(std::get<Settings>(p).command_gap);
}

// Chroma's needs: a second identity query when the first stays silent, the `read` key picking
// the read query, energy left out without the run's integration, one notice per phase flag.
TEST(ScpiAnalyzerHooks, IdentityFallbackReadModesAndEnergyWithoutIntegrator) {
    Dialect d = base_dialect();
    d.identity_fallback = "ID?";
    d.item_spelling = [](Item item, int, const Model&) -> std::string {
        return item == Item::power     ? "W"
               : item == Item::voltage ? "V"
               : item == Item::energy  ? "E"
                                       : "";
    };
    auto listed = [](const char* verb) {
        return [verb](const std::vector<std::string>& spellings) {
            std::string q = verb;
            for (std::size_t i = 0; i < spellings.size(); ++i) {
                q += (i ? "," : " ") + spellings[i];
            }
            return q;
        };
    };
    d.read_modes = {{"fetch", "the last values", listed("FETCH?")},
                    {"measure", "a new acquisition", listed("MEAS?")}};
    d.integrator_start = {"INT ON"};
    d.quirks.energy_needs_integrator = true;
    d.parse_value = [](std::string_view f) {
        return f == "-2" ? Value{api::Status::unavailable, 0.0, "range_change"}
                         : default_parse_value(f);
    };
    const Model m = model_of(d);
    api::DeviceConfig c{"meter", m.driver, "tcp://192.0.2.7:1", {}};
    c.options.set("read", std::string("measure"));
    c.options.set("integrate", false);
    auto parsed = parse_settings(m, c);
    ASSERT_TRUE(std::holds_alternative<Settings>(parsed))
        << std::get<api::DeviceError>(parsed).message;
    auto t = std::make_unique<ScriptedTransport>();
    auto* link = t.get();
    link->reply = [](const std::string& line) -> std::string {
        if (line == "ID?") {
            return "ACME,PA9,1,1.0\n";
        }
        return line == "MEAS? W,V" ? "-2,-2\n" : "";
    };
    AnalyzerDevice device(m, std::get<Settings>(parsed), std::move(t));
    ASSERT_EQ(device.open(), std::nullopt);
    EXPECT_EQ(device.identity().model, "PA9");
    EXPECT_EQ(link->written.at(0), "*IDN?");
    EXPECT_EQ(link->written.at(1), "ID?");
    EXPECT_EQ(std::count(link->written.begin(), link->written.end(), "INT ON"), 0);
    auto r = device.poll(Clock::now() + 200ms);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(link->written.back(), "MEAS? W,V");
    ASSERT_EQ(r.readings.size(), 3u);
    EXPECT_EQ(device.channels()[2].name, "energy");
    EXPECT_EQ(r.readings[0].status, api::Status::unavailable);
    EXPECT_EQ(r.readings[2].status, api::Status::unavailable);
    int flags = 0;
    const api::Notice* settings = nullptr;
    for (const auto& n : r.notices) {
        flags += n.phase_flag == "range_change" ? 1 : 0;
        settings = n.settings.count("read") ? &n : settings;
    }
    EXPECT_EQ(flags, 1);
    ASSERT_NE(settings, nullptr);
    EXPECT_EQ(std::get<std::string>(settings->settings.at("read")), "measure");
    EXPECT_FALSE(std::get<bool>(settings->settings.at("integrate")));
    api::DeviceConfig bad{"meter", m.driver, "tcp://192.0.2.7:1", {}};
    bad.options.set("read", std::string("poll"));
    auto refused = parse_settings(m, bad);
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(refused));
    EXPECT_NE(std::get<api::DeviceError>(refused).message.find(
                  "\"fetch\" (the last values) or \"measure\" (a new acquisition)"),
              std::string::npos)
        << std::get<api::DeviceError>(refused).message;
}

}  // namespace
}  // namespace wattbench::drivers::scpi_analyzer
