#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "drivers/pdu_snmp/oid.hpp"

namespace wattbench::drivers::pdu_snmp {

// Which row of a table a column's value belongs to: the whole strip (or its first inlet/cord),
// one phase, one outlet.
enum class Scope { device, phase, outlet };

enum class Field { power, apparent_power, power_factor, voltage, current, frequency, energy, name };

// One MIB column: raw × scale is the value in W, VA, 1, V, A, Hz or Wh.
struct Column {
    const char* oid;  // the column: entry OID + column number; rows are below it
    Scope scope;
    Field field;
    double scale = 1.0;
    // A phase column whose only row is the whole strip's value (single-phase strips).
    bool device_if_single_row = false;
    // Eaton's power factor carries lead/lag in its sign (INFERRED): the magnitude is the value,
    // and only -1 means unsupported.
    bool signed_magnitude = false;
};

// Raritan PDU2-MIB: one value column indexed pdu.inlet-or-outlet.sensorType, each sensor scaled
// by its own decimal digits read from the PDU.
struct SensorColumn {
    const char* value_oid;
    const char* digits_oid;
    const char* available_oid;  // TruthValue: 2 = not available
    Scope scope;                // device (inlets) or outlet
};

struct SensorType {
    std::uint32_t type;
    Field field;
};

struct VendorTable {
    const char* name;  // the `vendor` option's value
    const char* mib;
    std::vector<const char*> sys_object_ids;  // sysObjectID prefixes that select this table
    std::vector<Column> columns;              // earlier columns win for the same row and field
    std::vector<SensorColumn> sensor_columns;
    std::vector<SensorType> sensor_types;
    const char* model_oid = nullptr;  // scalars for the identity; sysDescr when absent
    const char* serial_oid = nullptr;
    const char* firmware_oid = nullptr;
};

const std::vector<VendorTable>& vendor_tables();
const VendorTable* vendor_by_name(std::string_view name);
const VendorTable* vendor_for_sys_object_id(const Oid& sys_object_id);
// The subtrees discovery walks for `table`: every column, digits and availability column.
std::vector<Oid> walk_roots(const VendorTable& table);

}  // namespace wattbench::drivers::pdu_snmp
