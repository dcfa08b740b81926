// The vendor tables on LibreNMS's recorded walks (walks/NOTICE.md): the expected values are
// computed by hand from the recorded lines and the MIB scales in network-meters.md §1.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "drivers/pdu_snmp/poll_plan.hpp"
#include "drivers/pdu_snmp/reading_map.hpp"
#include "tests/drivers/pdu_snmp/snmprec.hpp"

namespace wattbench::drivers::pdu_snmp {
namespace {

using testing::parse_snmprec;
using testing::read_snmprec;
using testing::walk_file;

struct Decoded {
    PollPlan plan;
    std::map<std::string, api::Reading> by_name;
    bool has(const std::string& n) const { return by_name.count(n) != 0; }
    double operator[](const std::string& n) const {
        const auto it = by_name.find(n);
        EXPECT_NE(it, by_name.end()) << n;
        if (it == by_name.end()) {
            return -1.0;
        }
        EXPECT_EQ(it->second.status, api::Status::ok) << n;
        return it->second.value;
    }
};

// Plans from `walk` and polls the same walk back: what a PDU holding still would give.
Decoded decode(const std::string& vendor, const std::vector<Varbind>& walk,
               const std::vector<int>& outlets = {}) {
    Decoded d;
    auto plan = build_plan(*vendor_by_name(vendor), walk, outlets);
    if (auto* e = std::get_if<api::DeviceError>(&plan)) {
        ADD_FAILURE() << e->message;
        return d;
    }
    d.plan = std::get<PollPlan>(std::move(plan));
    for (const auto& r : map_readings(d.plan, source_values(d.plan, walk))) {
        d.by_name[d.plan.channels[r.channel].name] = r;
    }
    return d;
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) {
        text.replace(at, from.size(), to);
    }
    return text;
}

std::string walk_text(const std::string& name) {
    std::ifstream in(walk_file(name));
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST(PduWalk, SysObjectIdPicksTheVendorTable) {
    EXPECT_STREQ(vendor_for_sys_object_id(*parse_oid("1.3.6.1.4.1.318.1.3.4.6"))->name, "apc");
    EXPECT_STREQ(vendor_for_sys_object_id(*parse_oid("1.3.6.1.4.1.13742.6"))->name, "raritan");
    EXPECT_STREQ(vendor_for_sys_object_id(*parse_oid("1.3.6.1.4.1.1718.4"))->name, "servertech");
    EXPECT_STREQ(vendor_for_sys_object_id(*parse_oid("1.3.6.1.4.1.534.6.6.7"))->name, "eaton");
    EXPECT_STREQ(vendor_for_sys_object_id(*parse_oid("1.3.6.1.4.1.21239.42.1.52"))->name, "vertiv");
    EXPECT_EQ(vendor_for_sys_object_id(*parse_oid("1.3.6.1.4.1.1718.3")), nullptr);  // Sentry3
    EXPECT_EQ(vendor_for_sys_object_id(*parse_oid("1.3.6.1.4.1.8072.3.2.10")), nullptr);
    EXPECT_EQ(vendor_by_name("geist"), vendor_by_name("vertiv"));
}

// apc_ap8853: DeviceStatusPower 114 → 1140 W, Energy 35128 → 3512.8 kWh, PhaseVoltage 242 V,
// PhaseCurrent 49 → 4.9 A (LibreNMS's tests/data/apc_ap8853.json agrees).
TEST(PduWalk, ApcAp8853) {
    const auto d = decode("apc", read_snmprec(walk_file("apc_ap8853.snmprec")));
    EXPECT_DOUBLE_EQ(d["power"], 1140.0);
    EXPECT_DOUBLE_EQ(d["apparent_power"], 1190.0);
    EXPECT_DOUBLE_EQ(d["power_factor"], 0.96);
    EXPECT_DOUBLE_EQ(d["voltage"], 242.0);
    EXPECT_DOUBLE_EQ(d["current"], 4.9);
    EXPECT_DOUBLE_EQ(d["energy"], 3512800.0);
    EXPECT_DOUBLE_EQ(d["power_l1"], 1140.0);
    EXPECT_DOUBLE_EQ(d["voltage_l1"], 242.0);
    EXPECT_DOUBLE_EQ(d["current_l1"], 4.9);
    EXPECT_FALSE(d.has("frequency"));
    EXPECT_EQ(d.plan.channels.size(), 11u);
    EXPECT_TRUE(d.plan.channels[0].key);
    EXPECT_EQ(d.plan.channels[0].name, "power");
    EXPECT_EQ(d.plan.channels[0].unit, "W");
}

// An unmetered strip (AP7900B-like): DeviceStatusPower -1 leaves rPDU2's power out, and
// rPDUIdentDevicePowerWatts (312 W) is the device's power; -1 voltage leaves voltage out.
TEST(PduWalk, ApcMinusOneIsUnsupportedNotANumber) {
    std::string text = walk_text("apc_ap8853.snmprec");
    text = replace(text, "26.4.3.1.5.1|2|114", "26.4.3.1.5.1|2|-1");
    text = replace(text, "26.6.3.1.6.1|2|242", "26.6.3.1.6.1|2|-1");
    text = replace(text, "26.6.3.1.7.1|2|114", "26.6.3.1.7.1|2|-1");
    text += "1.3.6.1.4.1.318.1.1.12.1.16.0|2|312\n";
    const auto d = decode("apc", parse_snmprec(text));
    EXPECT_DOUBLE_EQ(d["power"], 312.0);
    EXPECT_FALSE(d.has("voltage"));
    EXPECT_FALSE(d.has("voltage_l1"));
    EXPECT_FALSE(d.has("power_l1"));
    EXPECT_DOUBLE_EQ(d["current"], 4.9);
}

// raritan-pdu_px3 inlet I1: digits 3/0/0/0/2/0/1 for current/V/W/VA/PF/Wh/Hz.
TEST(PduWalk, RaritanPx3ScalesByTheDecimalDigitsItReads) {
    const auto d = decode("raritan", read_snmprec(walk_file("raritan-pdu_px3.excerpt.snmprec")));
    EXPECT_DOUBLE_EQ(d["current"], 7.467);
    EXPECT_DOUBLE_EQ(d["voltage"], 229.0);
    EXPECT_DOUBLE_EQ(d["power"], 1665.0);
    EXPECT_DOUBLE_EQ(d["apparent_power"], 1751.0);
    EXPECT_DOUBLE_EQ(d["power_factor"], 0.98);
    EXPECT_DOUBLE_EQ(d["energy"], 74057676.0);
    EXPECT_DOUBLE_EQ(d["frequency"], 50.0);
    EXPECT_DOUBLE_EQ(d["outlet_1_power"], 143.0);
    EXPECT_DOUBLE_EQ(d["outlet_1_energy"], 5812658.0);
    EXPECT_EQ(d.plan.outlet_names.at(2), "DEVICE 8:PS1:Planned");
    EXPECT_EQ(d.plan.outlet_names.at(1), "1");  // empty name: the label
    ASSERT_EQ(d.plan.notes.size(), 1u);         // outlet digits not in the excerpt
    EXPECT_NE(d.plan.notes[0].find("0 digits assumed"), std::string::npos);

    // The same raw 1665 with one decimal digit is 166.5 W: nothing is hard-coded.
    std::string text = walk_text("raritan-pdu_px3.excerpt.snmprec");
    text = replace(text, "6.3.3.4.1.7.1.1.5|66|0", "6.3.3.4.1.7.1.1.5|66|1");
    EXPECT_DOUBLE_EQ(decode("raritan", parse_snmprec(text))["power"], 166.5);
}

TEST(PduWalk, RaritanSensorMarkedUnavailableIsLeftOut) {
    std::string text = walk_text("raritan-pdu_px3.excerpt.snmprec");
    text += "1.3.6.1.4.1.13742.6.5.2.3.1.2.1.1.23|2|2\n";
    const auto d = decode("raritan", parse_snmprec(text));
    EXPECT_FALSE(d.has("frequency"));
    EXPECT_DOUBLE_EQ(d["power"], 1665.0);
}

// sentry4 cord AA: 1701 W, 1790 VA, PF 95 → 0.95, 8937 tenth kWh, 600 → 60.0 Hz; phases
// AA:L1-L2 … tenth V, hundredth A.
TEST(PduWalk, ServertechSentry4) {
    const auto d = decode("servertech", read_snmprec(walk_file("sentry4.snmprec")));
    EXPECT_DOUBLE_EQ(d["power"], 1701.0);
    EXPECT_DOUBLE_EQ(d["apparent_power"], 1790.0);
    EXPECT_DOUBLE_EQ(d["power_factor"], 0.95);
    EXPECT_DOUBLE_EQ(d["energy"], 893700.0);
    EXPECT_DOUBLE_EQ(d["frequency"], 60.0);
    EXPECT_DOUBLE_EQ(d["voltage_l1"], 207.9);
    EXPECT_DOUBLE_EQ(d["voltage_l3"], 209.4);
    EXPECT_DOUBLE_EQ(d["current_l2"], 2.22);
    EXPECT_DOUBLE_EQ(d["power_l3"], 848.0);
    EXPECT_FALSE(d.has("energy_l1"));  // no st4PhaseEnergy rows in this walk
    EXPECT_FALSE(d.has("voltage"));    // three phases: no single strip voltage
}

// eatonpdu_2: inputTotalWatts 1584 W, inputTotalWh 8185493, 118450 mV, 14108 mA, 600 → 60 Hz,
// outlet 2 "DC Converter-1" 142 W / 385352 Wh.
TEST(PduWalk, EatonEpdu) {
    const auto d = decode("eaton", read_snmprec(walk_file("eatonpdu_2.snmprec")));
    EXPECT_DOUBLE_EQ(d["power"], 1584.0);
    EXPECT_DOUBLE_EQ(d["apparent_power"], 1673.0);
    EXPECT_DOUBLE_EQ(d["power_factor"], 0.946);
    EXPECT_DOUBLE_EQ(d["energy"], 8185493.0);
    EXPECT_DOUBLE_EQ(d["frequency"], 60.0);
    EXPECT_DOUBLE_EQ(d["voltage"], 118.45);
    EXPECT_DOUBLE_EQ(d["current"], 14.108);
    EXPECT_DOUBLE_EQ(d["power_l1"], 1589.0);
    EXPECT_DOUBLE_EQ(d["power_factor_l1"], 0.946);  // recorded as -946
    EXPECT_DOUBLE_EQ(d["outlet_2_power"], 142.0);
    EXPECT_DOUBLE_EQ(d["outlet_2_energy"], 385352.0);
    EXPECT_DOUBLE_EQ(d["outlet_2_current"], 2.202);
    EXPECT_DOUBLE_EQ(d["outlet_2_power_factor"], 0.552);
    EXPECT_DOUBLE_EQ(d["outlet_24_power"], 0.0);
    EXPECT_EQ(d.plan.outlet_names.at(2), "DC Converter-1");
    EXPECT_EQ(d.plan.outlet_names.size(), 24u);
}

// The power factor's sign is lead/lag (INFERRED from W/VA): both signs give the magnitude, and
// only -1 is "not available".
TEST(PduWalk, EatonPowerFactorEitherSign) {
    std::string text = walk_text("eatonpdu_2.snmprec");
    text = replace(text, "3.4.1.7.0.1.1|2|-946", "3.4.1.7.0.1.1|2|946");
    text = replace(text, "3.5.1.7.0.1|2|946", "3.5.1.7.0.1|2|-1");
    const auto d = decode("eaton", parse_snmprec(text));
    EXPECT_DOUBLE_EQ(d["power_factor_l1"], 0.946);
    EXPECT_DOUBLE_EQ(d["power_factor"], 0.946);  // the phase's, as the strip has one row
}

// outlets = [2, 4]: power is 142 + 55 W, the strip's own 1584 W is pdu_power.
TEST(PduWalk, SelectedOutletsSumToPower) {
    const auto d = decode("eaton", read_snmprec(walk_file("eatonpdu_2.snmprec")), {2, 4});
    EXPECT_DOUBLE_EQ(d["power"], 197.0);
    EXPECT_DOUBLE_EQ(d["apparent_power"], 389.0);
    EXPECT_NEAR(d["current"], 3.283, 1e-9);
    EXPECT_DOUBLE_EQ(d["energy"], 1637877.0);
    EXPECT_DOUBLE_EQ(d["pdu_power"], 1584.0);
    EXPECT_DOUBLE_EQ(d["pdu_energy"], 8185493.0);
    EXPECT_DOUBLE_EQ(d["voltage"], 118.45);
    EXPECT_EQ(d.plan.channels[0].name, "power");
    EXPECT_TRUE(d.plan.channels[0].key);
}

TEST(PduWalk, AnOutletThePduDoesNotMeterIsAConfigError) {
    auto plan = build_plan(*vendor_by_name("eaton"), read_snmprec(walk_file("eatonpdu_2.snmprec")),
                           {2, 31});
    auto* e = std::get_if<api::DeviceError>(&plan);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->kind, api::ErrorKind::config);
    EXPECT_NE(e->message.find("outlet 31"), std::string::npos) << e->message;
    EXPECT_NE(e->message.find("1, 2, 3"), std::string::npos) << e->message;
    // apc_ap8853 has no metered-outlet rows at all.
    plan = build_plan(*vendor_by_name("apc"), read_snmprec(walk_file("apc_ap8853.snmprec")), {3});
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(plan));
    EXPECT_NE(std::get<api::DeviceError>(plan).message.find("none"), std::string::npos);
}

