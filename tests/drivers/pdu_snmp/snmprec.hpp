#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "drivers/pdu_snmp/varbind.hpp"

namespace wattbench::drivers::pdu_snmp::testing {

// The varbinds of an snmprec file (OID|TAG|VALUE), as an agent would answer them: the walk
// tests feed them to the planner without a network.
std::vector<Varbind> read_snmprec(const std::filesystem::path& file);
std::vector<Varbind> parse_snmprec(const std::string& text);

std::filesystem::path walk_file(const std::string& name);

}  // namespace wattbench::drivers::pdu_snmp::testing
