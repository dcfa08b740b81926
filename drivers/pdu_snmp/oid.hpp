#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wattbench::drivers::pdu_snmp {

using Oid = std::vector<std::uint32_t>;

// "1.3.6.1.2.1.1.2.0" or ".1.3.6…"; nullopt for anything else (empty arcs, non-digits, > 2^32).
std::optional<Oid> parse_oid(std::string_view text);
std::string to_string(const Oid& oid);
bool starts_with(const Oid& oid, const Oid& prefix);
// The arcs after `prefix`; empty when `oid` is not below it.
Oid suffix(const Oid& oid, const Oid& prefix);
Oid join(const Oid& a, const Oid& b);

}  // namespace wattbench::drivers::pdu_snmp