// vertiv-pdu_mg02e4w1 (Geist Upgradable rPDU): 1017 W, 8483906 Wh; Phase A 2350 → 235.0 V,
// 95 → 0.95 A.
TEST(PduWalk, VertivV5) {
    const auto d = decode("vertiv", read_snmprec(walk_file("vertiv-pdu_mg02e4w1.snmprec")));
    EXPECT_DOUBLE_EQ(d["power"], 1017.0);
    EXPECT_DOUBLE_EQ(d["apparent_power"], 1067.0);
    EXPECT_DOUBLE_EQ(d["power_factor"], 0.95);
    EXPECT_DOUBLE_EQ(d["energy"], 8483906.0);
    EXPECT_DOUBLE_EQ(d["voltage_l1"], 235.0);
    EXPECT_DOUBLE_EQ(d["current_l1"], 0.95);
    EXPECT_DOUBLE_EQ(d["power_l2"], 436.0);
    EXPECT_DOUBLE_EQ(d["energy_l3"], 3868060.0);
}

// GEIST-MIB-V3 strips (same enterprise) answer in ctrl3ChIEC; some firmware sends the numbers
// as strings: both forms read the same.
TEST(PduWalk, OlderGeistEitherNumberForm) {
    for (const char* tag : {"2", "4"}) {
        const std::string t(tag);
        const std::string text =
            "1.3.6.1.2.1.1.2.0|6|1.3.6.1.4.1.21239.2\n"
            "1.3.6.1.4.1.21239.2.25.1.3.1|4|Rack 4\n"
            "1.3.6.1.4.1.21239.2.25.1.5.1|" +
            t +
            "|1234\n"
            "1.3.6.1.4.1.21239.2.25.1.6.1|" +
            t +
            "|230\n"
            "1.3.6.1.4.1.21239.2.25.1.8.1|" +
            t +
            "|17\n"
            "1.3.6.1.4.1.21239.2.25.1.10.1|" +
            t + "|372\n";
        const auto d = decode("vertiv", parse_snmprec(text));
        EXPECT_DOUBLE_EQ(d["power"], 372.0) << tag;
        EXPECT_DOUBLE_EQ(d["energy"], 1234000.0) << tag;
        EXPECT_DOUBLE_EQ(d["voltage"], 230.0) << tag;
        EXPECT_DOUBLE_EQ(d["current"], 1.7) << tag;
    }
}

