// The vendor-table mapping on arbitrary varbinds: the first byte picks the vendor table and
// the outlet selection, the rest is a list of (column, index, type, value) records turned into
// OIDs under that table's columns, so the planner and the reading map see plausible walks.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "drivers/pdu_snmp/poll_plan.hpp"
#include "drivers/pdu_snmp/reading_map.hpp"

using namespace wattbench::drivers::pdu_snmp;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) {
        return 0;
    }
    const auto& tables = vendor_tables();
    const VendorTable& table = tables[data[0] % tables.size()];
    const auto roots = walk_roots(table);
    std::vector<int> outlets;
    if (data[0] & 0x80) {
        outlets = {1 + (data[0] & 0x3), 2 + ((data[0] >> 2) & 0x3)};
    }
    std::vector<Varbind> walk;
    for (std::size_t i = 1; i + 6 <= size; i += 6) {
        const std::uint8_t* r = data + i;
        Varbind v;
        v.oid = roots[r[0] % roots.size()];
        const int arcs = 1 + r[1] % 3;
        for (int a = 0; a < arcs; ++a) {
            v.oid.push_back((r[2] >> (a * 2)) % 25);
        }
        v.type = static_cast<VarType>(r[3] % 6);
        v.number = static_cast<std::int16_t>(r[4] | (r[5] << 8));
        if (v.type == VarType::text) {
            v.text = std::string(reinterpret_cast<const char*>(r + 4), 2);
        }
        walk.push_back(std::move(v));
    }
    auto plan = build_plan(table, walk, outlets);
    if (auto* p = std::get_if<PollPlan>(&plan)) {
        const auto readings = map_readings(*p, source_values(*p, walk));
        if (readings.size() != p->channels.size()) {
            __builtin_trap();
        }
        std::vector<Varbind> reversed(walk.rbegin(), walk.rend());
        map_readings(*p, source_values(*p, reversed));
    }
    return 0;
}
