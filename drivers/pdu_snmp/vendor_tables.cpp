// The vendor MIB tables as data (sources: ../shared/network-meters.md §1, which names each MIB
// file in librenms/librenms/mibs). One entry per MIB; the scale turns the MIB's unit into the
// channel's: hundredths of kW × 10 = W, tenths of kWh × 100 = Wh.
#include "drivers/pdu_snmp/vendor_table.hpp"

#include <algorithm>

namespace wattbench::drivers::pdu_snmp {

namespace {

using F = Field;
using S = Scope;

std::vector<VendorTable> make_tables() {
    std::vector<VendorTable> t;
    // PowerNet-MIB rPDU2 (.318.1.1.26) with the first-generation rPDU (.318.1.1.12) as fallback.
    t.push_back(
        VendorTable{"apc",
                    "PowerNet-MIB (rPDU2, rPDU)",
                    {"1.3.6.1.4.1.318"},
                    {
                        {"1.3.6.1.4.1.318.1.1.26.4.3.1.5", S::device, F::power, 10.0},
                        {"1.3.6.1.4.1.318.1.1.26.4.3.1.16", S::device, F::apparent_power, 10.0},
                        {"1.3.6.1.4.1.318.1.1.26.4.3.1.17", S::device, F::power_factor, 0.01},
                        {"1.3.6.1.4.1.318.1.1.26.4.3.1.9", S::device, F::energy, 100.0},
                        {"1.3.6.1.4.1.318.1.1.12.1.16", S::device, F::power, 1.0},
                        {"1.3.6.1.4.1.318.1.1.26.6.3.1.5", S::phase, F::current, 0.1, true},
                        {"1.3.6.1.4.1.318.1.1.26.6.3.1.6", S::phase, F::voltage, 1.0, true},
                        {"1.3.6.1.4.1.318.1.1.26.6.3.1.7", S::phase, F::power, 10.0},
                        {"1.3.6.1.4.1.318.1.1.26.6.3.1.8", S::phase, F::apparent_power, 10.0},
                        {"1.3.6.1.4.1.318.1.1.26.6.3.1.9", S::phase, F::power_factor, 0.01},
                        {"1.3.6.1.4.1.318.1.1.12.2.3.1.1.2", S::device, F::current, 0.1},
                        {"1.3.6.1.4.1.318.1.1.26.9.4.3.1.3", S::outlet, F::name},
                        {"1.3.6.1.4.1.318.1.1.26.9.2.3.1.3", S::outlet, F::name},
                        {"1.3.6.1.4.1.318.1.1.12.3.5.1.1.2", S::outlet, F::name},
                        {"1.3.6.1.4.1.318.1.1.26.9.4.3.1.6", S::outlet, F::current, 0.1},
                        // "power draw", unit not stated in the MIB: W (UNCONFIRMED).
                        {"1.3.6.1.4.1.318.1.1.26.9.4.3.1.7", S::outlet, F::power, 1.0},
                        {"1.3.6.1.4.1.318.1.1.26.9.4.3.1.11", S::outlet, F::energy, 100.0},
                    },
                    {},
                    {},
                    nullptr,
                    nullptr,
                    nullptr});
    // PDU2-MIB: sensors by type, each scaled by its decimal digits.
    t.push_back(VendorTable{"raritan",
                            "PDU2-MIB",
                            {"1.3.6.1.4.1.13742"},
                            {
                                {"1.3.6.1.4.1.13742.6.3.5.3.1.3", S::outlet, F::name},
                                {"1.3.6.1.4.1.13742.6.3.5.3.1.2", S::outlet, F::name},
                            },
                            {
                                {"1.3.6.1.4.1.13742.6.5.2.3.1.4", "1.3.6.1.4.1.13742.6.3.3.4.1.7",
                                 "1.3.6.1.4.1.13742.6.5.2.3.1.2", S::device},
                                {"1.3.6.1.4.1.13742.6.5.4.3.1.4", "1.3.6.1.4.1.13742.6.3.5.4.1.7",
                                 "1.3.6.1.4.1.13742.6.5.4.3.1.2", S::outlet},
                            },
                            {{1, F::current},
                             {4, F::voltage},
                             {5, F::power},
                             {6, F::apparent_power},
                             {7, F::power_factor},
                             {8, F::energy},
                             {23, F::frequency}},
                            "1.3.6.1.4.1.13742.6.3.2.1.1.3.1",
                            "1.3.6.1.4.1.13742.6.3.2.1.1.4.1",
                            "1.3.6.1.4.1.13742.6.3.2.3.1.6.1.1.1"});
    // Sentry4-MIB: cords (unit.cord), phases (unit.cord.phase), outlets (unit.cord.outlet).
    t.push_back(VendorTable{"servertech",
                            "Sentry4-MIB",
                            {"1.3.6.1.4.1.1718.4"},
                            {
                                {"1.3.6.1.4.1.1718.4.1.3.3.1.3", S::device, F::power, 1.0},
                                {"1.3.6.1.4.1.1718.4.1.3.3.1.5", S::device, F::apparent_power, 1.0},
                                {"1.3.6.1.4.1.1718.4.1.3.3.1.8", S::device, F::power_factor, 0.01},
                                {"1.3.6.1.4.1.1718.4.1.3.3.1.10", S::device, F::energy, 100.0},
                                {"1.3.6.1.4.1.1718.4.1.3.3.1.11", S::device, F::frequency, 0.1},
                                {"1.3.6.1.4.1.1718.4.1.5.3.1.3", S::phase, F::voltage, 0.1, true},
                                {"1.3.6.1.4.1.1718.4.1.5.3.1.6", S::phase, F::current, 0.01, true},
                                {"1.3.6.1.4.1.1718.4.1.5.3.1.8", S::phase, F::power, 1.0},
                                {"1.3.6.1.4.1.1718.4.1.5.3.1.13", S::phase, F::energy, 100.0},
                                {"1.3.6.1.4.1.1718.4.1.8.2.1.3", S::outlet, F::name},
                                {"1.3.6.1.4.1.1718.4.1.8.3.1.3", S::outlet, F::current, 0.01},
                                {"1.3.6.1.4.1.1718.4.1.8.3.1.6", S::outlet, F::voltage, 0.1},
                                {"1.3.6.1.4.1.1718.4.1.8.3.1.7", S::outlet, F::power, 1.0},
                                {"1.3.6.1.4.1.1718.4.1.8.3.1.10", S::outlet, F::power_factor, 0.01},
                                {"1.3.6.1.4.1.1718.4.1.8.3.1.14", S::outlet, F::energy, 1.0},
                            },
                            {},
                            {},
                            nullptr,
                            nullptr,
                            nullptr});
    // EATON-EPDU-MIB: inputs strapping.input[.sub], outlets strapping.outlet.
    t.push_back(VendorTable{
        "eaton",
        "EATON-EPDU-MIB",
        {"1.3.6.1.4.1.534.6.6.7"},
        {
            {"1.3.6.1.4.1.534.6.6.7.3.5.1.4", S::device, F::power, 1.0},
            {"1.3.6.1.4.1.534.6.6.7.3.5.1.3", S::device, F::apparent_power, 1.0},
            {"1.3.6.1.4.1.534.6.6.7.3.5.1.7", S::device, F::power_factor, 0.001, false, true},
            {"1.3.6.1.4.1.534.6.6.7.3.5.1.5", S::device, F::energy, 1.0},
            {"1.3.6.1.4.1.534.6.6.7.3.1.1.3", S::device, F::frequency, 0.1},
            {"1.3.6.1.4.1.534.6.6.7.3.2.1.3", S::phase, F::voltage, 0.001, true},
            {"1.3.6.1.4.1.534.6.6.7.3.3.1.4", S::phase, F::current, 0.001, true},
            {"1.3.6.1.4.1.534.6.6.7.3.4.1.4", S::phase, F::power, 1.0},
            {"1.3.6.1.4.1.534.6.6.7.3.4.1.3", S::phase, F::apparent_power, 1.0},
            {"1.3.6.1.4.1.534.6.6.7.3.4.1.7", S::phase, F::power_factor, 0.001, true, true},
            {"1.3.6.1.4.1.534.6.6.7.3.4.1.5", S::phase, F::energy, 1.0},
            {"1.3.6.1.4.1.534.6.6.7.6.1.1.3", S::outlet, F::name},
            {"1.3.6.1.4.1.534.6.6.7.6.3.1.2", S::outlet, F::voltage, 0.001},
            {"1.3.6.1.4.1.534.6.6.7.6.4.1.3", S::outlet, F::current, 0.001},
            {"1.3.6.1.4.1.534.6.6.7.6.5.1.3", S::outlet, F::power, 1.0},
            {"1.3.6.1.4.1.534.6.6.7.6.5.1.2", S::outlet, F::apparent_power, 1.0},
            {"1.3.6.1.4.1.534.6.6.7.6.5.1.6", S::outlet, F::power_factor, 0.001, false, true},
            {"1.3.6.1.4.1.534.6.6.7.6.5.1.4", S::outlet, F::energy, 1.0},
        },
        {},
        {},
        "1.3.6.1.4.1.534.6.6.7.1.2.1.3.0",
        "1.3.6.1.4.1.534.6.6.7.1.2.1.4.0",
        "1.3.6.1.4.1.534.6.6.7.1.2.1.5.0"});
    // VERTIV-V5-MIB, then the older GEIST-MIB-V3 (same enterprise): whichever answers.
    t.push_back(
        VendorTable{"vertiv",
                    "VERTIV-V5-MIB, GEIST-MIB-V3",
                    {"1.3.6.1.4.1.21239"},
                    {
                        {"1.3.6.1.4.1.21239.5.2.3.1.1.9", S::device, F::power, 1.0},
                        {"1.3.6.1.4.1.21239.5.2.3.1.1.10", S::device, F::apparent_power, 1.0},
                        {"1.3.6.1.4.1.21239.5.2.3.1.1.11", S::device, F::power_factor, 0.01},
                        {"1.3.6.1.4.1.21239.5.2.3.1.1.12", S::device, F::energy, 1.0},
                        {"1.3.6.1.4.1.21239.5.2.3.2.1.4", S::phase, F::voltage, 0.1, true},
                        {"1.3.6.1.4.1.21239.5.2.3.2.1.8", S::phase, F::current, 0.01, true},
                        {"1.3.6.1.4.1.21239.5.2.3.2.1.12", S::phase, F::power, 1.0},
                        {"1.3.6.1.4.1.21239.5.2.3.2.1.15", S::phase, F::energy, 1.0},
                        {"1.3.6.1.4.1.21239.5.2.3.6.1.2", S::outlet, F::name},
                        {"1.3.6.1.4.1.21239.5.2.3.5.1.2", S::outlet, F::name},
                        {"1.3.6.1.4.1.21239.5.2.3.6.1.4", S::outlet, F::voltage, 0.1},
                        {"1.3.6.1.4.1.21239.5.2.3.6.1.8", S::outlet, F::current, 0.01},
                        {"1.3.6.1.4.1.21239.5.2.3.6.1.12", S::outlet, F::power, 1.0},
                        {"1.3.6.1.4.1.21239.5.2.3.6.1.13", S::outlet, F::apparent_power, 1.0},
                        {"1.3.6.1.4.1.21239.5.2.3.6.1.14", S::outlet, F::power_factor, 0.01},
                        {"1.3.6.1.4.1.21239.5.2.3.6.1.15", S::outlet, F::energy, 1.0},
                        {"1.3.6.1.4.1.21239.2.25.1.10", S::device, F::power, 1.0},
                        {"1.3.6.1.4.1.21239.2.25.1.5", S::device, F::energy, 1000.0},
                        {"1.3.6.1.4.1.21239.2.25.1.6", S::device, F::voltage, 1.0},
                        {"1.3.6.1.4.1.21239.2.25.1.8", S::device, F::current, 0.1},
                    },
                    {},
                    {},
                    "1.3.6.1.4.1.21239.5.2.1.8.0",
                    "1.3.6.1.4.1.21239.5.2.1.10.0",
                    "1.3.6.1.4.1.21239.5.2.1.2.0"});
    return t;
}

}  // namespace

const std::vector<VendorTable>& vendor_tables() {
    static const std::vector<VendorTable> tables = make_tables();
    return tables;
}

const VendorTable* vendor_by_name(std::string_view name) {
    if (name == "geist") {
        name = "vertiv";
    }
    for (const auto& t : vendor_tables()) {
        if (name == t.name) {
            return &t;
        }
    }
    return nullptr;
}

const VendorTable* vendor_for_sys_object_id(const Oid& id) {
    for (const auto& t : vendor_tables()) {
        for (const char* prefix : t.sys_object_ids) {
            if (starts_with(id, *parse_oid(prefix))) {
                return &t;
            }
        }
    }
    return nullptr;
}

std::vector<Oid> walk_roots(const VendorTable& table) {
    std::vector<Oid> roots;
    for (const auto& c : table.columns) {
        roots.push_back(*parse_oid(c.oid));
    }
    for (const auto& s : table.sensor_columns) {
        for (const char* o : {s.available_oid, s.digits_oid, s.value_oid}) {
            roots.push_back(*parse_oid(o));
        }
    }
    std::sort(roots.begin(), roots.end());
    roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
    return roots;
}

}  // namespace wattbench::drivers::pdu_snmp