// A poll whose answer lacks a value, or holds -1 where there was a number, or text: those
// channels are unavailable, the rest read.
TEST(PduWalk, MissingOrUnsupportedAtPollTimeIsUnavailable) {
    const auto walk = read_snmprec(walk_file("apc_ap8853.snmprec"));
    auto plan = std::get<PollPlan>(build_plan(*vendor_by_name("apc"), walk, {}));
    auto answer = walk;
    for (auto& v : answer) {
        if (v.oid == *parse_oid("1.3.6.1.4.1.318.1.1.26.4.3.1.5.1")) {
            v.number = -1;
        }
        if (v.oid == *parse_oid("1.3.6.1.4.1.318.1.1.26.4.3.1.9.1")) {
            v.type = VarType::missing;
        }
        if (v.oid == *parse_oid("1.3.6.1.4.1.318.1.1.26.4.3.1.16.1")) {
            v.type = VarType::text;
            v.text = "garbage";
        }
    }
    std::map<std::string, api::Status> status;
    for (const auto& r : map_readings(plan, source_values(plan, answer))) {
        status[plan.channels[r.channel].name] = r.status;
    }
    EXPECT_EQ(status["power"], api::Status::unavailable);
    EXPECT_EQ(status["energy"], api::Status::unavailable);
    EXPECT_EQ(status["apparent_power"], api::Status::unavailable);
    EXPECT_EQ(status["voltage"], api::Status::ok);
    const auto none = map_readings(plan, source_values(plan, {}));
    for (const auto& r : none) {
        EXPECT_EQ(r.status, api::Status::unavailable);
    }
}

TEST(PduWalk, AnAgentWithoutPowerReadingsIsAnError) {
    auto plan = build_plan(*vendor_by_name("apc"),
                           parse_snmprec("1.3.6.1.2.1.1.2.0|6|1.3.6.1.4.1.318.1.3.4.6\n"), {});
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(plan));
}

}  // namespace
}  // namespace wattbench::drivers::pdu_snmp
