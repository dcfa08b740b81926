// The generic device's family hooks through an in-memory instrument: answer order learned
// at open, a new-data handshake, `;*OPC?` sync, streaming with a stall, element count from the
// identity, sentinel phase flags, and the `elements` key.
#include <gtest/gtest.h>

#include <cstring>
#include <deque>
#include <functional>

#include "drivers/scpi_analyzer/analyzer_device.hpp"
#include "drivers/scpi_analyzer/settings_parser.hpp"

namespace wattbench::drivers::scpi_analyzer {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Answers each written line through `reply` ("" = no answer); nothing ever blocks.
class ScriptedTransport : public transport::Transport {
public:
    std::function<std::string(const std::string&)> reply;
    std::vector<std::string> written;
    std::string pending;
    bool open_ = false;

    std::optional<api::DeviceError> open() override {
        open_ = true;
        return std::nullopt;
    }
    transport::ReadResult read(std::span<std::uint8_t> buffer, transport::Deadline) override {
        const std::size_t n = std::min(buffer.size(), pending.size());
        std::memcpy(buffer.data(), pending.data(), n);
        pending.erase(0, n);
        return {n, std::nullopt};
    }
    std::optional<api::DeviceError> write(std::span<const std::uint8_t> bytes,
                                          transport::Deadline) override {
        std::string text(bytes.begin(), bytes.end());
        for (auto nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n')) {
            written.push_back(text.substr(0, nl));
            pending += reply(text.substr(0, nl));
            text.erase(0, nl + 1);
        }
        return std::nullopt;
    }
    void discard_input() override {}
    void close() override { open_ = false; }
    bool is_open() const override { return open_; }
    std::string name() const override { return "scripted"; }
};

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

}  // namespace
}  // namespace wattbench::drivers::scpi_analyzer
