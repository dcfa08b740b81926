#pragma once

#include <cstdint>
#include <string>

#include "drivers/pdu_snmp/oid.hpp"

namespace wattbench::drivers::pdu_snmp {

// What a value's ASN.1 type says about it, as far as the vendor tables care.
enum class VarType {
    integer,    // Integer32: may be negative (-1 = unsupported on APC, Eaton, Sentry4)
    unsigned_,  // Gauge32/Unsigned32, Counter32, TimeTicks, Counter64
    text,       // OCTET STRING
    object_id,
    missing,  // noSuchObject, noSuchInstance, endOfMibView, NULL
    other,
};

struct Varbind {
    Oid oid;
    VarType type = VarType::missing;
    std::int64_t number = 0;  // integer, unsigned_
    std::string text;         // text; object_id as dotted text
};

}  // namespace wattbench::drivers::pdu_snmp
